"""The bracket as its page reads it (issue 16's contract) and the editors' seeding."""

from __future__ import annotations

from pydantic import Field

from kit.schemas import Schema
from kit.types import Id


class Side(Schema):
    id: int  # the competitor id
    name: str | None = None
    avatar: str | None = None


class Sparring(Schema):
    sparring_id: int
    round: int
    position: int
    level: str
    status: str
    red: Side | None = None
    blue: Side | None = None
    winner: int = 0  # the competitor id, 0 while undecided


class Level(Schema):
    name: str
    rounds: int


class Bracket(Schema):
    left: list[list[Sparring]] = []
    right: list[list[Sparring]] = []
    final: Sparring | None = None
    levels: list[Level] = []
    bracket_size: int
    can_edit: bool = False


class SeedIn(Schema):
    """The sides of one sparring: competitor ids, 0 or null for an empty side."""

    sparring_id: Id
    red: int | None = Field(default=None, ge=0, le=2**31 - 1)
    blue: int | None = Field(default=None, ge=0, le=2**31 - 1)
