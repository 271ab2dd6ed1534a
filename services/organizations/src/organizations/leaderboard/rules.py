"""Pure rules of the leaderboard (no I/O): points per place, and how one battle's winners become awards."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from datetime import date
from enum import StrEnum

# The one table of points per place (also in docs/decisions.md). A dancer placed twice in one battle keeps
# the better place.
PLACE_POINTS: dict[str, int] = {
    "1st Place": 100,
    "2nd Place": 75,
    "3rd Place": 60,  # the winner of a battle for third place (docs/decisions.md, "A battle for third place")
    "Top 4": 50,
    "Top 8": 25,
    "Top 16": 10,
    "Top 32": 5,
}

ALL_YEARS = 0


class LeaderboardSort(StrEnum):
    RANK_ASC = "rank-asc"
    RANK_DESC = "rank-desc"
    NAME_ASC = "name-asc"
    NAME_DESC = "name-desc"


@dataclass(frozen=True, slots=True)
class Award:
    user_id: int
    place: str
    points: int


def points_for(place: str) -> int | None:
    return PLACE_POINTS.get(place)


def unknown_places(winners: Iterable[tuple[str, Iterable[int]]]) -> list[str]:
    return [place for place, _ in winners if place not in PLACE_POINTS]


def awards(winners: Iterable[tuple[str, Iterable[int]]]) -> list[Award]:
    """One award per dancer, for the best place they reached; places outside the table earn nothing."""
    best: dict[int, Award] = {}
    for place, user_ids in winners:
        points = points_for(place)
        if points is None:
            continue
        for user_id in user_ids:
            held = best.get(user_id)
            if held is None or points > held.points:
                best[user_id] = Award(user_id, place, points)
    return sorted(best.values(), key=lambda a: (-a.points, a.user_id))


def year_of(start_date: date) -> int:
    """Points count in the year the battle's event starts."""
    return start_date.year


def competition_ranks(points: list[int]) -> list[int]:
    """Standard competition ranking ("1224") of scores sorted best first: equal points share a rank and the
    next rank skips the shared places. The SQL window function RANK() computes the same; this is the
    reference the tests read."""
    ranks: list[int] = []
    for index, value in enumerate(points):
        ranks.append(ranks[-1] if index and value == points[index - 1] else index + 1)
    return ranks
