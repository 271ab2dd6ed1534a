"""events.event.cancelled: each ticket holder and battle registrant still on the platform gets a notification
linking to the event and a mail, once."""

from __future__ import annotations

import httpx
from factories import create_account
from sqlalchemy import select
from sqlalchemy.ext.asyncio import AsyncSession
from support import Mailbox

from contracts.events import EventCancelled
from identity.models import Notification
from identity.notifications.service import EVENT_CANCELLED_KIND, event_cancelled_text
from kit.events import Envelope
from kit.testing import collect_events, eventually, publish


def cancelled(event_id: int, user_ids: list[int]) -> Envelope:
    return Envelope.of(
        EventCancelled(
            id=event_id,
            org_id=None,
            organizer_id=1,
            title="Floor Wars",
            image=None,
            status="published",
            starts_at="2030-06-01T16:00:00Z",
            ends_at="2030-06-01T22:00:00Z",
            time_zone="America/New_York",
            location_address="Queens, NY, United States",
            lat=40.7,
            lng=-73.8,
            cancelled_at="2030-05-20T10:00:00Z",
            user_ids=user_ids,
        )
    )


class TestEventCancelled:
    async def test_holders_and_registrants_are_notified_and_mailed_once(
        self, client: httpx.AsyncClient, session: AsyncSession, nats_url: str, mailbox: Mailbox
    ) -> None:
        _, holder = await create_account(session, "holder@example.com")
        _, dancer = await create_account(session, "dancer@example.com")
        envelope = cancelled(41, [holder.id, dancer.id, 999_999])  # 999999: released, nobody to tell
        await publish(nats_url, envelope)
        await publish(nats_url, envelope, msg_id="a second delivery")

        async def told() -> bool:
            rows = await session.scalars(select(Notification.profile_id).execution_options(populate_existing=True))
            return sorted(rows) == sorted([holder.id, dancer.id])

        await eventually(told)
        rows = (await session.execute(select(Notification.kind, Notification.text, Notification.link))).all()
        assert {tuple(r) for r in rows} == {(EVENT_CANCELLED_KIND, event_cancelled_text("Floor Wars"), "/event/41")}
        for address in ("holder@example.com", "dancer@example.com"):
            (mail,) = await mailbox.wait_for(address)
            assert mail["subject"] == "An event you were going to has been cancelled"
            assert '"Floor Wars" has been cancelled' in mail["text"] and "http://cypher.test/event/41" in mail["text"]
        live = await collect_events(nats_url, "identity.notification.created", count=3, timeout=1.5)
        assert sorted(e.data["userId"] for e in live) == sorted([holder.id, dancer.id])
        assert len(mailbox.all()) == 2
