"""After an event ends its checked-in attendees are asked for feedback, once: the worker marks the event and
publishes events.feedback.requested (identity turns it into the notifications)."""

from __future__ import annotations

from datetime import timedelta

import httpx
from attendance.factories import check_in_row, event_at
from sqlalchemy.ext.asyncio import AsyncSession

from events.feedback.worker import next_end, request_due
from events.models import Event
from kit.db import transaction, utcnow
from kit.testing import collect_events, eventually
from kit.testing.plugin import AppClient

DANCER = 20
OTHER = 21


async def end_now(session: AsyncSession, *events: Event, ago: timedelta = timedelta(minutes=1)) -> None:
    """The events end (their attendees checked in meanwhile: the app's own worker runs beside the test)."""
    for event in events:
        event.ends_at = utcnow() - ago
        event.starts_at = event.ends_at - timedelta(hours=2)
    await session.commit()


async def requests(nats_url: str, count: int = 10) -> list[dict[str, object]]:
    found = await collect_events(nats_url, "events.feedback.requested", count=count, timeout=1.0)
    return [e.data for e in found]


async def test_once_after_the_end(client: httpx.AsyncClient, session: AsyncSession, nats_url: str) -> None:
    ended = await event_at(session, "now", title="Floor Wars")
    for who in (OTHER, DANCER):
        await check_in_row(session, ended, who)
    running = await event_at(session, "now")
    await check_in_row(session, running, DANCER)
    nobody = await event_at(session, "past")
    long_ago = await event_at(session, "now")
    await check_in_row(session, long_ago, DANCER)
    draft = await event_at(session, "past", status="draft")
    await end_now(session, long_ago, ago=timedelta(days=8))
    await end_now(session, ended)
    sessionmaker = client._transport.app.state.sessionmaker  # type: ignore[attr-defined]
    # The app's own worker may be doing the same meanwhile: whoever claims an event, it is asked once.
    async with transaction(sessionmaker) as work:
        assert await request_due(work, utcnow()) in (0, 1, 2)  # the ended event and the one nobody attended
    async with transaction(sessionmaker) as work:
        assert await request_due(work, utcnow()) == 0  # once
        assert await next_end(work, utcnow()) is not None  # the running event's end
    assert await requests(nats_url) == [{"eventId": ended.id, "title": "Floor Wars", "userIds": [DANCER, OTHER]}]
    for event, asked in ((ended, True), (nobody, True), (running, False), (long_ago, False), (draft, False)):
        await session.refresh(event)
        assert (event.feedback_requested_at is not None) is asked, event.id


async def test_the_worker_asks_on_its_own(app_with: AppClient, nats_url: str) -> None:
    async with app_with(feedback_poll_seconds=0.2) as client:
        async with client.app.state.sessionmaker() as session:  # type: ignore[attr-defined]
            event = await event_at(session, "now")
            await check_in_row(session, event, DANCER)
            await end_now(session, event)

        async def asked() -> bool:
            async with client.app.state.sessionmaker() as session:  # type: ignore[attr-defined]
                found = await session.get(Event, event.id)
                return found is not None and found.feedback_requested_at is not None

        await eventually(asked)
        (request,) = await collect_events(nats_url, "events.feedback.requested", count=1, timeout=10.0)
    assert request.data["userIds"] == [DANCER]
