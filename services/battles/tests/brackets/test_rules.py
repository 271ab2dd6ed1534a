from collections import Counter

import pytest

from battles.brackets import rules
from battles.brackets.rules import Spot, first_round, seed_order, structure, twice


@pytest.mark.parametrize("size", [2, 4, 8, 16, 32])
def test_a_bracket_has_size_minus_one_sparrings_that_all_lead_to_the_final(size: int) -> None:
    specs = structure(size)
    assert len(specs) == size - 1
    spots = {spec.spot for spec in specs}
    assert all(spec.next in spots for spec in specs if spec.next is not None)
    # Each sparring but the first round's is fed by exactly two winners, one red and one blue.
    fed = Counter((spec.next, spec.next_side) for spec in specs if spec.next is not None)
    assert set(fed.values()) == ({1} if size > 2 else set())
    assert [spec.spot for spec in specs if spec.next is None] == [Spot("final", 1, 0)]


def test_levels_rounds_and_loser_places_of_16() -> None:
    specs = structure(
        16,
        [
            {"name": "Top 16", "rounds": 2},
            {"name": "Top 8", "rounds": 1},
            {"name": "Semi-final", "rounds": 3},
            {"name": "Final", "rounds": 4},
        ],
    )
    by_spot = {spec.spot: spec for spec in specs}
    assert by_spot[Spot("left", 1, 3)].level == "Top 16" and by_spot[Spot("left", 1, 3)].rounds == 2
    assert by_spot[Spot("left", 1, 3)].loser_place == 16
    assert by_spot[Spot("left", 1, 3)].next == Spot("left", 2, 1) and by_spot[Spot("left", 1, 3)].next_side == "blue"
    assert by_spot[Spot("right", 2, 0)].loser_place == 8
    assert by_spot[Spot("right", 3, 0)].level == "Semi-final" and by_spot[Spot("right", 3, 0)].loser_place == 4
    assert by_spot[Spot("right", 3, 0)].next == Spot("final", 1, 0) and by_spot[Spot("right", 3, 0)].next_side == "blue"
    assert by_spot[Spot("left", 3, 0)].next_side == "red"
    assert by_spot[Spot("final", 1, 0)].rounds == 4 and by_spot[Spot("final", 1, 0)].loser_place == 2


def test_a_battle_for_third_place_takes_the_semi_finals_losers_in_the_finals_rounds() -> None:
    levels = [{"name": "Top 8", "rounds": 1}, {"name": "Semi-final", "rounds": 2}, {"name": "Final", "rounds": 3}]
    specs = structure(8, levels, third_place=True)
    by_spot = {spec.spot: spec for spec in specs}
    third = by_spot[rules.THIRD]
    assert (third.level, third.rounds, third.next, third.loser_place) == ("Third place", 3, None, 4)
    assert [spec.spot for spec in specs if spec.next is None] == [rules.THIRD, Spot("final", 1, 0)]
    for side, color in (("left", "red"), ("right", "blue")):
        semi = by_spot[Spot(side, 2, 0)]
        assert (semi.loser_next, semi.loser_next_side, semi.loser_place) == (rules.THIRD, color, None)
    assert all(spec.loser_next is None for spec in specs if spec.level != "Semi-final")
    assert by_spot[Spot("left", 1, 0)].loser_place == 8
    # a bracket of 2 has no semi-finals, so no battle for third place
    assert [spec.spot for spec in structure(2, third_place=True)] == [Spot("final", 1, 0)]


def test_without_two_semi_final_losers_there_is_no_battle_for_third_place_and_the_one_loser_is_third() -> None:
    specs = structure(4, third_place=True)
    four = rules.settled(specs, rules.opening(specs, rules.seeded(4, [1, 2, 3, 4])))
    assert rules.THIRD in {spec.spot for spec in four}
    three = rules.settled(specs, rules.opening(specs, rules.seeded(4, [1, 2, 3])))
    assert rules.THIRD not in {spec.spot for spec in three}
    semis = {spec.spot: spec for spec in three if spec.level == "Semi-final"}
    assert {(spot.side, spec.loser_place, spec.loser_next) for spot, spec in semis.items()} == {
        ("left", 3, None),  # 1 v nobody: a bye, no loser
        ("right", 3, None),  # 2 v 3: its loser is third
    }


def test_size_two_is_only_the_final() -> None:
    assert [(s.spot, s.level) for s in structure(2)] == [(Spot("final", 1, 0), "Final")]
    assert first_round(2) == {Spot("final", 1, 0): (1, 2)}


def test_standard_seeding_order() -> None:
    assert seed_order(4) == [1, 4, 2, 3]
    assert seed_order(8) == [1, 8, 4, 5, 2, 7, 3, 6]
    for size in (4, 8, 16, 32):
        order = seed_order(size)
        assert sorted(order) == list(range(1, size + 1))
        # 1 meets the last; 1 and 2 are on opposite halves; every pair sums to size + 1.
        assert order[:2] == [1, size] and 2 in order[size // 2 :]
        assert {order[i] + order[i + 1] for i in range(0, size, 2)} == {size + 1}


def test_first_round_spots_of_8() -> None:
    assert first_round(8) == {
        Spot("left", 1, 0): (1, 8),
        Spot("left", 1, 1): (4, 5),
        Spot("right", 1, 0): (2, 7),
        Spot("right", 1, 1): (3, 6),
    }


def test_twice() -> None:
    assert twice([(1, 2), (3, 1)]) and twice([(5, 5)])
    assert not twice([(1, 2), (3, None), (None, None), (0, 0)])


def test_seeded_five_into_eight_gives_the_top_three_byes() -> None:
    sides = rules.seeded(8, [11, 12, 13, 14, 15])  # seeds 1..5
    assert sides == {
        rules.Spot("left", 1, 0): (11, None),  # 1 v 8
        rules.Spot("left", 1, 1): (14, 15),  # 4 v 5
        rules.Spot("right", 1, 0): (12, None),  # 2 v 7
        rules.Spot("right", 1, 1): (13, None),  # 3 v 6
    }
    opened = rules.opening(rules.structure(8), sides)
    assert [opened[spot].winner for spot in sides] == [11, None, 12, 13]


def test_status() -> None:
    assert rules.status(1, 2) == "ready"
    assert rules.status(1, None) == "waiting"
    assert rules.status(None, None) == "waiting"
