"""The judging modes' pure rules (docs/product/judging.md): each mode's round, the round's decision, the rounds,
the winner; and, property-tested, that the winner is the same whichever order the judges send their rounds in, and
that a replayed round counts once."""

from __future__ import annotations

from decimal import Decimal
from random import Random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from battles.judging import rules
from battles.judging.rules import FIVE, PICK, POINTS, THREEFOLD, Given, Mark, Score

D = Decimal


class TestMark:
    def test_points_are_the_specs(self) -> None:
        assert rules.mark(POINTS, Given(1, 8, 7.5)) == Mark(D("8.0"), D("7.5"))
        with pytest.raises(ValueError, match="Points are 6 to 10, with an optional half point"):
            rules.mark(POINTS, Given(1, 5.5, 8))
        with pytest.raises(ValueError, match="Both sides need points in every round"):
            rules.mark(POINTS, Given(1, 8, None))

    def test_a_pick_is_a_vote(self) -> None:
        assert rules.mark(PICK, Given(1, pick="red")) == Mark(D(1), D(0))
        assert rules.mark(PICK, Given(1, pick="blue")) == Mark(D(0), D(1))
        assert rules.mark(PICK, Given(1, pick="tie")) == Mark(D(0), D(0))
        for bad in (None, "green", ""):
            with pytest.raises(ValueError, match="Choose red, blue or a tie for every round"):
                rules.mark(PICK, Given(1, 8, 8, pick=bad))

    def test_the_faders_lean_to_the_judges_vote(self) -> None:
        assert rules.mark(THREEFOLD, Given(1, faders=[-3, 1, 1])) == Mark(D(1), D(0), (-3, 1, 1))
        assert rules.mark(THREEFOLD, Given(1, faders=[3, -1, 0])) == Mark(D(0), D(1), (3, -1, 0))
        assert rules.mark(FIVE, Given(1, faders=[2, -2, 5, -5, 0])) == Mark(D(0), D(0), (2, -2, 5, -5, 0))
        assert rules.mark(FIVE, Given(1, faders=[10, 10, 10, 10, -10])).blue == 1

    @pytest.mark.parametrize(
        ("mode", "faders"),
        [
            (THREEFOLD, None),
            (THREEFOLD, [1, 2]),  # a criterion missing
            (THREEFOLD, [1, 2, 3, 4]),
            (FIVE, [1, 2, 3]),
            (FIVE, [11, 0, 0, 0, 0]),
            (FIVE, [0, 0, 0, 0, -11]),
            (THREEFOLD, [True, 0, 0]),
        ],
    )
    def test_every_criterion_within_its_range(self, mode: str, faders: list[int] | None) -> None:
        with pytest.raises(ValueError, match=r"Every criterion needs its fader, from -10 \(red\) to 10 \(blue\)"):
            rules.mark(mode, Given(1, faders=faders))


class TestJudgment:
    def test_points_give_every_round_at_once(self) -> None:
        assert rules.judgment(POINTS, [Given(2, 6, 6), Given(1, 7, 7)], 2) == {
            2: Mark(D("6.0"), D("6.0")),
            1: Mark(D("7.0"), D("7.0")),
        }
        with pytest.raises(ValueError, match="Both sides need points in every round"):
            rules.judgment(POINTS, [Given(1, 8, 8)], 2)

    @pytest.mark.parametrize(
        ("given", "message"),
        [
            ([Given(3, pick="red")], "A round is 1 to 2"),
            ([Given(0, pick="red")], "A round is 1 to 2"),
            ([Given(1, pick="red"), Given(1, pick="blue")], "A round is given once"),
            ([Given(2, pick="red")], "Give the rounds in order: a round follows the one before it"),
        ],
    )
    def test_deciding_modes_refusals(self, given: list[Given], message: str) -> None:
        with pytest.raises(ValueError, match=message):
            rules.judgment(PICK, given, 2)

    def test_deciding_modes_take_the_rounds_so_far(self) -> None:
        assert set(rules.judgment(PICK, [Given(1, pick="red")], 3)) == {1}
        assert set(rules.judgment(PICK, [Given(2, pick="blue")], 3, stored=[1])) == {2}
        assert set(rules.judgment(PICK, [Given(2, pick="blue"), Given(1, pick="tie")], 3)) == {1, 2}


class TestDecisions:
    def test_most_judges_take_the_round_once_all_gave_it(self) -> None:
        votes = [(D(1), D(0)), (D(0), D(1)), (D(1), D(0))]
        assert rules.round_decision(votes, 3) == "red"
        assert rules.round_decision(votes[:2], 3) is None  # the third judge has not given it
        assert rules.round_decision([(D(1), D(0)), (D(0), D(1)), (D(0), D(0))], 3) == "tie"
        assert rules.round_decision([(D(0), D(0)), (D(0), D(1)), (D(0), D(0))], 3) == "blue"
        assert rules.round_decision([], 0) is None

    def test_most_rounds_take_the_sparring_then_the_audience(self) -> None:
        judges = [1, 2, 3]

        def round_of(number: int, *picks: str) -> list[Score]:
            return [Score(j, number, *rules.vote_of(p)) for j, p in zip(judges, picks, strict=True)]

        scores = (
            round_of(1, "red", "red", "blue") + round_of(2, "blue", "blue", "tie") + round_of(3, "red", "tie", "red")
        )
        assert rules.decisions(scores, judges, 3) == {1: "red", 2: "blue", 3: "red"}
        assert rules.winner(PICK, scores, judges, 3, 0, 9) == "red"
        one_each = scores[:6]
        assert rules.winner(PICK, one_each, judges, 2, 2, 1) == "red"  # 1 round each: the audience
        assert rules.winner(PICK, one_each, judges, 2, 1, 1) is None  # still equal: a tie breaker round
        tied_round = round_of(1, "red", "blue", "tie")
        assert rules.winner(PICK, tied_round, judges, 1, 0, 0) is None

    def test_points_stay_the_specs_totals(self) -> None:
        scores = [Score(1, 1, D(8), D(7)), Score(2, 1, D(6), D(9))]
        assert rules.result(POINTS, scores, [1, 2], 1) == (D(14), D(16))
        assert rules.winner(POINTS, scores, [1, 2], 1, 9, 0) == "blue"


MODES = [POINTS, PICK, THREEFOLD, FIVE]


@st.composite
def rounds_given(draw: st.DrawFn, mode: str) -> Given:
    if mode == POINTS:
        half = st.integers(min_value=12, max_value=20).map(lambda n: n / 2)
        return Given(1, draw(half), draw(half))
    if mode == PICK:
        return Given(1, pick=draw(st.sampled_from(["red", "blue", "tie"])))
    size = len(rules.CRITERIA[mode])
    fader = st.integers(min_value=rules.FADER_MIN, max_value=rules.FADER_MAX)
    return Given(1, faders=draw(st.lists(fader, min_size=size, max_size=size)))


@st.composite
def sparrings(draw: st.DrawFn) -> tuple[str, int, list[tuple[int, int, Given]]]:
    """A mode, a count of rounds, and every judge's rounds (3 to 9 judges), each judge's in order."""
    mode = draw(st.sampled_from(MODES))
    count = draw(st.integers(min_value=1, max_value=3))
    judges = draw(st.integers(min_value=3, max_value=9))
    sent = []
    for judge in range(1, judges + 1):
        for number in range(1, count + 1):
            one = draw(rounds_given(mode))
            sent.append((judge, number, Given(number, one.red_points, one.blue_points, one.pick, one.faders)))
    return mode, count, sent


def apply(mode: str, count: int, sent: list[tuple[int, int, Given]]) -> dict[tuple[int, int], Mark]:
    """The stored rounds after these sends, as the service stores them (an upsert per judge and round): points
    send every round of a judge at once (the latest given of each), the other modes a round at a time."""
    stored: dict[tuple[int, int], Mark] = {}
    if mode == POINTS:
        by_judge: dict[int, dict[int, Given]] = {}
        for judge, number, one in sent:
            by_judge.setdefault(judge, {})[number] = one
        for judge, given in by_judge.items():
            stored.update({(judge, n): m for n, m in rules.judgment(mode, list(given.values()), count).items()})
        return stored
    for judge, _, one in sent:
        mine = [n for j, n in stored if j == judge]
        stored.update({(judge, n): m for n, m in rules.judgment(mode, [one], count, mine).items()})
    return stored


def decided(mode: str, count: int, stored: dict[tuple[int, int], Mark], judges: list[int]) -> str | None:
    scores = [Score(j, n, m.red, m.blue) for (j, n), m in stored.items()]
    return rules.winner(mode, scores, judges, count, 0, 0)


@settings(max_examples=60, deadline=None)
@given(sparrings(), st.randoms(use_true_random=False))
def test_the_winner_does_not_depend_on_the_order_and_a_replay_counts_once(
    drawn: tuple[str, int, list[tuple[int, int, Given]]], random: Random
) -> None:
    mode, count, sent = drawn
    judges = sorted({j for j, _, _ in sent})
    # the judges' tablets send in any interleaving (each its own rounds in order, as its queue keeps them), and a
    # tablet that lost an answer sends the same round again
    waiting = {j: [x for x in sent if x[0] == j] for j in judges}
    interleaved: list[tuple[int, int, Given]] = []
    while any(waiting.values()):
        judge = random.choice([j for j, left in waiting.items() if left])
        interleaved.append(waiting[judge].pop(0))
        if random.random() < 0.3:
            interleaved.append(interleaved[-1])
    once = apply(mode, count, sent)
    again = apply(mode, count, interleaved)
    assert once == again
    assert len(once) == len(judges) * count  # one stored round per judge and round, replays or not
    assert decided(mode, count, once, judges) == decided(mode, count, again, judges)
