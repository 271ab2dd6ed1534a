"""The lists an organization's Events tab reads: `GET /api/events` by tab (the period computed from the clock in
SQL), sort, organizations and user, paged, one statement; drafts only for their editors; `GET /api/events/tabs`
counts the same way."""

from __future__ import annotations

from datetime import timedelta
from typing import Any
from zoneinfo import ZoneInfo

import httpx
from event.cast import DJ, EVENT_ADMIN, ORG_ADMIN, ORGANIZER, PLATFORM_ADMIN, STRANGER
from event.factories import create_event, create_org, headers
from sqlalchemy.ext.asyncio import AsyncSession

from kit.db import utcnow

ZONE = ZoneInfo("America/New_York")


def local(delta: timedelta) -> str:
    return (utcnow().astimezone(ZONE) + delta).strftime("%Y-%m-%dT%H:%M")


HOUR, DAY = timedelta(hours=1), timedelta(days=1)
SPANS = {"past": (-2 * DAY, -DAY), "now": (-HOUR, HOUR), "future": (DAY, 2 * DAY)}


async def all_refused(client: httpx.AsyncClient, path: str, *queries: str, who: int | None = None) -> None:
    """Each query of `path` answers 400 with a message."""
    for query in queries:
        answer = await client.get(f"{path}?{query}", headers=headers(who) if who else {})
        assert answer.status_code == 400, query
        assert answer.json()["error"]["message"], query


async def titled(client: httpx.AsyncClient, query: str, who: int | None = None, admin: bool = False) -> list[str]:
    answer = await client.get(f"/api/events?{query}", headers=headers(who, admin=admin) if who else {})
    assert answer.status_code == 200, answer.text
    return [item["title"] for item in answer.json()]


async def tabs(client: httpx.AsyncClient, query: str, who: int | None = None, admin: bool = False) -> dict[str, int]:
    answer = await client.get(f"/api/events/tabs?{query}", headers=headers(who, admin=admin) if who else {})
    assert answer.status_code == 200, answer.text
    return dict(answer.json())


async def event_in(session: AsyncSession, period: str, title: str, **values: Any) -> int:
    start, end = SPANS[period]
    return (await create_event(session, title=title, start=local(start), end=local(end), **values)).id


class TestTabs:
    async def test_each_period_by_the_clock_and_its_counts(
        self, client: httpx.AsyncClient, session: AsyncSession
    ) -> None:
        await create_org(session, 30, admins=[ORG_ADMIN])
        for period in ("past", "now", "future"):
            await event_in(session, period, f"{period} jam", org_id=30)
        await event_in(session, "future", "draft jam", org_id=30, status="draft")
        await event_in(session, "future", "gone jam", org_id=30, deleted_at=utcnow())
        await event_in(session, "now", "other org", org_id=31)
        for period in ("past", "now", "future"):
            assert await titled(client, f"o=30&t={period}") == [f"{period} jam"]
        assert await tabs(client, "o=30") == {"now": 1, "past": 1, "draft": 0, "future": 1}
        assert await tabs(client, "o=30", ORG_ADMIN) == {"now": 1, "past": 1, "draft": 1, "future": 1}
        item = (await client.get("/api/events?o=30&t=now")).json()[0]
        assert item["period"] == "now" and item["isFinished"] is False and item["orgId"] == 30
        assert item["timeZone"] == "America/New_York" and item["dateFlat"] and item["timeFlat"].endswith(("EST", "EDT"))

    async def test_an_event_moves_between_tabs_with_the_clock(
        self, client: httpx.AsyncClient, session: AsyncSession
    ) -> None:
        soon = (utcnow() + timedelta(minutes=2)).astimezone(ZONE).strftime("%Y-%m-%dT%H:%M")
        await create_event(session, title="starting", org_id=40, start=local(-HOUR), end=soon)
        assert await titled(client, "o=40&t=now") == ["starting"]
        assert await titled(client, "o=40&t=past") == []


class TestDrafts:
    async def test_only_their_editors_see_drafts(self, client: httpx.AsyncClient, session: AsyncSession) -> None:
        await create_org(session, 50, admins=[ORG_ADMIN])
        await event_in(session, "future", "secret", org_id=50, status="draft", admins=[EVENT_ADMIN], djs=[DJ])
        for who in (ORGANIZER, EVENT_ADMIN, ORG_ADMIN):
            assert await titled(client, "o=50&t=draft", who) == ["secret"], who
        assert await titled(client, "o=50&t=draft", PLATFORM_ADMIN, admin=True) == ["secret"]
        for who in (None, STRANGER, DJ):
            assert await titled(client, "o=50&t=draft", who) == [], who
            assert (await tabs(client, "o=50", who))["draft"] == 0

    async def test_a_users_events_organized_or_staffed(self, client: httpx.AsyncClient, session: AsyncSession) -> None:
        await event_in(session, "future", "mine", organizer_id=STRANGER)
        await event_in(session, "future", "djing", djs=[STRANGER])
        await event_in(session, "future", "not mine")
        await event_in(session, "future", "my draft", organizer_id=STRANGER, status="draft")
        assert sorted(await titled(client, f"u={STRANGER}&t=future")) == ["djing", "mine"]
        assert await titled(client, f"u={STRANGER}&t=draft", STRANGER) == ["my draft"]
        assert await titled(client, f"u={STRANGER}&t=draft", ORGANIZER) == []


class TestSortAndPages:
    async def test_sorts(self, client: httpx.AsyncClient, session: AsyncSession) -> None:
        for n, title in enumerate(["bravo", "Alpha", "charlie"]):
            await create_event(session, title=title, org_id=60, start=local(DAY * (n + 1)), end=local(DAY * (n + 2)))
        assert await titled(client, "o=60&t=future&s=date-asc") == ["bravo", "Alpha", "charlie"]
        assert await titled(client, "o=60&t=future&s=date-desc") == ["charlie", "Alpha", "bravo"]
        assert await titled(client, "o=60&t=future&s=title-asc") == ["Alpha", "bravo", "charlie"]
        assert await titled(client, "o=60&t=future&s=title-desc") == ["charlie", "bravo", "Alpha"]

    async def test_pages_of_at_most_50_in_one_statement(
        self, client: httpx.AsyncClient, session: AsyncSession, count_queries: Any
    ) -> None:
        for n in range(55):
            await create_event(session, title=f"jam {n:02}", org_id=70, start=local(DAY), end=local(2 * DAY))
        with count_queries() as statements:
            first = await titled(client, "o=70&t=future&s=title-asc&pp=50")
        assert len(first) == 50 and len(statements) == 1
        assert await titled(client, "o=70,71&t=future&s=title-asc&p=6&pp=8") == [
            "jam 48",
            "jam 49",
            "jam 50",
            "jam 51",
            "jam 52",
            "jam 53",
            "jam 54",
        ]

    async def test_bad_parameters_are_400(self, client: httpx.AsyncClient) -> None:
        await all_refused(
            client, "/api/events", "t=soon", "s=date", "o=99999999999", "u=-1", "p=-1", "pp=51", "pp=999", "pp=100000"
        )
        assert (await client.get("/api/events/tabs?o=99999999999")).status_code == 400
