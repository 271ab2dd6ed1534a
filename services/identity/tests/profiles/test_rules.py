from __future__ import annotations

from datetime import date

import pytest

from identity.profiles import rules

TODAY = date(2026, 11, 21)


class TestBirthday:
    """The mm/dd/yyyy shape and a real day are kit.text's (services/kit/tests/test_text.py)."""

    @pytest.mark.parametrize(
        ("text", "expected"),
        [("10/18/1993", date(1993, 10, 18)), ("01/01/1926", date(1926, 1, 1)), ("12/31/2025", date(2025, 12, 31))],
    )
    def test_accepts_the_last_hundred_years_before_this_one(self, text: str, expected: date) -> None:
        assert rules.parse_birthday(text, TODAY) == expected

    def test_other_shapes_are_a_format_error(self) -> None:
        with pytest.raises(ValueError, match="^Date format mm/dd/yyyy$"):
            rules.parse_birthday("1993-10-18", TODAY)

    @pytest.mark.parametrize("text", ["01/01/2026", "06/01/2027", "12/31/1925", "02/30/2000"])
    def test_current_year_future_too_old_or_no_such_day(self, text: str) -> None:
        with pytest.raises(ValueError, match="^Please enter a correct date$"):
            rules.parse_birthday(text, TODAY)


class TestState:
    @pytest.mark.parametrize("country", ["Australia", "Canada", "United States"])
    def test_required_where_states_are_used(self, country: str) -> None:
        assert rules.state_for(country, " NSW ") == "NSW"
        with pytest.raises(ValueError, match="^State is required$"):
            rules.state_for(country, "  ")

    @pytest.mark.parametrize("country", ["France", "Japan", None])
    def test_cleared_everywhere_else(self, country: str | None) -> None:
        assert rules.state_for(country, "Île-de-France") is None


def test_the_owner_sees_every_stat_others_only_the_public_ones() -> None:
    from identity.profiles.schemas import Privacy

    row = {"events_attended": 3, "battles_won": 1}
    privacy = Privacy.model_validate({"events_attended": True, "battles_won": False})
    names = ("events_attended", "battles_won")
    assert rules.shown_stats(row, privacy, names, owner=True) == {"events_attended": 3, "battles_won": 1}
    assert rules.shown_stats(row, privacy, names, owner=False) == {"events_attended": 3, "battles_won": None}
