from __future__ import annotations

from datetime import date, datetime
from typing import Any

from pydantic import Field, field_validator

from kit.schemas import Schema

# A member without points in the year has no rank and no points: both keys are absent.
Absent: Any = Field(default=None, exclude_if=lambda value: value is None)


class LeaderboardMember(Schema):
    id: int
    dancer_name: str | None = None
    avatar: str | None = None
    rank: int | None = Absent
    points: int | None = Absent


class Winners(Schema):
    place: str
    user_ids: list[int] = []


class WinnersSet(Schema):
    """The payload of battles.winners.set (docs/events.md)."""

    battle_id: int
    event_id: int | None = None
    org_id: int | None = None
    start_date: date
    winners: list[Winners] = []

    @field_validator("start_date", mode="before")
    @classmethod
    def _day(cls, value: Any) -> Any:
        """An ISO date; an ISO instant is read as its day."""
        if isinstance(value, str) and len(value) > 10:
            return datetime.fromisoformat(value.replace("Z", "+00:00")).date()
        return value
