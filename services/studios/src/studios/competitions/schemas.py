from __future__ import annotations

from kit.profiles import User
from kit.schemas import Schema


class StudioBattle(Schema):
    """Shown as 'title crewSize vs crewSize' with the rank's text and icon; crewSize None is unlimited."""

    id: int
    title: str
    crew_size: int | None = None
    rank: int | None = None


class StudioEvent(Schema):
    id: int
    title: str
    image: str | None = None
    city: str | None = None
    state: str | None = None
    date_start: str | None = None  # ISO instant (UTC)
    battles: list[StudioBattle] = []


class StudioMember(User):
    events: list[StudioEvent] = []
