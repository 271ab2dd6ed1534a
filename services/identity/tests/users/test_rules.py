from __future__ import annotations

from identity.users.rules import parse_ids, parse_orgs, place_value


def test_ids_are_comma_separated_positive_integers() -> None:
    assert parse_ids("3, 1,3,x,,-2, 7 ") == (3, 1, 7)
    assert parse_ids(None) == () and parse_ids("") == ()


def test_orgs_zero_means_no_filter() -> None:
    assert parse_orgs("0") == () and parse_orgs("0,4") == (4,)


def test_a_location_chip_is_compared_trimmed_and_in_lower_case() -> None:
    assert place_value("  New York ") == "new york"
    assert place_value(None) == "" and place_value("   ") == ""
