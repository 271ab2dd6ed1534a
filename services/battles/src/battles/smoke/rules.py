"""Pure rules of seven to smoke (issue 29; the screens and the API are still to come, docs/decisions.md, "Seven to
smoke"): the dancers wait in a queue; the first two meet on the floor; each battle's winner scores a point and
stays on the floor, its loser goes to the back of the queue and the next in the queue challenges; the first to
`target` points (seven) wins the battle.

A battle is decided by its number (from 1), so a decision sent twice (a judge's tablet retrying, two organizers'
taps) counts once: the same winner again changes nothing, another winner for a decided battle is refused."""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence
from dataclasses import dataclass

TARGET = 7
TOO_FEW = "Seven to smoke needs at least two dancers"
TWICE = "A dancer is in the queue once"
OVER = "The battle is over"
NOT_ON_THE_FLOOR = "The winner is not on the floor"
DECIDED = "Battle {number} is decided already"
NOT_YET = "Battle {number} is not on the floor yet"


@dataclass(frozen=True, slots=True)
class Meeting:
    """One battle on the floor: the dancer holding it, the challenger, and the winner once decided."""

    number: int
    holder: int
    challenger: int
    winner: int


@dataclass(frozen=True, slots=True)
class Smoke:
    """Where the battle stands: who is on the floor (holder, challenger), the queue (its front first), each
    dancer's points, the battles decided, and the champion once someone reaches `target`."""

    floor: tuple[int, int] | None
    queue: tuple[int, ...]
    points: tuple[tuple[int, int], ...]  # (dancer, points) in the starting order
    meetings: tuple[Meeting, ...]
    target: int
    champion: int | None = None

    def points_of(self, dancer: int) -> int:
        return dict(self.points)[dancer]

    @property
    def number(self) -> int:
        """The number of the battle on the floor (the next to decide)."""
        return len(self.meetings) + 1


def start(order: Sequence[int], target: int = TARGET) -> Smoke:
    """The dancers in `order` (the first two on the floor, the first holding it), none with a point."""
    if len(order) < 2:
        raise ValueError(TOO_FEW)
    if len(set(order)) != len(order):
        raise ValueError(TWICE)
    return Smoke(
        floor=(order[0], order[1]),
        queue=tuple(order[2:]),
        points=tuple((dancer, 0) for dancer in order),
        meetings=(),
        target=target,
    )


def decide(smoke: Smoke, number: int, winner: int) -> Smoke:
    """Battle `number` won by `winner`: a point for them; they hold the floor, the loser goes to the back of the
    queue and its front challenges; or, at `target` points, they are the champion and the battle is over."""
    if number <= len(smoke.meetings) and number >= 1:
        if smoke.meetings[number - 1].winner == winner:
            return smoke  # the same decision again
        raise ValueError(DECIDED.format(number=number))
    if smoke.champion is not None or smoke.floor is None:
        raise ValueError(OVER)
    if number != smoke.number:
        raise ValueError(NOT_YET.format(number=number))
    holder, challenger = smoke.floor
    if winner not in (holder, challenger):
        raise ValueError(NOT_ON_THE_FLOOR)
    loser = challenger if winner == holder else holder
    points = tuple((dancer, got + (1 if dancer == winner else 0)) for dancer, got in smoke.points)
    meetings = (*smoke.meetings, Meeting(number, holder, challenger, winner))
    queue = (*smoke.queue, loser)
    if dict(points)[winner] >= smoke.target:
        return dataclasses.replace(smoke, floor=None, queue=queue, points=points, meetings=meetings, champion=winner)
    return dataclasses.replace(smoke, floor=(winner, queue[0]), queue=queue[1:], points=points, meetings=meetings)


def standings(smoke: Smoke) -> list[tuple[int, int]]:
    """(dancer, points), most points first; equal points: the one who reached them first, then the queue's
    starting order (the champion first, when there is one)."""
    reached: dict[int, int] = {}
    for meeting in smoke.meetings:
        reached[meeting.winner] = meeting.number
    order = {dancer: at for at, (dancer, _) in enumerate(smoke.points)}
    return sorted(
        smoke.points,
        key=lambda row: (row[0] != smoke.champion, -row[1], reached.get(row[0], 0), order[row[0]]),
    )
