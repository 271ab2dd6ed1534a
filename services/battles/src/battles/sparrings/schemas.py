"""A sparring as its screen shows it (docs/product/competition.md), and the judges' scores."""

from __future__ import annotations

from typing import Literal

from pydantic import Field

from battles.judging.rules import Decision, Mode
from battles.sparrings.rules import Status
from kit.profiles import User
from kit.schemas import Schema

MAX_ROUNDS = 500  # a level's 101 rounds and its tie breakers, with room


class SparringSide(Schema):
    id: int  # the competitor id: the dancer's user id, or the crew id
    name: str | None = None
    avatar: str | None = None
    total_points: float  # the judges' points; in a deciding mode their votes over all rounds
    audience_points: int
    rounds_won: int = 0  # a deciding mode's rounds this side took


class JudgeRoundScore(Schema):
    id: int  # the judge
    dancer_name: str | None = None
    avatar: str | None = None
    red_points: float  # a deciding mode: the judge's vote, 1 for the side chosen (both 0: a tie)
    blue_points: float
    pick: Decision | None = None  # a deciding mode's vote as a side
    faders: list[int] | None = None  # the fader modes': one per criterion, red -10 to blue 10


class SparringRound(Schema):
    round: int
    scores: list[JudgeRoundScore]
    sum_red_points: float
    sum_blue_points: float
    decision: Decision | None = None  # a deciding mode's round once every judge gave it


class SparringPermissions(Schema):
    can_set_score: bool
    can_set_audience_score: bool
    can_add_extra: bool
    can_finish: bool
    can_set_winner: bool
    can_reset: bool


class Sparring(Schema):
    sparring_id: int
    version: int  # one more at each change (the messages carry it): keep the copy with the highest
    battle_id: int
    event_id: int
    battle_title: str
    crew_size: int
    level: str
    status: Status
    winner_id: int  # 0 while undecided
    red: SparringSide | None
    blue: SparringSide | None
    rounds: list[SparringRound]
    rounds_count: int
    extra_rounds: int
    judges: list[User]
    carpet_id: int | None
    my_vote: Literal["red", "blue"] | None
    voters_checked_in: bool = False  # only the people checked in at the event vote (the battle's choice)
    judging_mode: Mode = "points"  # the battle's (docs/product/judging.md)
    criteria: list[str] = []  # the fader modes' criteria, in the faders' order
    permissions: SparringPermissions


class RoundScoreIn(Schema):
    """A judge's round: the points (points mode), the pick (point at the winner) or the faders (the fader
    modes), checked for the battle's mode (judging.rules.judgment), with the spec's words."""

    round: int
    red_points: float | None = None
    blue_points: float | None = None
    pick: str | None = Field(default=None, max_length=8)
    faders: list[int] | None = Field(default=None, max_length=10)


class JudgmentIn(Schema):
    rounds: list[RoundScoreIn] = Field(min_length=1, max_length=MAX_ROUNDS)
