"""The events page's search and calendar on `GET /api/events`: the keyword (k), nearness (ulat/ulon) and the
venue-local date range (start/end), each one statement; bad values are a 400 naming the parameter."""

from __future__ import annotations

from typing import Any

import httpx
from event.cast import ORGANIZER, STRANGER
from event.factories import create_event
from listing.test_router import DAY, HOUR, all_refused, event_in, local, tabs, titled
from sqlalchemy.ext.asyncio import AsyncSession

from kit.db import utcnow

NEW_YORK = {"lat": 40.7128, "lng": -74.006}
BOSTON = {"lat": 42.3601, "lng": -71.0589}
BERLIN = {"lat": 52.52, "lng": 13.405}


class TestKeyword:
    async def test_words_are_case_insensitive_trimmed_prefixes_of_title_words(
        self, client: httpx.AsyncClient, session: AsyncSession
    ) -> None:
        for title in ("Battle Jam Berlin", "Summer Jam", "Bboy battle NYC", "Cypher night"):
            await event_in(session, "future", title)
        assert sorted(await titled(client, "t=future&k=battle")) == ["Battle Jam Berlin", "Bboy battle NYC"]
        assert sorted(await titled(client, "t=future&k=%20%20BATTLE%20%20")) == ["Battle Jam Berlin", "Bboy battle NYC"]
        assert await titled(client, "t=future&k=bat%20ber") == ["Battle Jam Berlin"]
        assert await titled(client, "t=future&k=jam%20summ") == ["Summer Jam"]
        assert await titled(client, "t=future&k=att") == [], "a word matches from the start of a title's word"
        assert await titled(client, "t=future&k=battle%20zzz") == [], "every word must match"
        assert await titled(client, "t=future&k=nothing") == []

    async def test_query_syntax_is_only_text_and_an_empty_keyword_is_no_filter(
        self, client: httpx.AsyncClient, session: AsyncSession
    ) -> None:
        await event_in(session, "future", "Battle Jam")
        await event_in(session, "future", "Cypher")
        assert await titled(client, "t=future&k=battle%20%26%20%7C%20!%20(%20)%20%3A*%20%27") == ["Battle Jam"]
        assert len(await titled(client, "t=future&k=%20%20")) == 2
        assert len(await titled(client, "t=future&k=%26%7C!()%3A*")) == 2

    async def test_with_the_organization_filter_drafts_and_tabs(
        self, client: httpx.AsyncClient, session: AsyncSession
    ) -> None:
        await event_in(session, "future", "Jam one", org_id=1)
        await event_in(session, "future", "Jam two", org_id=2)
        await event_in(session, "past", "Jam old", org_id=1)
        await event_in(session, "future", "Jam draft", org_id=1, status="draft")
        assert await titled(client, "t=future&k=jam&o=1") == ["Jam one"]
        assert await titled(client, "t=past&k=jam&o=1,2") == ["Jam old"]
        assert await titled(client, "t=draft&k=jam&o=1", ORGANIZER) == ["Jam draft"]
        assert await titled(client, "t=draft&k=jam&o=1", STRANGER) == []


class TestNearness:
    async def test_nearest_first_for_now_and_future_the_date_first_for_past(
        self, client: httpx.AsyncClient, session: AsyncSession
    ) -> None:
        await create_event(session, title="berlin soon", start=local(DAY), end=local(2 * DAY), **BERLIN)
        await create_event(session, title="boston later", start=local(3 * DAY), end=local(4 * DAY), **BOSTON)
        await create_event(session, title="nowhere", start=local(2 * DAY), end=local(3 * DAY))
        await create_event(session, title="new york last", start=local(5 * DAY), end=local(6 * DAY), **NEW_YORK)
        near = "ulat=40.7&ulon=-74"
        assert await titled(client, f"t=future&{near}") == ["new york last", "boston later", "berlin soon", "nowhere"]
        assert await titled(client, "t=future") == ["berlin soon", "nowhere", "boston later", "new york last"]
        # looking back: the date decides, nearness breaks ties (two events of the same day)
        same = local(-2 * DAY), local(-DAY)
        await create_event(session, title="past berlin", start=same[0], end=same[1], **BERLIN)
        await create_event(session, title="past new york", start=same[0], end=same[1], **NEW_YORK)
        await create_event(session, title="older", start=local(-5 * DAY), end=local(-4 * DAY), **NEW_YORK)
        assert await titled(client, f"t=past&s=date-desc&{near}") == ["past new york", "past berlin", "older"]
        assert await titled(client, f"t=past&s=date-desc&ulat={BERLIN['lat']}&ulon={BERLIN['lng']}") == [
            "past berlin",
            "past new york",
            "older",
        ]

    async def test_both_or_neither_on_the_earth(self, client: httpx.AsyncClient) -> None:
        await all_refused(
            client,
            "/api/events",
            "ulat=40",
            "ulon=-74",
            "ulat=91&ulon=0",
            "ulat=0&ulon=181",
            "ulat=nan&ulon=0",
            "ulat=x&ulon=0",
        )


class TestCalendar:
    async def test_the_venues_local_dates_decide_for_every_visitor(
        self, client: httpx.AsyncClient, session: AsyncSession
    ) -> None:
        tokyo = {"time_zone": "Asia/Tokyo"}
        # 23:30 on the 31st in Tokyo is 14:30 UTC, still January everywhere on the calendar
        await create_event(session, title="tokyo late", start="2030-01-31T23:30", end="2030-02-01T02:00", **tokyo)
        await create_event(session, title="tokyo feb", start="2030-02-01T00:30", end="2030-02-01T03:00", **tokyo)
        # 20:00 on the 31st in Los Angeles is already February in UTC
        la = {"time_zone": "America/Los_Angeles"}
        await create_event(session, title="la evening", start="2030-01-31T20:00", end="2030-01-31T23:00", **la)
        await create_event(session, title="spanning", start="2029-12-30T12:00", end="2030-02-02T12:00")
        await create_event(session, title="draft", start="2030-01-10T12:00", end="2030-01-10T13:00", status="draft")
        await create_event(
            session, title="deleted", start="2030-01-10T12:00", end="2030-01-10T13:00", deleted_at=utcnow()
        )
        january = "start=2030-01-01&end=2030-01-31&pp=999"
        # in the order of the venues' wall times, as the calendar shows them
        assert await titled(client, january) == ["spanning", "la evening", "tokyo late"]
        assert await titled(client, january, ORGANIZER) == ["spanning", "la evening", "tokyo late"], "published only"
        assert await titled(client, "start=2030-02-01&end=2030-02-28&pp=999") == ["spanning", "tokyo late", "tokyo feb"]
        assert await titled(client, "start=2030-01-31&end=2030-01-31") == ["spanning", "la evening", "tokyo late"]
        assert await titled(client, "start=2030-02-03&end=2030-02-28") == []

    async def test_a_daylight_saving_change_keeps_the_wall_dates(
        self, client: httpx.AsyncClient, session: AsyncSession
    ) -> None:
        # New York springs forward on 2030-03-10: 23:30 EDT that day is 03:30 UTC the next day
        await create_event(session, title="late on the 10th", start="2030-03-10T23:30", end="2030-03-10T23:59")
        await create_event(session, title="early 11th", start="2030-03-11T00:15", end="2030-03-11T02:00")
        await create_event(session, title="over the change", start="2030-03-09T22:00", end="2030-03-10T04:00")
        assert await titled(client, "start=2030-03-10&end=2030-03-10") == ["over the change", "late on the 10th"]
        assert await titled(client, "start=2030-03-11&end=2030-03-11") == ["early 11th"]
        assert await titled(client, "start=2030-03-09&end=2030-03-09") == ["over the change"]

    async def test_with_keyword_organizations_and_period(
        self, client: httpx.AsyncClient, session: AsyncSession
    ) -> None:
        await create_event(session, title="Jam A", org_id=3, start="2030-05-02T12:00", end="2030-05-02T13:00")
        await create_event(session, title="Jam B", org_id=4, start="2030-05-03T12:00", end="2030-05-03T13:00")
        await create_event(session, title="Battle", org_id=3, start="2030-05-04T12:00", end="2030-05-04T13:00")
        may = "start=2030-05-01&end=2030-05-31&pp=999"
        assert await titled(client, f"{may}&k=jam") == ["Jam A", "Jam B"]
        assert await titled(client, f"{may}&o=3") == ["Jam A", "Battle"]
        assert await titled(client, f"{may}&o=3&k=jam&s=title-desc") == ["Jam A"]
        assert await titled(client, f"{may}&t=future&s=date-desc") == ["Battle", "Jam B", "Jam A"]
        assert await titled(client, f"{may}&t=past") == []

    async def test_a_month_in_one_statement_up_to_999(
        self, client: httpx.AsyncClient, session: AsyncSession, count_queries: Any
    ) -> None:
        for n in range(60):
            await create_event(session, title=f"jam {n}", start=f"2030-07-{n % 28 + 1:02}T12:00", end=None)
        with count_queries() as statements:
            found = await titled(client, "start=2030-07-01&end=2030-07-31&pp=999&k=jam")
        assert len(found) == 60 and len(statements) == 1

    async def test_bad_ranges_and_sizes_are_400(self, client: httpx.AsyncClient) -> None:
        await all_refused(
            client,
            "/api/events",
            "start=2030-01-01",
            "end=2030-01-31",
            "start=2030-02-30&end=2030-03-01",
            "start=2030-1-1&end=2030-01-31",
            "start=yesterday&end=2030-01-31",
            "start=2030-02-01&end=2030-01-31",
            "start=2030-01-01&end=2030-03-31",
            "start=2030-01-01&end=2030-01-31&t=draft",
            "start=2030-01-01&end=2030-01-31&pp=1000",
            "start=2030-01-01&end=2030-01-31&pp=500",
            "pp=999",
            who=ORGANIZER,
        )
        assert (await client.get("/api/events?start=2030-01-01&end=2030-03-03")).status_code == 200, "62 days"


class TestOneStatement:
    async def test_search_nearness_and_pages(
        self, client: httpx.AsyncClient, session: AsyncSession, count_queries: Any
    ) -> None:
        for n in range(7):
            await create_event(session, title=f"Jam {n}", start=local(DAY + n * HOUR), end=local(2 * DAY), **BERLIN)
        with count_queries() as statements:
            first = await titled(client, "t=future&k=jam&ulat=50&ulon=10&pp=5")
            second = await titled(client, "t=future&k=jam&ulat=50&ulon=10&pp=5&p=1")
        assert first == [f"Jam {n}" for n in range(5)] and second == ["Jam 5", "Jam 6"]
        assert len(statements) == 2


class TestTabsOfAUser:
    async def test_drafts_count_for_the_owner_only(self, client: httpx.AsyncClient, session: AsyncSession) -> None:
        await event_in(session, "future", "mine", organizer_id=STRANGER)
        await event_in(session, "future", "my draft", organizer_id=STRANGER, status="draft")
        await event_in(session, "past", "theirs draft", status="draft")
        mine = {"now": 0, "past": 0, "draft": 1, "future": 1}
        assert await tabs(client, f"u={STRANGER}", STRANGER) == mine
        assert await tabs(client, f"u={STRANGER}", ORGANIZER) == mine | {"draft": 0}
        assert await tabs(client, f"u={STRANGER}") == mine | {"draft": 0}
