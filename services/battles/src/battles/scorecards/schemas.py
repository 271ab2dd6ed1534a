"""A competitor's scorecard: each sparring of theirs, per round and per judge, from their side."""

from __future__ import annotations

from typing import Literal

from battles.judging.rules import Mode
from kit.profiles import User
from kit.schemas import Schema


class Competitor(Schema):
    id: int  # the dancer's user id, or the crew's id
    name: str | None = None
    avatar: str | None = None


class JudgeCard(Schema):
    judge: User
    mine: float  # the competitor's points in this round from this judge (a deciding mode: 1 the judge's vote)
    theirs: float  # the opponent's
    faders: list[int] | None = None  # the fader modes', per criterion: toward the competitor +, the opponent -


class RoundCard(Schema):
    round: int
    scores: list[JudgeCard]
    mine: float
    theirs: float
    decision: Literal["won", "lost", "tie"] | None = None  # a deciding mode's round once every judge gave it


class SparringCard(Schema):
    sparring_id: int
    level: str
    color: Literal["red", "blue"]
    status: str
    result: Literal["won", "lost", "bye"] | None  # None while undecided
    opponent: Competitor | None
    judging_mode: Mode = "points"
    criteria: list[str] = []  # the fader modes' criteria, in the faders' order
    rounds: list[RoundCard]
    mine: float
    theirs: float
    votes_mine: int
    votes_theirs: int


class Scorecard(Schema):
    battle_id: int
    battle_title: str
    competitor: Competitor
    decided: bool  # the battle's final is decided: the card is public
    sparrings: list[SparringCard]
