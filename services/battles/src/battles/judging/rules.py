"""Pure rules of a battle's judging mode (docs/product/judging.md): the spec's points, point at the winner, and the
WDSF's comparative faders (Threefold, five criteria). Every mode stores a judge's round as two numbers, red and
blue: the points in the points mode; the judge's vote in the others (1 for the side chosen, 0 for the other; both
0 for a tie), beside the faders where the mode has them. So a round's sums are the points or the judges' votes.

Points: the side with the higher total over every judge and round wins. The other modes: most judges take a
round, most rounds take the sparring. In every mode equal results go to the side with more audience votes; still
equal, a tie breaker round (docs/decisions.md, "Judging modes")."""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from decimal import Decimal
from typing import Literal

from battles.sparrings import rules as sparring_rules
from battles.sparrings.rules import BLUE, RED

POINTS = "points"  # the spec's: 6 to 10 per side and round
PICK = "pick"  # point at the winner, round by round (a tie allowed)
THREEFOLD = "threefold"  # WDSF: three criteria
FIVE = "five"  # WDSF, as at the Paris 2024 Olympics: five criteria
MODES = (POINTS, PICK, THREEFOLD, FIVE)
Mode = Literal["points", "pick", "threefold", "five"]

TIE = "tie"
Decision = Literal["red", "blue", "tie"]
PICKS = (RED, BLUE, TIE)

# The criteria of the fader modes, in the order the judge's screen shows them; each weighs the same.
CRITERIA: dict[str, tuple[str, ...]] = {
    THREEFOLD: ("Physical", "Artistic", "Interpretative"),
    FIVE: ("Technique", "Vocabulary", "Execution", "Musicality", "Originality"),
}
# A fader runs from red's end to blue's: -10 all the way to red, 0 even, 10 all the way to blue.
FADER_MIN, FADER_MAX = -10, 10

MODE_FIXED = "The judging mode is fixed once a judge has scored"
PICK_INVALID = "Choose red, blue or a tie for every round"
FADERS_INVALID = "Every criterion needs its fader, from -10 (red) to 10 (blue)"
ROUND_GAP = "Give the rounds in order: a round follows the one before it"


@dataclass(frozen=True, slots=True)
class Mark:
    """A judge's round as stored: the points (or the vote) of each side, and the faders where the mode has them."""

    red: Decimal
    blue: Decimal
    faders: tuple[int, ...] | None = None


@dataclass(frozen=True, slots=True)
class Given:
    """A judge's round as sent: the points (points mode), the pick (pick mode) or the faders (fader modes)."""

    round: int
    red_points: float | Decimal | None = None
    blue_points: float | Decimal | None = None
    pick: str | None = None
    faders: Sequence[int] | None = None


ONE, ZERO = Decimal(1), Decimal(0)


def vote_of(side: str) -> tuple[Decimal, Decimal]:
    """The stored numbers of a judge's vote: (1, 0) red, (0, 1) blue, (0, 0) a tie."""
    return (ONE, ZERO) if side == RED else (ZERO, ONE) if side == BLUE else (ZERO, ZERO)


def pick_of(red: Decimal, blue: Decimal) -> Decision:
    """A stored vote as a side."""
    return "red" if red > blue else "blue" if blue > red else "tie"


def fader_side(faders: Sequence[int]) -> str:
    """The judge's vote from the faders: the side the criteria lean to, every criterion weighing the same; even
    margins are a tie."""
    margin = sum(faders)
    return TIE if margin == 0 else RED if margin < 0 else BLUE


def mark(mode: str, given: Given) -> Mark:
    """One round of one judge, checked for the battle's mode."""
    if mode == POINTS:
        if given.red_points is None or given.blue_points is None:
            raise ValueError(sparring_rules.BOTH_SIDES)
        return Mark(sparring_rules.points(given.red_points), sparring_rules.points(given.blue_points))
    if mode == PICK:
        if given.pick is None or given.pick not in PICKS:
            raise ValueError(PICK_INVALID)
        return Mark(*vote_of(given.pick))
    criteria = CRITERIA[mode]
    faders = given.faders
    if (
        faders is None
        or len(faders) != len(criteria)
        or any(isinstance(f, bool) or not isinstance(f, int) or not FADER_MIN <= f <= FADER_MAX for f in faders)
    ):
        raise ValueError(FADERS_INVALID)
    return Mark(*vote_of(fader_side(faders)), faders=tuple(faders))


def judgment(mode: str, given: Sequence[Given], count: int, stored: Iterable[int] = ()) -> dict[int, Mark]:
    """A judge's submitted rounds → {round: mark}: each round within 1..count and given once. Points: every round
    at once (the spec's). The other modes decide round by round: a judge sends the rounds danced so far, in order
    (a round follows one given now or stored before, `stored`)."""
    found: dict[int, Mark] = {}
    for one in given:
        if not 1 <= one.round <= count:
            raise ValueError(sparring_rules.ROUND_INVALID.format(count=count))
        if one.round in found:
            raise ValueError(sparring_rules.ROUND_TWICE)
        found[one.round] = mark(mode, one)
    if mode == POINTS:
        if len(found) != count:
            raise ValueError(sparring_rules.BOTH_SIDES)
        return found
    known = set(stored) | set(found)
    if any(number > 1 and number - 1 not in known for number in found):
        raise ValueError(ROUND_GAP)
    return found


def round_decision(marks: Iterable[tuple[Decimal, Decimal]], judges: int) -> Decision | None:
    """A round of a deciding mode once every judge gave it: the side with more judges' votes, else a tie."""
    given = list(marks)
    if judges == 0 or len(given) < judges:
        return None
    picks = [pick_of(r, b) for r, b in given]
    return pick_of(Decimal(picks.count(RED)), Decimal(picks.count(BLUE)))


@dataclass(frozen=True, slots=True)
class Score:
    """A stored judge's round."""

    judge: int
    round: int
    red: Decimal
    blue: Decimal


def decisions(scores: Iterable[Score], judges: Sequence[int], count: int) -> dict[int, Decision | None]:
    """{round: decision} for rounds 1..count; a round some judge has not given yet: None."""
    by_round: dict[int, list[tuple[Decimal, Decimal]]] = {}
    for score in scores:
        if score.judge in judges:
            by_round.setdefault(score.round, []).append((score.red, score.blue))
    return {n: round_decision(by_round.get(n, []), len(judges)) for n in range(1, count + 1)}


def rounds_won(found: Mapping[int, Decision | None]) -> tuple[int, int]:
    """(red, blue): the rounds each side took."""
    values = list(found.values())
    return values.count(RED), values.count(BLUE)


def result(mode: str, scores: Iterable[Score], judges: Sequence[int], count: int) -> tuple[Decimal, Decimal]:
    """What decides the sparring, red's and blue's: the points' totals, or the rounds won."""
    given = list(scores)
    if mode == POINTS:
        return sparring_rules.totals((x.red, x.blue) for x in given)
    red, blue = rounds_won(decisions(given, judges, count))
    return Decimal(red), Decimal(blue)


def winner(
    mode: str, scores: Iterable[Score], judges: Sequence[int], count: int, red_votes: int, blue_votes: int
) -> str | None:
    """The winning side: the better result (totals or rounds), then the audience; None: a tie breaker round."""
    red, blue = result(mode, scores, judges, count)
    return sparring_rules.winner(red, blue, red_votes, blue_votes)
