"""The pure rules: fields, rights and time."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from events.events import rules


def local(text: str) -> datetime:
    return datetime.fromisoformat(text)


class TestFields:
    def test_title_up_to_150(self) -> None:
        assert rules.title("  " + "a" * 150 + " ") == "a" * 150
        with pytest.raises(ValueError, match=rules.TITLE_TOO_LONG):
            rules.title("a" * 151)

    def test_cost_zero_to_one_dollar_becomes_one_dollar(self) -> None:
        assert [rules.cost_cents(c) for c in (0, 1, 50, 99, 100, 2550)] == [0, 100, 100, 100, 100, 2550]
        with pytest.raises(ValueError, match=rules.COST_NEGATIVE):
            rules.cost_cents(-1)
        assert rules.cost_cents(rules.COST_MAX_CENTS) == rules.COST_MAX_CENTS
        with pytest.raises(ValueError, match="at most"):
            rules.cost_cents(rules.COST_MAX_CENTS + 1)

    def test_at_most_ten_tiers(self) -> None:
        rules.tier_count(10)
        with pytest.raises(ValueError, match=rules.TOO_MANY_TIERS):
            rules.tier_count(11)

    def test_unnamed_carpets_are_carpet_n(self) -> None:
        assert rules.carpet_names(["", "Main", None, "  "]) == ["Carpet 1", "Main", "Carpet 3", "Carpet 4"]

    def test_website_https_only(self) -> None:
        assert rules.website("") == ""
        assert rules.website("cypher.dance") == "https://cypher.dance"
        assert rules.website("https://cypher.dance/x") == "https://cypher.dance/x"
        with pytest.raises(ValueError, match=rules.WEBSITE_HTTPS):
            rules.website("http://cypher.dance")
        with pytest.raises(ValueError):
            rules.website("javascript:alert(1)")

    def test_description_is_sanitised(self) -> None:
        assert rules.description('<p onclick="x">Hi<script>alert(1)</script></p>') == "<p>Hi</p>"

    def test_publishing_needs_both_dates_then_a_name_then_a_place(self) -> None:
        place = {"address": "Paris, France", "lat": 48.85, "lng": 2.35}
        with pytest.raises(ValueError, match=rules.DATE_REQUIRED):
            rules.publishable("Jam", local("2030-01-01T10:00"), None, **place)
        with pytest.raises(ValueError, match=rules.DATE_REQUIRED):
            rules.publishable("", None, None, **place)
        with pytest.raises(ValueError, match=rules.TITLE_REQUIRED):
            rules.publishable("", local("2030-01-01T10:00"), local("2030-01-01T12:00"), **place)
        for nowhere in ({"address": "", "lat": 48.85, "lng": 2.35}, {"address": "Somewhere", "lat": None, "lng": None}):
            with pytest.raises(ValueError, match=rules.PLACE_REQUIRED):
                rules.publishable("Jam", local("2030-01-01T10:00"), local("2030-01-01T12:00"), **nowhere)  # type: ignore[arg-type]
        rules.publishable("Jam", local("2030-01-01T10:00"), local("2030-01-01T09:00"), **place)  # end before start

    def test_drafts_are_deleted_published_events_cancelled(self) -> None:
        rules.deletable("draft")
        with pytest.raises(ValueError, match=rules.PUBLISHED_NOT_DELETABLE):
            rules.deletable("published")
        rules.cancellable("published")
        with pytest.raises(ValueError, match=rules.DRAFT_NOT_CANCELLABLE):
            rules.cancellable("draft")


class TestRights:
    @pytest.mark.parametrize(
        ("caller", "roles", "org_admin", "platform", "expected"),
        [
            (1, (), False, False, True),  # the organizer
            (2, ("admin",), False, False, True),
            (3, ("host",), False, False, False),
            (4, ("dj",), False, False, False),
            (5, (), True, False, True),  # the organization's admin
            (6, (), False, True, True),  # a platform admin
            (7, (), False, False, False),
            (None, (), False, False, False),
        ],
    )
    def test_who_edits(
        self, caller: int | None, roles: tuple[str, ...], org_admin: bool, platform: bool, expected: bool
    ) -> None:
        assert rules.can_edit(caller, 1, roles, org_admin=org_admin, is_platform_admin=platform) is expected

    def test_drafts_for_editors_deleted_for_nobody(self) -> None:
        assert rules.can_view("published", False, editor=False)
        assert not rules.can_view("draft", False, editor=False)
        assert rules.can_view("draft", False, editor=True)
        assert not rules.can_view("published", True, editor=True)

    def test_org_for_admins_and_promoters(self) -> None:
        assert rules.may_use_org({"promoter"}, is_platform_admin=False)
        assert rules.may_use_org({"admin"}, is_platform_admin=False)
        assert not rules.may_use_org(set(), is_platform_admin=False)
        assert rules.may_use_org(set(), is_platform_admin=True)


class TestTime:
    def test_zone_from_coordinates_offline(self) -> None:
        assert rules.zone_at(40.7128, -74.0060) == "America/New_York"
        assert rules.zone_at(48.8566, 2.3522) == "Europe/Paris"
        assert rules.zone_at(None, None) == "UTC"

    def test_wall_time_to_utc_in_two_zones(self) -> None:
        assert rules.to_utc(local("2030-06-01T12:00"), "America/New_York") == datetime(2030, 6, 1, 16, tzinfo=UTC)
        assert rules.to_utc(local("2030-06-01T12:00"), "Europe/Paris") == datetime(2030, 6, 1, 10, tzinfo=UTC)
        assert rules.to_utc(local("2030-01-01T12:00"), "America/New_York") == datetime(2030, 1, 1, 17, tzinfo=UTC)

    def test_a_skipped_wall_time_lands_after_the_gap(self) -> None:
        # 2030-03-10 02:30 does not exist in New York: it is read as 03:30 EDT.
        assert rules.to_utc(local("2030-03-10T02:30"), "America/New_York") == datetime(2030, 3, 10, 7, 30, tzinfo=UTC)

    def test_a_repeated_wall_time_is_its_first_occurrence(self) -> None:
        # 2030-11-03 01:30 happens twice in New York: the first, daylight time (UTC-4).
        assert rules.to_utc(local("2030-11-03T01:30"), "America/New_York") == datetime(2030, 11, 3, 5, 30, tzinfo=UTC)

    def test_flat_texts(self) -> None:
        start, end = local("2030-01-05T12:00"), local("2030-01-05T18:00")
        assert rules.date_flat(start, end) == "01/05/2030"
        assert rules.date_flat(start, local("2030-01-07T02:00")) == "01/05/2030 - 01/07/2030"
        assert rules.time_flat(start, end, "America/New_York") == "12:00 PM - 6:00 PM EST"
        assert rules.time_flat(local("2030-07-05T00:05"), None, "America/New_York") == "12:05 AM EDT"
        assert rules.time_flat(start, end, "UTC") == "12:00 PM - 6:00 PM UTC"
        assert rules.date_flat(None, None) is None and rules.time_flat(None, None, "UTC") is None

    def test_parse_local(self) -> None:
        assert rules.parse_local("2030-01-05T12:00") == local("2030-01-05T12:00")
        assert rules.parse_local("2030-01-05T12:00:31") == local("2030-01-05T12:00")
        assert rules.parse_local("") is None
        for bad in ("2030-01-05T12:00Z", "01/05/2030", "2030-02-30T12:00"):
            with pytest.raises(ValueError, match=rules.DATE_FORMAT):
                rules.parse_local(bad)
        for far in ("0001-01-01T00:00", "9999-12-31T23:59", "1969-12-31T23:59"):
            with pytest.raises(ValueError, match=rules.DATE_OUT_OF_RANGE):
                rules.parse_local(far)

    def test_period_across_a_dst_change(self) -> None:
        # A night event over New York's fall-back: 8 PM Nov 2 to 4 AM Nov 3 2030 is 9 hours, not 8.
        starts = rules.to_utc(local("2030-11-02T20:00"), "America/New_York")
        ends = rules.to_utc(local("2030-11-03T04:00"), "America/New_York")
        assert starts is not None and ends is not None and (ends - starts).total_seconds() == 9 * 3600
        assert rules.period(starts, ends, datetime(2030, 11, 2, 23, 59, tzinfo=UTC)) == "future"  # 7:59 PM EDT
        assert rules.period(starts, ends, datetime(2030, 11, 3, 8, 30, tzinfo=UTC)) == "now"  # 03:30 EST
        assert rules.period(starts, ends, datetime(2030, 11, 3, 9, 1, tzinfo=UTC)) == "past"

    def test_the_same_instant_is_now_in_one_zone_and_past_in_another(self) -> None:
        now = datetime(2030, 6, 1, 20, tzinfo=UTC)  # 4 PM in New York, 10 PM in Paris
        for zone, expected in (("America/New_York", "now"), ("Europe/Paris", "past")):
            starts = rules.to_utc(local("2030-06-01T12:00"), zone)
            ends = rules.to_utc(local("2030-06-01T18:00"), zone)
            assert rules.period(starts, ends, now) == expected

    def test_period_without_dates(self) -> None:
        now = datetime(2030, 1, 1, tzinfo=UTC)
        assert rules.period(None, None, now) == "future"
        assert rules.period(datetime(2029, 1, 1, tzinfo=UTC), None, now) == "past"
