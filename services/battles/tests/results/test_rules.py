"""Winners' places and slots; CSV cells neutralised."""

from __future__ import annotations

import pytest

from battles.results import rules


class TestWinners:
    def test_places_within_their_slots(self) -> None:
        assert rules.winners([(1, 1), (2, 2), (3, 4), (4, 4)]) == {1: 1, 2: 2, 3: 4, 4: 4}

    @pytest.mark.parametrize(("place", "slots"), [(1, 1), (2, 1), (4, 2), (8, 4), (16, 8), (32, 16)])
    def test_a_place_is_full_beyond_its_slots(self, place: int, slots: int) -> None:
        with pytest.raises(ValueError, match=f"at most {slots} winners"):
            rules.winners([(i, place) for i in range(1, slots + 2)])

    @pytest.mark.parametrize("place", [0, 3, 5, 64])
    def test_unknown_places(self, place: int) -> None:
        with pytest.raises(ValueError, match="1, 2, 4, 8, 16 or 32"):
            rules.winners([(1, place)])

    def test_an_entry_once(self) -> None:
        with pytest.raises(ValueError, match="once"):
            rules.winners([(1, 1), (1, 4)])

    def test_classic_only_and_not_before_the_event(self) -> None:
        assert rules.may_set_winners("bracket", "past") == rules.CLASSIC_ONLY
        assert rules.may_set_winners("classic", "future") == "Winners can be entered once the event has begun."
        assert rules.may_set_winners("classic", "now") is None and rules.may_set_winners("classic", "past") is None


class TestCsvCell:
    @pytest.mark.parametrize("value", ["=1+1", "+1", "-1", "@SUM(A1)", "\tx", "\rx"])
    def test_formulas_are_neutralised(self, value: str) -> None:
        assert rules.csv_cell(value) == "'" + value

    def test_plain_values_stay(self) -> None:
        assert rules.csv_cell("B-Boy Storm") == "B-Boy Storm"
        assert rules.csv_cell(3) == "3" and rules.csv_cell(None) == ""
