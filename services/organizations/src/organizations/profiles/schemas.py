from __future__ import annotations

from kit.schemas import Schema


class User(Schema):
    """A user as lists show one: the spec's {id, dancerName, avatar}. Unknown names are null."""

    id: int
    dancer_name: str | None = None
    avatar: str | None = None


class ProfileData(Schema):
    """What identity says about a profile, in its events and its internal batch read (extra keys ignored)."""

    id: int
    dancer_name: str | None = None
    avatar: str | None = None
