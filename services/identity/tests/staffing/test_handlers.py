"""A profile's eventsDj from the events service's events (published to NATS as its relay does): the published,
not deleted events where the profile is a DJ; hosts and admins do not count; redeliveries and late older
announcements change nothing."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from typing import Any

import httpx
from factories import create_account, event_announced, stats_are
from sqlalchemy.ext.asyncio import AsyncSession

from contracts.events import EventDeleted, EventPublished, EventUpdated, StaffAdded, StaffRemoved
from kit.events import Envelope
from kit.testing import publish


def event(kind: type[Any], event_id: int, status: str = "published", **extra: Any) -> Envelope:
    return event_announced(kind, event_id, status=status, **extra)


def staff(kind: type[Any], event_id: int, user_id: int, role: str = "dj", **extra: Any) -> Envelope:
    payload = {"eventId": event_id, "userId": user_id, "role": role, "orgId": None}
    return Envelope.of(kind.model_validate(payload), **extra)


class TestEventsDj:
    async def test_published_events_where_the_profile_djs(
        self, client: httpx.AsyncClient, session: AsyncSession, nats_url: str
    ) -> None:
        _, profile = await create_account(session)
        await publish(nats_url, event(EventPublished, 1))
        await publish(nats_url, event(EventUpdated, 2, status="draft"))
        await publish(nats_url, event(EventPublished, 3))
        added = staff(StaffAdded, 1, profile.id)
        await publish(nats_url, added)
        await publish(nats_url, added, msg_id="a second delivery")
        await publish(nats_url, staff(StaffAdded, 2, profile.id))  # a draft: not yet
        await publish(nats_url, staff(StaffAdded, 3, profile.id, role="host"))  # a host is not a DJ
        await stats_are(client, profile.id, eventsDj=1)
        await publish(nats_url, event(EventPublished, 2))
        await stats_are(client, profile.id, eventsDj=2)

    async def test_removal_deletion_and_a_late_older_announcement(
        self, client: httpx.AsyncClient, session: AsyncSession, nats_url: str
    ) -> None:
        _, profile = await create_account(session)
        now = datetime.now(UTC)
        for event_id in (5, 6):
            await publish(nats_url, event(EventPublished, event_id))
            await publish(nats_url, staff(StaffAdded, event_id, profile.id))
        await stats_are(client, profile.id, eventsDj=2)
        await publish(nats_url, staff(StaffRemoved, 5, profile.id))
        await stats_are(client, profile.id, eventsDj=1)
        await publish(nats_url, event(EventDeleted, 6))
        await stats_are(client, profile.id, eventsDj=0)
        # Older than the removal, delivered late: the profile stays removed.
        await publish(nats_url, staff(StaffAdded, 5, profile.id, occurred_at=now - timedelta(minutes=5)))
        await publish(nats_url, event(EventPublished, 7))
        await publish(nats_url, staff(StaffAdded, 7, profile.id))
        await stats_are(client, profile.id, eventsDj=1)
