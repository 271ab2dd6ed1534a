"""Seven to smoke as its screen reads it (docs/decisions.md, "Seven to smoke")."""

from __future__ import annotations

from kit.schemas import Schema


class SmokeSide(Schema):
    id: int  # the competitor id (hidden ids in a battle that hides its participants)
    name: str | None = None
    avatar: str | None = None


class SmokeStanding(SmokeSide):
    points: int


class SmokeMeetingView(Schema):
    number: int
    holder: SmokeSide
    challenger: SmokeSide
    winner: int  # the competitor id


class Smoke(Schema):
    started: bool
    target: int
    number: int  # the battle on the floor (the next to decide)
    holder: SmokeSide | None = None  # on the floor, holding it
    challenger: SmokeSide | None = None
    queue: list[SmokeSide] = []  # waiting, the next challenger first
    standings: list[SmokeStanding] = []  # most points first
    champion: SmokeSide | None = None
    meetings: list[SmokeMeetingView] = []  # decided, the latest first
    can_edit: bool = False
