"""The sparring's pure rules: points, the order of rounds, the winner, statuses and flags, the places."""

from __future__ import annotations

from decimal import Decimal

import pytest

from battles.sparrings import rules
from battles.sparrings.rules import Decided, State, Viewer


class TestPoints:
    @pytest.mark.parametrize("value", [6, 6.5, 9.5, 10, "8.0"])
    def test_six_to_ten_in_half_steps(self, value: float) -> None:
        assert rules.points(value) == Decimal(str(value))

    @pytest.mark.parametrize("value", [5.5, 10.5, 7.3, 0, -6, 11, float("nan"), float("inf"), "x"])
    def test_others_refused(self, value: float) -> None:
        with pytest.raises(ValueError, match="Points are 6 to 10, with an optional half point"):
            rules.points(value)


class TestWinner:
    def test_totals_then_votes_then_a_tie(self) -> None:
        d = Decimal
        assert rules.winner(d(17), d(16.5), 0, 9) == "red"
        assert rules.winner(d(16), d(16.5), 9, 0) == "blue"
        assert rules.winner(d(16), d(16), 1, 2) == "blue"
        assert rules.winner(d(16), d(16), 3, 2) == "red"
        assert rules.winner(d(16), d(16), 2, 2) is None
        assert rules.winner(d(0), d(0), 0, 0) is None

    def test_totals_and_completeness(self) -> None:
        assert rules.totals([(Decimal(8), Decimal(7)), (Decimal("9.5"), Decimal(10))]) == (Decimal("17.5"), 17)
        assert rules.complete([5, 6], 2, [(5, 1), (5, 2), (6, 1), (6, 2)])
        assert not rules.complete([5, 6], 2, [(5, 1), (5, 2), (6, 1)])
        assert rules.complete([], 1, [])


def state(**more: object) -> State:
    values: dict[str, object] = {
        "status": "ready",
        "has_red": True,
        "has_blue": True,
        "active": False,
        "bye": False,
        "next_decided": False,
    }
    return State(**(values | more))  # type: ignore[arg-type]


def viewer(**more: object) -> Viewer:
    values: dict[str, object] = {
        "signed_in": True,
        "judge": False,
        "can_edit": False,
        "is_admin": False,
        "dancer": False,
        "voted": False,
    }
    return Viewer(**(values | more))  # type: ignore[arg-type]


class TestFlags:
    def test_statuses(self) -> None:
        assert rules.undecided_status(True, False, False) == "waiting"
        assert rules.undecided_status(True, True, False) == "ready"
        assert rules.undecided_status(True, True, True) == "judging"

    def test_judge_scores_while_open(self) -> None:
        assert rules.flags(viewer(judge=True), state()).can_set_score
        assert not rules.flags(viewer(judge=True), state(has_blue=False, status="waiting")).can_set_score
        assert not rules.flags(viewer(judge=True), state(status="finished")).can_set_score
        assert not rules.flags(viewer(is_admin=True), state()).can_set_score

    def test_the_audience(self) -> None:
        assert rules.flags(viewer(), state()).can_set_audience_score
        for who in (viewer(signed_in=False), viewer(judge=True), viewer(dancer=True), viewer(voted=True)):
            assert not rules.flags(who, state()).can_set_audience_score
        assert not rules.flags(viewer(), state(status="finished")).can_set_audience_score

    def test_admins_finish_and_add_tie_breakers(self) -> None:
        admin = viewer(is_admin=True)
        assert rules.flags(admin, state()).can_finish and rules.flags(admin, state()).can_set_winner
        assert not rules.flags(admin, state()).can_add_extra
        assert rules.flags(admin, state(status="need-tie-breaker")).can_add_extra
        assert not rules.flags(viewer(judge=True), state(status="need-tie-breaker")).can_add_extra
        assert not rules.flags(admin, state(status="finished")).can_finish

    def test_reset(self) -> None:
        editor = viewer(can_edit=True, is_admin=True)
        assert not rules.flags(editor, state()).can_reset  # nothing to reset
        assert rules.flags(editor, state(active=True)).can_reset
        assert rules.flags(editor, state(active=True, status="finished")).can_reset
        assert not rules.flags(editor, state(active=True, status="finished", next_decided=True)).can_reset
        assert not rules.flags(editor, state(active=True, status="finished", has_blue=False, bye=True)).can_reset
        assert not rules.flags(viewer(is_admin=True), state(active=True)).can_reset  # a host


class TestPlaces:
    def test_final_winner_first_each_loser_its_place_byes_nothing(self) -> None:
        sparrings = [
            Decided(winner=1, red=1, blue=None, loser_place=8, final=False),  # a bye
            Decided(winner=4, red=4, blue=5, loser_place=8, final=False),
            Decided(winner=1, red=1, blue=4, loser_place=4, final=False),
            Decided(winner=2, red=2, blue=3, loser_place=4, final=False),
            Decided(winner=None, red=None, blue=None, loser_place=8, final=False),
            Decided(winner=2, red=1, blue=2, loser_place=2, final=True),
        ]
        assert rules.places(sparrings) == {5: 8, 4: 4, 3: 4, 1: 2, 2: 1}

    def test_a_battle_for_third_place_gives_third_and_fourth(self) -> None:
        sparrings = [
            Decided(winner=1, red=1, blue=4, loser_place=None, final=False),  # semi-finals: no place themselves
            Decided(winner=2, red=2, blue=3, loser_place=None, final=False),
            Decided(winner=3, red=4, blue=3, loser_place=4, final=False, third=True),
            Decided(winner=2, red=1, blue=2, loser_place=2, final=True),
        ]
        assert rules.places(sparrings) == {3: 3, 4: 4, 1: 2, 2: 1}
