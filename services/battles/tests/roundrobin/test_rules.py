"""Round-robin groups' pure rules (battles.roundrobin.rules): examples, then properties over any field."""

from __future__ import annotations

import itertools

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from battles.brackets.rules import seed_order
from battles.roundrobin import rules
from battles.roundrobin.rules import Result


def test_sixteen_make_four_groups_of_four_dealt_snake_wise() -> None:
    assert rules.groups(list(range(1, 17))) == [[1, 8, 9, 16], [2, 7, 10, 15], [3, 6, 11, 14], [4, 5, 12, 13]]


def test_never_a_group_under_three_unless_only_two() -> None:
    assert [len(g) for g in rules.groups(list(range(5)))] == [5]
    assert [len(g) for g in rules.groups(list(range(6)))] == [3, 3]
    assert sorted(len(g) for g in rules.groups(list(range(7)))) == [3, 4]
    assert [len(g) for g in rules.groups([1, 2])] == [2]
    with pytest.raises(ValueError, match="Round-robin groups need at least two dancers"):
        rules.groups([1])


def test_a_group_of_four_is_three_rounds_of_two_battles_everyone_in_each() -> None:
    pairs = rules.schedule([1, 2, 3, 4])
    assert len(pairs) == 6 and {frozenset(p) for p in pairs} == {
        frozenset(p) for p in itertools.combinations([1, 2, 3, 4], 2)
    }
    for round_ in (pairs[0:2], pairs[2:4], pairs[4:6]):
        assert sorted(d for pair in round_ for d in pair) == [1, 2, 3, 4]


def test_ranked_by_rounds_won_then_votes_and_the_still_equal_marked_for_a_tie_break() -> None:
    group = [1, 2, 3, 4]
    results = [
        Result(1, 2, 2, 0, 30, 10),
        Result(3, 4, 1, 1, 20, 20),
        Result(1, 3, 1, 1, 15, 25),
        Result(2, 4, 2, 0, 30, 5),
        Result(1, 4, 0, 2, 10, 30),
        Result(2, 3, 0, 2, 10, 30),
    ]
    standings = rules.ranking(group, results)
    # rounds: 1: 3, 2: 2, 3: 4, 4: 3; votes: 1: 55, 2: 50, 3: 75, 4: 55
    assert [(s.dancer, s.rounds, s.votes, s.tied) for s in standings] == [
        (3, 4, 75, False),
        (1, 3, 55, True),  # 1 and 4: three rounds and 55 votes each: a tie-break round
        (4, 3, 55, True),
        (2, 2, 50, False),
    ]


def test_winners_then_runners_up_each_away_from_their_group() -> None:
    # groups A..D ranked: the winners are seeds 1 to 4; each runner-up lands in the other half from its winner
    ranked = [[11, 12, 13], [21, 22, 23], [31, 32, 33], [41, 42, 43]]
    assert rules.seeds(ranked) == [11, 21, 31, 41, 22, 12, 42, 32]


@settings(max_examples=200, deadline=None)
@given(st.integers(min_value=2, max_value=64))
def test_any_field_every_dancer_in_one_group_of_three_to_four_and_every_pair_met_once(n: int) -> None:
    dealt = rules.groups(list(range(1, n + 1)))
    assert sorted(d for g in dealt for d in g) == list(range(1, n + 1))
    sizes = [len(g) for g in dealt]
    assert max(sizes) - min(sizes) <= 1
    assert all(3 <= s <= 4 for s in sizes) or n < 6  # 2 to 5 dancers: one group of them all
    for group in dealt:
        pairs = rules.schedule(group)
        assert sorted(map(sorted, pairs)) == sorted(map(sorted, itertools.combinations(group, 2)))


@settings(max_examples=200, deadline=None)
@given(st.integers(min_value=2, max_value=16), st.data())
def test_any_groups_the_bracket_keeps_two_of_a_group_in_opposite_halves(count: int, data: st.DataObject) -> None:
    sizes = data.draw(st.lists(st.integers(min_value=2, max_value=4), min_size=count, max_size=count))
    ranked = [[100 * g + k for k in range(size)] for g, size in enumerate(sizes)]
    seeded = rules.seeds(ranked)
    assert seeded[:count] == [group[0] for group in ranked]  # the winners first, in the groups' order
    assert sorted(seeded) == sorted(d for group in ranked for d in group[:2])
    size = 1 << max(1, (len(seeded) - 1).bit_length())
    order = seed_order(size)
    half = {seeded[s - 1]: at < size // 2 for at, s in enumerate(order) if s <= len(seeded)}
    for group in ranked:
        assert half[group[0]] != half[group[1]], f"{group[:2]} in one half of {seeded}"


def test_ties_are_only_between_equals() -> None:
    standings = rules.ranking([1, 2], [Result(1, 2, 1, 1, 10, 10)])
    assert [s.tied for s in standings] == [True, True]
    assert [s.tied for s in rules.ranking([1, 2], [Result(1, 2, 1, 1, 11, 10)])] == [False, False]


def test_tie_break_rounds_order_the_equals_in_the_order_decided() -> None:
    # three equal on rounds and votes, one below them
    results = [Result(1, 2, 2, 0, 2, 0), Result(2, 3, 2, 0, 2, 0), Result(3, 1, 2, 0, 2, 0), Result(1, 4, 0, 0, 0, 0)]
    plain = rules.ranking([1, 2, 3, 4], results)
    assert [(s.dancer, s.tied) for s in plain] == [(1, True), (2, True), (3, True), (4, False)]
    assert rules.blocking_tie(plain)
    one = rules.ranking([1, 2, 3, 4], results, [3])
    assert [(s.dancer, s.tied) for s in one] == [(3, False), (1, True), (2, True), (4, False)]
    assert rules.blocking_tie(one)  # second place is still open
    two = rules.ranking([1, 2, 3, 4], results, [3, 2])
    assert [(s.dancer, s.tied) for s in two] == [(3, False), (2, False), (1, False), (4, False)]
    assert not rules.blocking_tie(two)
    # a tie-break never lifts anyone over a better record
    assert rules.ranking([1, 2, 3, 4], results, [4])[-1].dancer == 4


def test_a_tie_below_the_ones_going_on_blocks_nothing() -> None:
    results = [Result(1, 2, 2, 0, 2, 0), Result(1, 3, 2, 0, 2, 0), Result(1, 4, 2, 0, 2, 0), Result(2, 3, 2, 0, 2, 0)]
    results += [Result(3, 4, 1, 1, 1, 1), Result(2, 4, 2, 0, 2, 0)]
    standings = rules.ranking([1, 2, 3, 4], results)  # 3 and 4 each took a round of their battle: equal
    assert [(s.dancer, s.tied) for s in standings] == [(1, False), (2, False), (3, True), (4, True)]
    assert not rules.blocking_tie(standings)  # both are out whichever is third


@settings(max_examples=100, deadline=None)
@given(st.lists(st.tuples(st.integers(0, 2), st.integers(0, 3)), min_size=6, max_size=6), st.permutations([1, 2, 3, 4]))
def test_the_ranking_is_the_same_whichever_order_the_results_come_in(
    outcomes: list[tuple[int, int]], shuffled: list[int]
) -> None:
    pairs = rules.schedule([1, 2, 3, 4])
    results = [
        Result(red, blue, won, 2 - won, votes, 3 - votes)
        for (red, blue), (won, votes) in zip(pairs, outcomes, strict=True)
    ]
    forward = rules.ranking([1, 2, 3, 4], results)
    backward = rules.ranking([1, 2, 3, 4], list(reversed(results)))
    assert forward == backward
    assert sum(s.rounds for s in forward) == 12 and sorted(s.dancer for s in forward) == [1, 2, 3, 4]
    assert shuffled  # (the permutation only varies hypothesis's examples)


def test_how_many_go_into_groups_and_the_groups_names() -> None:
    assert [rules.entering(size) for size in (2, 4, 8, 16, 32)] == [4, 8, 16, 32, 64]
    assert [rules.group_name(n) for n in (1, 2, 16)] == ["Group A", "Group B", "Group P"]
    decided = rules.result_of(7, 9, ["red", "tie", "blue", "red"], ["red", "red", "blue", "tie"])
    assert decided == Result(7, 9, 2, 1, 2, 1)
