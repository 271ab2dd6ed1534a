from __future__ import annotations

from identity.profiles.schemas import Hidden, Socials
from kit.schemas import Schema


class Instructor(Schema):
    """A workshop instructor's card on Home: what the flip card shows, by the public profile's rules (stats the
    dancer keeps private are left out; socials, their email among them, are public on the profile too)."""

    id: int
    dancer_name: str
    avatar: str | None = None
    city: str | None = None
    state: str | None = None
    country: str | None = None
    is_patron: bool = False
    events_attended: int | None = Hidden
    battles_entered: int | None = Hidden
    battles_won: int | None = Hidden
    socials: Socials = Socials()


class InstructorUpdate(Schema):
    is_instructor: bool


class InstructorMark(Schema):
    id: int
    is_instructor: bool
