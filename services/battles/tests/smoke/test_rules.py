"""Seven to smoke's pure rules (battles.smoke.rules): examples, then properties over any queue and any winners."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from battles.smoke import rules
from battles.smoke.rules import Smoke


def test_the_winner_stays_the_loser_goes_to_the_back_and_the_next_challenges() -> None:
    smoke = rules.start([1, 2, 3, 4])
    assert (smoke.floor, smoke.queue, smoke.number) == ((1, 2), (3, 4), 1)
    smoke = rules.decide(smoke, 1, 2)  # the challenger wins: 2 holds the floor, 1 to the back, 3 challenges
    assert (smoke.floor, smoke.queue, smoke.points_of(2)) == ((2, 3), (4, 1), 1)
    smoke = rules.decide(smoke, 2, 2)
    assert (smoke.floor, smoke.queue, smoke.points_of(2)) == ((2, 4), (1, 3), 2)
    assert rules.standings(smoke) == [(2, 2), (1, 0), (3, 0), (4, 0)]


def test_first_to_seven_wins_and_nothing_more_is_decided() -> None:
    smoke = rules.start([1, 2, 3])
    for number in range(1, 8):
        smoke = rules.decide(smoke, number, 1)
    assert (smoke.champion, smoke.floor, smoke.points_of(1)) == (1, None, 7)
    with pytest.raises(ValueError, match="The battle is over"):
        rules.decide(smoke, 8, 1)
    assert rules.standings(smoke)[0] == (1, 7)


def test_a_decision_sent_again_counts_once_and_another_winner_is_refused() -> None:
    smoke = rules.decide(rules.start([1, 2, 3]), 1, 1)
    assert rules.decide(smoke, 1, 1) is smoke
    with pytest.raises(ValueError, match="Battle 1 is decided already"):
        rules.decide(smoke, 1, 2)
    with pytest.raises(ValueError, match="Battle 3 is not on the floor yet"):
        rules.decide(smoke, 3, 1)
    with pytest.raises(ValueError, match="The winner is not on the floor"):
        rules.decide(smoke, 2, 2)  # 2 went to the back: 1 holds, 3 challenges


def test_the_queue_needs_two_dancers_each_once() -> None:
    with pytest.raises(ValueError, match="Seven to smoke needs at least two dancers"):
        rules.start([1])
    with pytest.raises(ValueError, match="A dancer is in the queue once"):
        rules.start([1, 2, 1])


def test_equal_points_the_first_to_reach_them_ranks_higher() -> None:
    smoke = rules.start([1, 2, 3])
    smoke = rules.decide(smoke, 1, 2)  # 2: 1 point at battle 1
    smoke = rules.decide(smoke, 2, 3)  # 3: 1 point at battle 2
    assert rules.standings(smoke) == [(2, 1), (3, 1), (1, 0)]


@settings(max_examples=150, deadline=None)
@given(st.integers(min_value=2, max_value=12), st.integers(min_value=1, max_value=7), st.data())
def test_any_queue_and_winners_every_dancer_once_a_point_a_battle_and_an_end_at_the_target(
    dancers: int, target: int, data: st.DataObject
) -> None:
    smoke = rules.start(list(range(1, dancers + 1)), target)
    battles = 0
    while smoke.champion is None:
        assert smoke.floor is not None
        on_floor = set(smoke.floor)
        # every dancer is once on the floor or in the queue
        assert sorted([*smoke.floor, *smoke.queue]) == list(range(1, dancers + 1))
        winner = data.draw(st.sampled_from(sorted(on_floor)))
        loser = (on_floor - {winner}).pop()
        before = smoke
        smoke = rules.decide(smoke, smoke.number, winner)
        battles += 1
        # the loser to the back of the queue, its front (the loser itself when nobody else waits) challenging
        if smoke.champion is not None:
            assert smoke.queue[-1] == loser
        elif before.queue:
            assert (smoke.floor, smoke.queue[-1]) == ((winner, before.queue[0]), loser)
        else:
            assert (smoke.floor, smoke.queue) == ((winner, loser), ())
        # a replay changes nothing, another winner is refused and changes nothing
        assert rules.decide(smoke, battles, winner) is smoke
        with pytest.raises(ValueError):
            rules.decide(smoke, battles, loser)
        assert smoke.points_of(winner) == before.points_of(winner) + 1
        # nobody reaches the target before the end; the battles are bounded (everyone below it until the last)
        assert battles <= dancers * (target - 1) + 1
    assert sum(points for _, points in smoke.points) == battles == len(smoke.meetings)
    assert smoke.points_of(smoke.champion) == target
    assert all(points < target for dancer, points in smoke.points if dancer != smoke.champion)
    assert rules.standings(smoke)[0] == (smoke.champion, target)


def test_a_smoke_is_a_value() -> None:
    smoke = rules.start([5, 6])
    assert isinstance(smoke, Smoke) and rules.decide(smoke, 1, 6) != smoke and smoke.floor == (5, 6)
