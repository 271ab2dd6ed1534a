"""The organization's events from the events service's events (published to NATS as the events service does):
counted by period at query time on the organization's page and in the list, applied once, an older announcement
arriving late ignored."""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable
from datetime import UTC, datetime, timedelta

import httpx
from org_events.factories import DAY, event_envelope, staff_envelope
from orgs.factories import create_org, headers
from profiles.factories import publish
from sqlalchemy.ext.asyncio import AsyncSession

from kit.testing import eventually


async def counts(client: httpx.AsyncClient, org_id: int) -> tuple[int, int, int, int]:
    page = (await client.get(f"/api/orgs/{org_id}")).json()
    item = next(i for i in (await client.get("/api/orgs")).json()["items"] if i["id"] == org_id)
    return page["totalEvents"], item["current"], item["future"], item["past"]


async def settled(client: httpx.AsyncClient, org_id: int, expected: tuple[int, int, int, int]) -> None:
    async def check() -> bool:
        return await counts(client, org_id) == expected

    await eventually(check)


class TestOrganizationEvents:
    async def test_published_events_count_by_period_and_drafts_do_not(
        self, client: httpx.AsyncClient, session: AsyncSession, nats_url: str
    ) -> None:
        org = await create_org(session)
        now = datetime.now(UTC)
        await publish(nats_url, event_envelope("created", 1, org.id, status="draft"))
        happening = event_envelope("published", 2, org.id, starts_at=now - DAY, ends_at=now + DAY)
        await publish(nats_url, happening)
        await publish(nats_url, happening, msg_id="a second delivery")
        await publish(nats_url, event_envelope("published", 3, org.id, starts_at=now + DAY, ends_at=now + 2 * DAY))
        await publish(nats_url, event_envelope("published", 4, org.id, starts_at=now - 2 * DAY, ends_at=now - DAY))
        await settled(client, org.id, (3, 1, 1, 1))

    async def test_the_period_follows_the_clock_without_a_new_announcement(
        self, client: httpx.AsyncClient, session: AsyncSession, nats_url: str
    ) -> None:
        org = await create_org(session)
        now = datetime.now(UTC)
        ends = now + timedelta(seconds=3)
        await publish(nats_url, event_envelope("published", 7, org.id, starts_at=now - DAY, ends_at=ends))

        async def arrived() -> tuple[int, int, int, int] | None:
            found = await counts(client, org.id)
            return found if found[0] == 1 else None

        seen = await eventually(arrived)
        # a read that ended before the end saw it happening now (a loaded machine may deliver it later than that)
        if datetime.now(UTC) < ends:
            assert seen == (1, 1, 0, 0)
        await asyncio.sleep(max(0.0, (ends - datetime.now(UTC)).total_seconds()) + 0.2)
        assert await counts(client, org.id) == (1, 0, 0, 1)

    async def test_an_end_before_the_start_is_past_once_the_end_has_passed(
        self, client: httpx.AsyncClient, session: AsyncSession, nats_url: str
    ) -> None:
        """Past if the end is before now, future if the start is after now: checked in that order."""
        org = await create_org(session)
        now = datetime.now(UTC)
        await publish(nats_url, event_envelope("published", 8, org.id, starts_at=now + DAY, ends_at=now - DAY))
        await settled(client, org.id, (1, 0, 0, 1))

    async def test_deleted_moved_and_late_announcements(
        self, client: httpx.AsyncClient, session: AsyncSession, nats_url: str
    ) -> None:
        first = await create_org(session, name="First")
        second = await create_org(session, name="Second")
        now = datetime.now(UTC)
        span = {"starts_at": now + DAY, "ends_at": now + 2 * DAY}
        await publish(nats_url, event_envelope("published", 11, first.id, **span))
        await publish(nats_url, event_envelope("published", 12, first.id, **span))
        await settled(client, first.id, (2, 0, 2, 0))
        await publish(nats_url, event_envelope("updated", 12, second.id, **span))  # moved to another organization
        await settled(client, second.id, (1, 0, 1, 0))
        await publish(nats_url, event_envelope("deleted", 11, first.id, **span))
        await settled(client, first.id, (0, 0, 0, 0))
        # An announcement older than the deletion, delivered late, does not bring the event back.
        stale = event_envelope("updated", 11, first.id, occurred_at=now - timedelta(minutes=5), **span)
        await publish(nats_url, stale)
        await publish(nats_url, event_envelope("published", 13, second.id, **span))
        await settled(client, second.id, (2, 0, 2, 0))
        assert await counts(client, first.id) == (0, 0, 0, 0)


class TestEventEditors:
    """The event's organizer and admins, as announced, add its clips; hosts and DJs do not; a removal stands
    against an older "added" delivered late."""

    async def test_admins_come_and_go_with_the_staff_events(
        self, client: httpx.AsyncClient, session: AsyncSession, nats_url: str
    ) -> None:
        organizer, admin, host = 60, 61, 62  # 71: a later admin
        now = datetime.now(UTC)

        async def may_add(who: int) -> bool:
            response = await client.post("/api/media", json={"link": CLIP, "eventId": 31}, headers=headers(who))
            return response.status_code == 200

        await publish(nats_url, event_envelope("published", 31, None, organizer_id=organizer))
        await eventually(lambda: may_add(organizer))
        await publish(nats_url, staff_envelope("added", 31, admin))
        await publish(nats_url, staff_envelope("added", 31, host, "host"))
        await eventually(lambda: may_add(admin))
        assert not await may_add(host)
        await publish(nats_url, staff_envelope("removed", 31, admin))
        await eventually(lambda: _not(may_add(admin)))
        await publish(nats_url, staff_envelope("added", 31, admin, occurred_at=now - timedelta(minutes=5)))
        # One consumer takes the staff events in order: once a later admin may add, the late one was applied.
        await publish(nats_url, staff_envelope("added", 31, admin + 10))
        await eventually(lambda: may_add(admin + 10))
        assert not await may_add(admin)


CLIP = "dQw4w9WgXcQ"


async def _not(check: Awaitable[bool]) -> bool:
    return not await check
