"""The setup's pure rules: categories, bracket levels, prizes, the cap, periods and dates that count."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest

from battles.battles import rules


class TestCategory:
    def test_sizes_and_unlimited(self) -> None:
        assert rules.category(1) == "1 vs 1" and rules.category(10) == "10 vs 10"
        assert rules.category(10000) == "Unlimited"

    @pytest.mark.parametrize("size", [0, 11, 9999, -1])
    def test_other_crew_sizes_are_refused(self, size: int) -> None:
        with pytest.raises(ValueError, match="Crew size"):
            rules.crew_size(size)


class TestBracketLevels:
    @pytest.mark.parametrize(
        ("size", "names"),
        [
            (32, ["Top 32", "Top 16", "Top 8", "Semi-final", "Final"]),
            (16, ["Top 16", "Top 8", "Semi-final", "Final"]),
            (8, ["Top 8", "Semi-final", "Final"]),
            (4, ["Semi-final", "Final"]),
            (2, ["Final"]),
        ],
    )
    def test_derived_from_the_size_each_one_round(self, size: int, names: list[str]) -> None:
        assert rules.bracket_levels(size, None) == [{"name": n, "rounds": 1} for n in names]

    def test_given_levels_keep_their_rounds(self) -> None:
        assert rules.bracket_levels(4, [("Semi-final", 3), ("Final", 101)]) == [
            {"name": "Semi-final", "rounds": 3},
            {"name": "Final", "rounds": 101},
        ]

    def test_given_levels_must_have_the_sizes_names(self) -> None:
        with pytest.raises(ValueError, match="Bracket levels must be Semi-final, Final"):
            rules.bracket_levels(4, [("Top 8", 1), ("Final", 1)])

    @pytest.mark.parametrize("rounds", [0, 102])
    def test_rounds_are_1_to_101(self, rounds: int) -> None:
        with pytest.raises(ValueError, match="Rounds are 1 to 101"):
            rules.bracket_levels(2, [("Final", rounds)])

    def test_unknown_size(self) -> None:
        with pytest.raises(ValueError):
            rules.level_names(12)


class TestPrizes:
    def test_between_0_and_1_becomes_1(self) -> None:
        assert rules.prize_amount(0.5) == 1 and rules.prize_amount(0) == 0 and rules.prize_amount(1.5) == 1.5

    def test_negative_is_refused(self) -> None:
        with pytest.raises(ValueError, match="not negative"):
            rules.prize_amount(-1)

    def test_known_places_once_in_order(self) -> None:
        assert rules.prizes([("Top 4", 50), ("1st Place", 0.2)]) == [
            {"id": 1, "title": "1st Place", "amount": 1},
            {"id": 3, "title": "Top 4", "amount": 50},
        ]

    def test_unknown_place(self) -> None:
        with pytest.raises(ValueError, match="one of the places"):
            rules.prizes([("3rd Place", 10)])

    def test_a_place_twice(self) -> None:
        with pytest.raises(ValueError, match="one prize"):
            rules.prizes([("Top 4", 10), ("Top 4", 20)])


class TestCap:
    def test_hiding_participants_resets_a_registration_cap(self) -> None:
        assert rules.cap("registration", 8, True) == ("none", 0)

    def test_a_check_in_cap_stays_hidden(self) -> None:
        assert rules.cap("checkIn", 8, True) == ("checkIn", 8)
        assert rules.cap("registration", 8, False) == ("registration", 8)


class TestDates:
    NOW = datetime(2026, 6, 1, 12, tzinfo=UTC)

    def test_periods(self) -> None:
        hour = timedelta(hours=1)
        assert rules.period(None, None, self.NOW) == "future"
        assert rules.period(self.NOW + hour, None, self.NOW) == "future"
        assert rules.period(self.NOW - hour, self.NOW + hour, self.NOW) == "now"
        assert rules.period(self.NOW - 2 * hour, self.NOW - hour, self.NOW) == "past"

    def test_dates_in_or_before_2000_do_not_count(self) -> None:
        assert rules.counted(datetime(2000, 12, 31, 23, tzinfo=UTC)) is None
        assert rules.counted(datetime(1970, 1, 1, tzinfo=UTC)) is None
        assert rules.counted(datetime(2001, 1, 1, tzinfo=UTC)) is not None
        assert rules.counted(None) is None
