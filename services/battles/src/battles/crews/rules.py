"""Pure rules of crews: the name, the size and who may join."""

from __future__ import annotations

from battles.battles.rules import UNLIMITED

NAME_REQUIRED = "Crew name is required"
TOO_MANY = "A crew of this battle has at most {n} members."
CANNOT_JOIN = "{name} cannot join this crew."
NOT_A_CREW_BATTLE = "This battle is for single dancers: register alone."
WRONG_EVENT = "This battle is not part of that event"
CREW_NOT_FOUND = "Crew not found"
NOT_A_MEMBER = "You are not in this crew."
NO_INVITATION = "You have no invitation to this crew."
ALREADY_MEMBER = "You are already in this crew."
CAPTAIN_OR_ADMIN = "Only the crew's captain or the battle's admins can do this."
MEMBER_NOT_FOUND = "This dancer is not in this crew."


def crew_name(value: str | None) -> str:
    name = " ".join((value or "").split())
    if not name:
        raise ValueError(NAME_REQUIRED)
    return name


def within_size(members: int, crew_size: int) -> bool:
    """10000 is no limit."""
    return crew_size == UNLIMITED or members <= crew_size


def too_many(crew_size: int) -> str:
    return TOO_MANY.format(n=crew_size)
