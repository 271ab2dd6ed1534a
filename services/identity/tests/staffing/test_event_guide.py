"""The organizer of a newly published event gets the How To Guide with the event's link and its QR code."""

from __future__ import annotations

from typing import Any

import httpx
from factories import create_account, event_announced
from sqlalchemy import func, select
from sqlalchemy.ext.asyncio import AsyncSession
from support import Mailbox

from contracts.events import EventPublished, EventUpdated
from identity.models import Mail
from kit.events import Envelope
from kit.testing import publish


def announced(kind: type[Any], event_id: int, organizer_id: int, title: str = "Floor Wars") -> Envelope:
    return event_announced(kind, event_id, organizer_id=organizer_id, title=title)


async def queued(session: AsyncSession) -> int:
    return int(await session.scalar(select(func.count()).select_from(Mail)) or 0)


class TestEventGuide:
    async def test_the_organizer_gets_the_guide_once_per_publication(
        self, client: httpx.AsyncClient, session: AsyncSession, nats_url: str, mailbox: Mailbox
    ) -> None:
        _, organizer = await create_account(session, "organizer@example.com")
        published = announced(EventPublished, 41, organizer.id)
        await publish(nats_url, published)
        await publish(nats_url, published, msg_id="a second delivery")
        await publish(nats_url, announced(EventUpdated, 41, organizer.id))  # a save is not a publication
        await publish(nats_url, announced(EventPublished, 42, 999_999))  # no such profile: nobody to write to
        await publish(nats_url, announced(EventPublished, 43, organizer.id, title="Second Jam"))
        first, second = sorted(await mailbox.wait_for("organizer@example.com", count=2), key=lambda m: m["text"])
        assert first["subject"] == "Your event is published: a How To Guide"
        assert "Floor Wars" in first["text"] and "http://cypher.test/event/41" in first["text"]
        assert '<img src="http://cypher.test/api/events/41/qr.png"' in first["html"]
        assert "Second Jam" in second["text"]
        assert len(mailbox.all()) == 2 and await queued(session) == 2
