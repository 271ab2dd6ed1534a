"""Pure rules of a sparring (docs/product/competition.md): the points, the totals, who wins (the judges' totals,
then the audience, else a tie breaker), the statuses, what the viewer may do, and the places the decided bracket
gives. A judge's round as the battle's judging mode takes it: judging.rules."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from decimal import Decimal, InvalidOperation
from typing import Literal

WAITING = "waiting"  # a side is empty
READY = "ready"  # both sides, no score yet
JUDGING = "judging"  # scores are coming in
NEED_TIE_BREAKER = "need-tie-breaker"  # finish found a tie
FINISHED = "finished"  # the winner is set (a bye: finished with one side)
Status = Literal["waiting", "ready", "judging", "need-tie-breaker", "finished"]  # the answers' type of the above

RED, BLUE = "red", "blue"
COLORS = (RED, BLUE)

POINTS_MIN, POINTS_MAX = Decimal(6), Decimal(10)

POINTS_INVALID = "Points are 6 to 10, with an optional half point"
BOTH_SIDES = "Both sides need points in every round"
ROUND_INVALID = "A round is 1 to {count}"
ROUND_TWICE = "A round is given once"
COLOR_INVALID = "Choose red or blue"
ALREADY_VOTED = "You have already voted"
EVERY_JUDGE = "Every judge needs to score every round"
WINNER_NOT_A_SIDE = "The winner is one of the two sides"
NOT_A_JUDGE = "Only the battle's judges score"
JUDGES_DO_NOT_VOTE = "Judges do not vote"
DANCERS_DO_NOT_VOTE = "The dancers of this sparring do not vote"
CHECKED_IN_VOTE = "Only the people checked in at the event vote"
IS_FINISHED = "The sparring is finished"
NEEDS_BOTH_SIDES = "The sparring needs both sides first"
NO_TIE = "A tie breaker round follows a tie only"
NEXT_DECIDED = "The next sparring is decided: reset it first"
A_BYE = "A bye is not reset: undo the bracket instead"


def points(value: float | Decimal | None) -> Decimal:
    """6 to 10 in half steps (6, 6.5 ... 10)."""
    if value is None:
        raise ValueError(BOTH_SIDES)
    try:
        exact = Decimal(str(value))
    except InvalidOperation as exc:
        raise ValueError(POINTS_INVALID) from exc
    if not exact.is_finite() or not POINTS_MIN <= exact <= POINTS_MAX or (exact * 2) % 1 != 0:
        raise ValueError(POINTS_INVALID)
    return exact.quantize(Decimal("0.1"))


def totals(scores: Iterable[tuple[Decimal, Decimal]]) -> tuple[Decimal, Decimal]:
    """Every judge's points for each side over all rounds."""
    red = blue = Decimal(0)
    for red_points, blue_points in scores:
        red += red_points
        blue += blue_points
    return red, blue


def winner(red_total: Decimal, blue_total: Decimal, red_votes: int, blue_votes: int) -> str | None:
    """The side with the higher total; equal totals: the side with more audience votes; still equal (nobody
    scored and nobody voted included): None, a tie breaker is needed."""
    if red_total != blue_total:
        return RED if red_total > blue_total else BLUE
    if red_votes != blue_votes:
        return RED if red_votes > blue_votes else BLUE
    return None


def complete(judges: Iterable[int], count: int, scored: Iterable[tuple[int, int]]) -> bool:
    """Every judge scored every round (`scored`: the (judge, round) pairs stored)."""
    done = set(scored)
    return all((judge, number) in done for judge in judges for number in range(1, count + 1))


def undecided_status(has_red: bool, has_blue: bool, scored: bool) -> str:
    """The status of a sparring without a winner and without a pending tie."""
    if not (has_red and has_blue):
        return WAITING
    return JUDGING if scored else READY


@dataclass(frozen=True, slots=True)
class State:
    """A sparring as the flags see it."""

    status: str
    has_red: bool
    has_blue: bool
    active: bool  # it has scores, votes or a winner
    bye: bool  # decided with one side only (the bracket gave it)
    next_decided: bool  # the sparring its winner moves to is decided


@dataclass(frozen=True, slots=True)
class Viewer:
    """The caller as the flags see them."""

    signed_in: bool
    judge: bool
    can_edit: bool  # the event's editors (platform admins included)
    is_admin: bool  # editors and hosts
    dancer: bool  # one of the two sides (a crew's confirmed members)
    voted: bool
    outside: bool = False  # the battle lets only the people checked in at its event vote, and they are not


@dataclass(frozen=True, slots=True)
class Flags:
    can_set_score: bool
    can_set_audience_score: bool
    can_add_extra: bool
    can_finish: bool
    can_set_winner: bool
    can_reset: bool


def open_refusal(state: State) -> str | None:
    """Why scores, votes and a winner are refused now (a conflict), or None: both sides set and not finished."""
    if state.status == FINISHED:
        return IS_FINISHED
    if not (state.has_red and state.has_blue):
        return NEEDS_BOTH_SIDES
    return None


def vote_refusal(viewer: Viewer) -> str | None:
    """Why this signed-in viewer may not vote (forbidden), or None."""
    if viewer.judge:
        return JUDGES_DO_NOT_VOTE
    if viewer.dancer:
        return DANCERS_DO_NOT_VOTE
    if viewer.outside:
        return CHECKED_IN_VOTE
    return None


def reset_refusal(state: State) -> str | None:
    """Why an editor's reset is refused (a conflict), or None. Nothing to reset is not refused (a replay)."""
    if state.bye:
        return A_BYE
    if state.status == FINISHED and state.next_decided:
        return NEXT_DECIDED
    return None


def flags(viewer: Viewer, state: State) -> Flags:
    is_open = open_refusal(state) is None
    return Flags(
        can_set_score=viewer.judge and is_open,
        can_set_audience_score=(viewer.signed_in and vote_refusal(viewer) is None and not viewer.voted and is_open),
        can_add_extra=viewer.is_admin and state.status == NEED_TIE_BREAKER,
        can_finish=viewer.is_admin and is_open,
        can_set_winner=viewer.is_admin and is_open,
        can_reset=viewer.can_edit and state.active and reset_refusal(state) is None,
    )


@dataclass(frozen=True, slots=True)
class Decided:
    """A sparring of the bracket as the places see it (entry ids)."""

    winner: int | None
    red: int | None
    blue: int | None
    loser_place: int | None
    final: bool
    third: bool = False  # the battle for third place


def places(sparrings: Iterable[Decided]) -> dict[int, int]:
    """{entry id: place}: the final's winner 1, the battle for third place's winner 3, each decided sparring's
    loser its `loser_place` (the final's 2, the semi-finals' 4 ..., none for the semi-finals when their losers
    battle for third place, whose loser is fourth); a bye (one side only) gives no place."""
    found: dict[int, int] = {}
    for sparring in sparrings:
        if sparring.winner is None or sparring.red is None or sparring.blue is None:
            continue
        loser = sparring.blue if sparring.winner == sparring.red else sparring.red
        if sparring.loser_place:
            found[loser] = sparring.loser_place
        if sparring.final:
            found[sparring.winner] = 1
        elif sparring.third:
            found[sparring.winner] = 3
    return found
