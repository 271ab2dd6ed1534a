"""Attendance in identity: a profile's eventsAttended from events.attendee.*, the feedback request's notifications
(events.feedback.requested) and the emails the events service's Check-in page asks for."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from typing import Any

import httpx
from factories import create_account, headers_for, stats_are
from sqlalchemy import func, select
from sqlalchemy.ext.asyncio import AsyncSession

from contracts.events import AttendeeCheckedIn, AttendeeUnchecked, FeedbackRequested
from identity.models import Notification
from kit.events import Envelope
from kit.testing import eventually, publish


def attendee(kind: type[Any], event_id: int, user_id: int, **extra: Any) -> Envelope:
    payload = {
        "eventId": event_id,
        "userId": user_id,
        "checkedInAt": "2030-06-01T17:00:00Z" if kind is AttendeeCheckedIn else None,
        "checkedIn": 1,
        "total": 3,
    }
    return Envelope.of(kind.model_validate(payload), **extra)


class TestEventsAttended:
    async def test_counts_each_event_once(
        self, client: httpx.AsyncClient, session: AsyncSession, nats_url: str
    ) -> None:
        _, profile = await create_account(session)
        checked = attendee(AttendeeCheckedIn, 1, profile.id)
        await publish(nats_url, checked)
        await publish(nats_url, checked, msg_id="a second delivery")
        # A replayed check-in is not announced twice by the events service; were it announced again, still one.
        await publish(nats_url, attendee(AttendeeCheckedIn, 1, profile.id))
        await publish(nats_url, attendee(AttendeeCheckedIn, 2, profile.id))
        await stats_are(client, profile.id, eventsAttended=2)

    async def test_uncheck_and_a_late_older_check_in(
        self, client: httpx.AsyncClient, session: AsyncSession, nats_url: str
    ) -> None:
        _, profile = await create_account(session)
        now = datetime.now(UTC)
        await publish(nats_url, attendee(AttendeeCheckedIn, 7, profile.id))
        await publish(nats_url, attendee(AttendeeCheckedIn, 8, profile.id))
        await stats_are(client, profile.id, eventsAttended=2)
        await publish(nats_url, attendee(AttendeeUnchecked, 7, profile.id))
        await stats_are(client, profile.id, eventsAttended=1)
        # Older than the un-check, delivered late: the profile stays un-checked.
        await publish(nats_url, attendee(AttendeeCheckedIn, 7, profile.id, occurred_at=now - timedelta(minutes=5)))
        await publish(nats_url, attendee(AttendeeCheckedIn, 9, profile.id))
        await stats_are(client, profile.id, eventsAttended=2)


class TestFeedbackRequest:
    async def test_one_notification_per_attendee_linking_to_the_feedback_tab(
        self, client: httpx.AsyncClient, session: AsyncSession, nats_url: str
    ) -> None:
        one_account, one = await create_account(session, "one@example.com")
        _, two = await create_account(session, "two@example.com")
        _, other = await create_account(session, "other@example.com")
        request = Envelope.of(FeedbackRequested(event_id=41, title="Floor Wars", user_ids=[one.id, two.id, 999_999]))
        await publish(nats_url, request)
        await publish(nats_url, request, msg_id="a second delivery")

        async def count() -> int:
            return int(await session.scalar(select(func.count()).select_from(Notification)) or 0)

        async def two_written() -> bool:
            return await count() == 2

        await eventually(two_written)
        listed = (await client.get("/api/notifications", headers=headers_for(one_account, one))).json()["items"]
        assert [(n["kind"], n["link"]) for n in listed] == [("event_feedback", "/event/41?tab=feedback")]
        assert "Floor Wars" in listed[0]["text"]
        owners = set(await session.scalars(select(Notification.profile_id)))
        assert owners == {one.id, two.id} and other.id not in owners


class TestInternalEmails:
    async def test_the_accounts_emails_of_the_profiles_that_exist(
        self, client: httpx.AsyncClient, session: AsyncSession
    ) -> None:
        _, one = await create_account(session, "one@example.com")
        _, two = await create_account(session, "two@example.com")
        response = await client.get(f"/internal/profiles/emails?ids={two.id},{one.id},999")
        assert response.status_code == 200
        assert response.json() == [
            {"id": one.id, "email": "one@example.com"},
            {"id": two.id, "email": "two@example.com"},
        ]
        assert (await client.get("/internal/profiles/emails")).json() == []
        too_many = ",".join(str(i) for i in range(1, 202))
        assert (await client.get(f"/internal/profiles/emails?ids={too_many}")).status_code == 400

    async def test_never_through_the_gateway(self, client: httpx.AsyncClient, session: AsyncSession) -> None:
        _, one = await create_account(session, "one@example.com")
        forwarded = {"X-Forwarded-For": "203.0.113.9"}
        response = await client.get(f"/internal/profiles/emails?ids={one.id}", headers=forwarded)
        assert response.status_code == 404

    async def test_the_public_lookup_carries_no_email(self, client: httpx.AsyncClient, session: AsyncSession) -> None:
        _, one = await create_account(session, "one@example.com")
        (found,) = (await client.get(f"/internal/profiles?ids={one.id}")).json()
        assert "email" not in found
