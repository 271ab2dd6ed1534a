"""A carpet's scoreboard: the sparring it shows now, as the sparring's screen shows it."""

from __future__ import annotations

from battles.sparrings.schemas import Sparring
from kit.schemas import Schema
from kit.types import Id


class Board(Schema):
    carpet_id: int
    carpet_name: str
    event_id: int
    sparring: Sparring | None


class BoardAssign(Schema):
    sparring_id: Id | None = None  # None: the board shows nothing
