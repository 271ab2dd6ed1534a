"""The prelims' pure rules: points, rounds, averages, places, who passes, dealing groups."""

from __future__ import annotations

from decimal import Decimal

import pytest

from battles.prelims import rules
from battles.prelims.rules import Standing


@pytest.mark.parametrize(
    ("given", "stored"), [(1, Decimal(1)), (1.5, Decimal("1.5")), (10, Decimal(10)), (7.5, Decimal("7.5"))]
)
def test_points_in_half_steps(given: float, stored: Decimal) -> None:
    assert rules.points(given) == stored


@pytest.mark.parametrize("given", [0.5, 0.3, 10.5, 11, 2.25, -1])
def test_other_points_are_refused(given: float) -> None:
    with pytest.raises(ValueError, match="Points are 1 to 10 in half steps"):
        rules.points(given)


def test_zero_or_none_clears() -> None:
    assert rules.points(0) is None
    assert rules.points(None) is None


def test_rounds() -> None:
    assert rules.rounds(1) == 1
    assert rules.rounds(2) == 2
    assert rules.rounds(10) == 10
    assert rules.rounds(10000) == 1  # unlimited crews: one round


def test_average() -> None:
    assert rules.average([]) == 0
    assert rules.average([Decimal(7), Decimal("8.5"), Decimal(8)]) == 7.83


def test_places_share_equal_averages_until_lots_are_drawn() -> None:
    rows = [Standing(1, 8), Standing(2, 9), Standing(3, 8), Standing(4, 10, gone=True)]
    assert rules.places(rows) == {2: 1, 1: 2, 3: 2}
    drawn = [Standing(1, 8, draw=2), Standing(2, 9, draw=3), Standing(3, 8, draw=1)]
    assert rules.places(drawn) == {2: 1, 3: 2, 1: 3}
    assert [s.id for s in rules.ranked(drawn)] == [2, 3, 1]
    # a competitor without a lot (registered after Randomize) among equals: they share the place again
    mixed = [Standing(1, 8, draw=2), Standing(2, 8), Standing(3, 7, draw=1)]
    assert rules.places(mixed) == {1: 1, 2: 1, 3: 3}


def test_the_top_pass() -> None:
    rows = [Standing(i, float(i)) for i in range(1, 6)]
    assert rules.passing(rows, 4) == ({5: "passed", 4: "passed", 3: "passed", 2: "passed"}, None)


def test_fewer_than_the_size_all_pass_but_gone() -> None:
    rows = [Standing(1, 0), Standing(2, 5), Standing(3, 9, gone=True)]
    assert rules.passing(rows, 4) == ({1: "passed", 2: "passed"}, None)


def test_equal_averages_straddling_the_cut_are_same_score() -> None:
    rows = [Standing(1, 9), Standing(2, 8), Standing(3, 8), Standing(4, 8), Standing(5, 7)]
    statuses, error = rules.passing(rows, 2)
    assert statuses == {1: "passed", 2: "sameScore", 3: "sameScore", 4: "sameScore"}
    assert error == (
        "Too many competitors with the same points for the final bracket spot(s). "
        "Update the points on the competitors to proceed."
    )
    # equal averages wholly inside the cut are no problem
    inside = [Standing(1, 9), Standing(2, 9), Standing(3, 7)]
    assert rules.passing(inside, 2) == ({1: "passed", 2: "passed"}, None)


def test_at_least_two() -> None:
    assert rules.passing([Standing(1, 5)], 4) == ({1: "passed"}, "At least 2 competitors are needed for a bracket.")
    assert rules.passing([Standing(1, 5), Standing(2, 5, gone=True)], 4)[1] == rules.TOO_FEW


def test_deal_round_robin() -> None:
    assert rules.deal([1, 2, 3, 4, 5], 2) == [[1, 3, 5], [2, 4]]
    assert rules.deal([1, 2], 5) == [[1], [2]]
    assert rules.deal([], 3) == []
