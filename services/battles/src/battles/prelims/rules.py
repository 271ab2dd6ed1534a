"""Pure rules of the prelims (docs/product/competition.md): points, rounds, averages, places, who passes to the
bracket, and dealing competitors into groups."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from decimal import Decimal

from battles.battles.rules import UNLIMITED

POINTS_INVALID = "Points are 1 to 10 in half steps"
ROUND_INVALID = "Round is 1 to {rounds}"
SAME_SCORE = (
    "Too many competitors with the same points for the final bracket spot(s). "
    "Update the points on the competitors to proceed."
)
TOO_FEW = "At least 2 competitors are needed for a bracket."
NOT_SHUFFLED = "Randomize the competitors before adding them to the bracket."
ALREADY_SHUFFLED = "The competitors are already randomized."
NOT_REGISTRATION = "The prelims are finished."
NOT_FINISHED = "The prelims are not finished."
COMPETITOR_REQUIRED = "{field} is required"
BRACKET_DECIDED = "A sparring of the bracket is decided: the bracket cannot be undone."

PASSED = "passed"
SAME = "sameScore"


def points(value: float | None) -> Decimal | None:
    """A judge's prelim points: 1 to 10 in half steps; 0 or None clears the score (None returned)."""
    if value is None or value == 0:
        return None
    doubled = value * 2
    if not 1 <= value <= 10 or doubled != int(doubled):
        raise ValueError(POINTS_INVALID)
    return Decimal(int(doubled)) / 2


def rounds(crew_size: int) -> int:
    """A crew scores one round per member of its size; single dancers and unlimited crews one."""
    return 1 if crew_size in (1, UNLIMITED) else crew_size


def average(scores: Sequence[Decimal | float]) -> float:
    """The mean of every score, to 2 decimals; 0 when none."""
    if not scores:
        return 0
    return round(float(sum(Decimal(str(s)) for s in scores) / len(scores)), 2)


@dataclass(frozen=True, slots=True)
class Standing:
    id: int  # the competitor id
    average: float
    gone: bool = False
    draw: int | None = None  # the lot Randomize drew
    seq: int = 0  # arrival order, the last tie breaker of the seeding


def ranked(standings: Sequence[Standing]) -> list[Standing]:
    """The non-gone, best first: average, then the lot drawn (undrawn last), then arrival."""
    present = [s for s in standings if not s.gone]
    return sorted(present, key=lambda s: (-s.average, s.draw is None, s.draw or 0, s.seq))


def places(standings: Sequence[Standing]) -> dict[int, int]:
    """Each non-gone competitor's place, 1-based by average: equal averages share a place unless every one of
    them has a lot drawn (then the lots order them)."""
    found: dict[int, int] = {}
    order = ranked(standings)
    start = 0
    while start < len(order):
        end = start
        while end < len(order) and order[end].average == order[start].average:
            end += 1
        tied = order[start:end]
        drawn = all(s.draw is not None for s in tied)
        for offset, s in enumerate(tied):
            found[s.id] = start + 1 + (offset if drawn else 0)
        start = end
    return found


def passing(standings: Sequence[Standing], size: int) -> tuple[dict[int, str], str | None]:
    """Who passes to a bracket of `size` ('passed'), and the error that blocks the bracket. The top `size` by
    average pass; when the average at the cut is shared by competitors inside and outside it, they all get
    'sameScore' and the error says so. Fewer than `size`: every non-gone competitor passes."""
    order = ranked(standings)
    error = TOO_FEW if len(order) < 2 else None
    if len(order) <= size:
        return {s.id: PASSED for s in order}, error
    cut = order[size - 1].average
    if order[size].average != cut:
        return {s.id: PASSED for s in order[:size]}, error
    statuses = {s.id: PASSED for s in order if s.average > cut}
    statuses |= {s.id: SAME for s in order if s.average == cut}
    return statuses, SAME_SCORE


def deal(members: Sequence[int], amount: int) -> list[list[int]]:
    """Members dealt round-robin, in their order, into `amount` groups (no more groups than members): sizes differ
    by at most one."""
    count = min(amount, len(members))
    groups: list[list[int]] = [[] for _ in range(count)]
    for index, member in enumerate(members):
        groups[index % count].append(member)
    return groups
