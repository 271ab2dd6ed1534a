"""The prelims as the list, the groups and the judges read them, and what they send."""

from __future__ import annotations

from typing import Any, Literal

from pydantic import Field

from kit.schemas import Schema
from kit.types import Id


def omitted_when_null() -> Any:
    """A field left out of the answer when null (one of participants or crews, as the battle is); a model
    serializer doing this would hide the model's fields from the OpenAPI document."""
    return Field(default=None, exclude_if=lambda value: value is None)


class PrelimsDancer(Schema):
    id: int
    dancer_name: str | None = None
    avatar: str | None = None


class PrelimsJudgeScore(Schema):
    id: int  # the judge's user id
    dancer_name: str | None = None
    avatar: str | None = None
    points: float


class PrelimsScores(Schema):
    rounds: dict[str, list[PrelimsJudgeScore]] = {}


class PrelimsRow(Schema):
    id: int  # the competitor id: the dancer's user id, or the crew's id
    dancer_name: str | None = None  # single battles
    name: str | None = None  # crew battles
    avatar: str | None = None
    rand_id: int | None = None
    group: int | None = None
    is_gone: bool = False
    is_promoted: bool = False
    pass_status: Literal["passed", "sameScore"] | None = None
    points_average: float = 0
    place: int | None = None
    checked_in: bool = False
    participants: list[PrelimsDancer] | None = omitted_when_null()  # crews: their confirmed members
    prelims: PrelimsScores = PrelimsScores()


class PrelimsGroupMember(Schema):
    id: int
    name: str | None = None
    rand_id: int | None = None
    avatar: str | None = None


class PrelimsGroup(Schema):
    id: int
    name: str
    amount_members: int
    participants: list[PrelimsGroupMember] | None = omitted_when_null()
    crews: list[PrelimsGroupMember] | None = omitted_when_null()


class PrelimsPermissions(Schema):
    can_judge: bool = False
    can_set_gone: bool = False
    can_finish_prelims: bool = False
    can_shuffle: bool = False
    can_undo_brackets: bool = False
    error: str | None = None


class Prelims(Schema):
    participants: list[PrelimsRow] | None = omitted_when_null()
    crews: list[PrelimsRow] | None = omitted_when_null()
    groups: list[PrelimsGroup] = []
    rounds: int
    status: str
    permissions: PrelimsPermissions
    # the battle's prelims version this read shows (the live messages' `version`): a screen keeps the newer copy
    version: int = 0


class PrelimsGroups(Schema):
    groups: list[PrelimsGroup] = []


class PrelimScoreIn(Schema):
    """One judge's points for one competitor (`userId` in single battles, `crewId` in crew battles) in a round;
    0 or null clears them."""

    user_id: Id | None = None
    crew_id: Id | None = None
    points: float | None = None  # checked by the rules (400 with the rule's text)
    mode: Literal["new", "edit"] = "new"  # either way an upsert (one score per competitor, judge and round)
    round: int = Field(default=1, ge=1, le=1000)


class CreateGroups(Schema):
    amount: int = Field(ge=0, le=1000)
    type: Literal["random", "number"] = "random"
