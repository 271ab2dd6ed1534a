"""The bracket as its page reads it and the editors' seeding."""

from __future__ import annotations

from pydantic import Field

from battles.battles.schemas import BracketLevel
from battles.sparrings.rules import Status
from kit.schemas import Schema
from kit.types import Id


class BracketSide(Schema):
    id: int  # the competitor id
    name: str | None = None
    avatar: str | None = None


class BracketSparring(Schema):
    sparring_id: int
    round: int
    position: int
    level: str
    status: Status
    red: BracketSide | None = None
    blue: BracketSide | None = None
    winner: int = 0  # the competitor id, 0 while undecided


class Bracket(Schema):
    left: list[list[BracketSparring]] = []
    right: list[list[BracketSparring]] = []
    final: BracketSparring | None = None
    third: BracketSparring | None = None  # the battle for third place, when the battle has one
    groups: list[BracketSparring] = []  # round-robin groups' battles (`round` the group's number): boards show them
    levels: list[BracketLevel] = []
    bracket_size: int
    can_edit: bool = False


class BracketSeedIn(Schema):
    """The sides of one sparring: competitor ids, 0 or null for an empty side."""

    sparring_id: Id
    red: int | None = Field(default=None, ge=0, le=2**31 - 1)
    blue: int | None = Field(default=None, ge=0, le=2**31 - 1)
