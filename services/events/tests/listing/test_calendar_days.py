"""The calendar grid's bounded answer, `GET /api/events/calendar`: each venue-local day's total and first perDay
events, in one statement, whatever the month holds; the same dates, filters and 400s as `/api/events`' start/end."""

from __future__ import annotations

from typing import Any

import httpx
from event.cast import ORGANIZER
from event.factories import create_event, headers
from listing.test_router import all_refused
from sqlalchemy import text
from sqlalchemy.ext.asyncio import AsyncSession

from kit.db import utcnow


async def days_of(client: httpx.AsyncClient, query: str, who: int | None = None) -> dict[str, tuple[int, list[str]]]:
    """{date: (total, the listed titles)} in the answer's order."""
    answer = await client.get(f"/api/events/calendar?{query}", headers=headers(who) if who else {})
    assert answer.status_code == 200, answer.text
    return {day["date"]: (day["total"], [event["title"] for event in day["events"]]) for day in answer.json()["days"]}


class TestCalendarDays:
    async def test_the_first_per_day_by_wall_time_and_the_days_total(
        self, client: httpx.AsyncClient, session: AsyncSession
    ) -> None:
        for hour in (18, 9, 12, 15, 10, 21):  # created out of order: the wall time decides, then the id
            await create_event(session, title=f"{hour:02}h", start=f"2030-05-02T{hour:02}:00", end=None)
        await create_event(session, title="09h bis", start="2030-05-02T09:00", end=None)
        await create_event(session, title="one", start="2030-05-20T12:00", end=None)
        may = "start=2030-05-01&end=2030-05-31"
        assert await days_of(client, may) == {
            "2030-05-02": (7, ["09h", "09h bis", "10h", "12h"]),
            "2030-05-20": (1, ["one"]),
        }, "perDay 4 by default; only days with events, in date order"
        assert await days_of(client, f"{may}&perDay=2") == {
            "2030-05-02": (7, ["09h", "09h bis"]),
            "2030-05-20": (1, ["one"]),
        }
        assert (await days_of(client, f"{may}&perDay=10"))["2030-05-02"][1] == [
            "09h", "09h bis", "10h", "12h", "15h", "18h", "21h"
        ]  # fmt: skip
        answer = await client.get(f"/api/events/calendar?{may}&perDay=1")
        item = answer.json()["days"][0]["events"][0]
        assert {"id", "title", "dateStart", "timeZone", "period", "locationAddress"} <= item.keys(), "list items"

    async def test_a_multi_day_event_counts_on_each_day_it_touches(
        self, client: httpx.AsyncClient, session: AsyncSession
    ) -> None:
        await create_event(session, title="weekend", start="2030-05-03T20:00", end="2030-05-05T02:00")
        await create_event(session, title="sat", start="2030-05-04T12:00", end="2030-05-04T13:00")
        await create_event(session, title="from april", start="2030-04-28T12:00", end="2030-05-01T10:00")
        found = await days_of(client, "start=2030-05-01&end=2030-05-31")
        assert found == {
            "2030-05-01": (1, ["from april"]),
            "2030-05-03": (1, ["weekend"]),
            "2030-05-04": (2, ["weekend", "sat"]),
            "2030-05-05": (1, ["weekend"]),
        }
        assert await days_of(client, "start=2030-05-04&end=2030-05-04&perDay=1") == {"2030-05-04": (2, ["weekend"])}

    async def test_the_venues_local_dates_decide_published_only(
        self, client: httpx.AsyncClient, session: AsyncSession
    ) -> None:
        tokyo = {"time_zone": "Asia/Tokyo"}
        # 23:30 on the 31st in Tokyo is 14:30 UTC: on the 31st (and the 1st, which it runs into) everywhere
        await create_event(session, title="tokyo late", start="2030-01-31T23:30", end="2030-02-01T02:00", **tokyo)
        la = {"time_zone": "America/Los_Angeles"}  # 20:00 on the 31st in Los Angeles is already February in UTC
        await create_event(session, title="la evening", start="2030-01-31T20:00", end="2030-01-31T23:00", **la)
        await create_event(session, title="draft", start="2030-01-31T12:00", end="2030-01-31T13:00", status="draft")
        await create_event(
            session, title="deleted", start="2030-01-31T12:00", end="2030-01-31T13:00", deleted_at=utcnow()
        )
        expected = {"2030-01-31": (2, ["la evening", "tokyo late"])}
        assert await days_of(client, "start=2030-01-01&end=2030-01-31") == expected
        assert await days_of(client, "start=2030-01-01&end=2030-01-31", ORGANIZER) == expected, "published only"
        assert await days_of(client, "start=2030-02-01&end=2030-02-28") == {"2030-02-01": (1, ["tokyo late"])}

    async def test_keyword_and_organizations_filter_the_totals_too(
        self, client: httpx.AsyncClient, session: AsyncSession
    ) -> None:
        await create_event(session, title="Jam A", org_id=3, start="2030-05-02T12:00", end="2030-05-02T13:00")
        await create_event(session, title="Jam B", org_id=4, start="2030-05-02T14:00", end="2030-05-02T15:00")
        await create_event(session, title="Battle", org_id=3, start="2030-05-02T16:00", end="2030-05-02T17:00")
        may = "start=2030-05-01&end=2030-05-31"
        assert await days_of(client, f"{may}&k=jam") == {"2030-05-02": (2, ["Jam A", "Jam B"])}
        assert await days_of(client, f"{may}&o=3") == {"2030-05-02": (2, ["Jam A", "Battle"])}
        assert await days_of(client, f"{may}&o=3,4&k=bat") == {"2030-05-02": (1, ["Battle"])}
        assert await days_of(client, f"{may}&o=5") == {}

    async def test_a_full_grid_in_one_statement_beyond_999(
        self, client: httpx.AsyncClient, session: AsyncSession, count_queries: Any
    ) -> None:
        # 42 days of 25 events each: 1,050 events, more than /api/events' 999, all counted, 4 listed a day
        await session.execute(
            text(
                "INSERT INTO event (organizer_id, status, title, time_zone, local_start, starts_at)"
                " SELECT 1, 'published', 'jam ' || n, 'UTC', at, at AT TIME ZONE 'UTC'"
                " FROM (SELECT n, timestamp '2030-06-01 00:00' + (n % 42) * interval '1 day'"
                " + (n % 25) * interval '30 minutes' AS at FROM generate_series(0, 1049) AS n) AS s"
            )
        )
        await session.commit()
        with count_queries() as statements:
            found = await days_of(client, "start=2030-06-01&end=2030-07-12&k=jam")
        assert len(statements) == 1
        assert len(found) == 42 and all(total == 25 and len(titles) == 4 for total, titles in found.values())

    async def test_bad_values_are_400(self, client: httpx.AsyncClient) -> None:
        await all_refused(
            client,
            "/api/events/calendar",
            "",
            "start=2030-01-01",
            "end=2030-01-31",
            "start=2030-02-30&end=2030-03-01",
            "start=2030-1-1&end=2030-01-31",
            "start=2030-02-01&end=2030-01-31",
            "start=2030-01-01&end=2030-03-31",
            "start=2030-01-01&end=2030-01-31&perDay=0",
            "start=2030-01-01&end=2030-01-31&perDay=11",
            "start=2030-01-01&end=2030-01-31&perDay=two",
            "start=2030-01-01&end=2030-01-31&o=99999999999",
            who=ORGANIZER,
        )
        assert (await client.get("/api/events/calendar?start=2030-01-01&end=2030-03-03")).status_code == 200, "62"
        assert (await client.get("/api/events/calendar")).json()["error"]["message"] == (
            "start and end: the calendar's days need both dates (yyyy-mm-dd)"
        )
