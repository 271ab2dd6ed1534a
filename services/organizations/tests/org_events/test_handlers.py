"""The organization's events from the events service's events (published to NATS as the events service does):
counted by period at query time on the organization's page and in the list, applied once, an older announcement
arriving late ignored."""

from __future__ import annotations

import asyncio
from datetime import UTC, datetime, timedelta

import httpx
from org_events.factories import DAY, event_envelope
from orgs.factories import create_org
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
        ends = now + timedelta(seconds=1)
        await publish(nats_url, event_envelope("published", 7, org.id, starts_at=now - DAY, ends_at=ends))
        await settled(client, org.id, (1, 1, 0, 0))
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
