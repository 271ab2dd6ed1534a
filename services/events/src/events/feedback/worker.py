"""The feedback request: once an event has ended, its checked-in attendees are asked for feedback, once
(`event.feedback_requested_at` marks it, in the transaction that writes `events.feedback.requested` to the
outbox; identity turns it into one notification per attendee). Replicas claim events with SKIP LOCKED."""

from __future__ import annotations

from datetime import datetime, timedelta

from fastapi import FastAPI
from sqlalchemy import func, select, update
from sqlalchemy.ext.asyncio import AsyncSession, async_sessionmaker
from sqlalchemy.sql.elements import ColumnElement

from contracts.events import FeedbackRequested
from events.models import Attendee, Event
from kit import outbox
from kit.db import transaction, utcnow
from kit.workers import NotifiedLoop

BATCH = 50
# An event that ended longer ago than this is not asked about any more (events that ended before this feature
# existed, or while the service was down for days): a request that late is noise.
WINDOW = timedelta(days=7)
# In every statement of the loop: the tests' query counts leave the loop's statements out by this word
# (ServiceSpec.background_tables), as they do the relay's.
MARK = "/* feedback_requests */"
CHANNEL = "events_feedback_wake"  # nothing notifies yet: the loop sleeps until the next end it knows of


def _ended() -> ColumnElement[datetime]:
    return func.coalesce(Event.ends_at, Event.starts_at)


def _waiting() -> list[ColumnElement[bool]]:
    return [Event.status == "published", Event.deleted_at.is_(None), Event.feedback_requested_at.is_(None)]


async def request_due(session: AsyncSession, now: datetime) -> int:
    """One batch of ended events: marked, and their attendees asked. How many events."""
    ended = _ended()
    claim = (
        select(Event.id, Event.title)
        .prefix_with(MARK)
        .where(*_waiting(), ended < now, ended > now - WINDOW)
        .order_by(ended, Event.id)
        .limit(BATCH)
        .with_for_update(of=Event, skip_locked=True)
    )
    events = (await session.execute(claim)).all()
    if not events:
        return 0
    ids = [event.id for event in events]
    await session.execute(update(Event).prefix_with(MARK).where(Event.id.in_(ids)).values(feedback_requested_at=now))
    attendees = await session.execute(
        select(Attendee.event_id, Attendee.user_id)
        .prefix_with(MARK)
        .where(Attendee.event_id.in_(ids))
        .order_by(Attendee.event_id, Attendee.user_id)
    )
    user_ids: dict[int, list[int]] = {}
    for event_id, user_id in attendees.all():
        user_ids.setdefault(event_id, []).append(user_id)
    for event in events:
        if event.id in user_ids:
            await outbox.add(
                session, FeedbackRequested(event_id=event.id, title=event.title, user_ids=user_ids[event.id])
            )
    return len(events)


async def next_end(session: AsyncSession, now: datetime) -> datetime | None:
    ended = _ended()
    return await session.scalar(select(func.min(ended)).prefix_with(MARK).where(*_waiting(), ended >= now))


class FeedbackRequester:
    def __init__(self, sessionmaker: async_sessionmaker[AsyncSession], poll_seconds: float):
        self.sessionmaker = sessionmaker
        self.poll_seconds = poll_seconds

    async def step(self) -> float:
        async with transaction(self.sessionmaker) as session:
            done = await request_due(session, utcnow())
        if done >= BATCH:
            return 0
        async with self.sessionmaker() as session:
            due = await next_end(session, utcnow())
        if due is None:
            return self.poll_seconds
        return max(0.0, (due - utcnow()).total_seconds()) + 0.5


def feedback_requester(app: FastAPI) -> NotifiedLoop:
    """The worker factory for `create_service_app(workers=...)`. An event saved with a new end is seen at the
    next poll at the latest."""
    settings = app.state.settings
    requester = FeedbackRequester(app.state.sessionmaker, settings.feedback_poll_seconds)
    return NotifiedLoop(
        "feedback-requests",
        requester.step,
        database_url=settings.listen_url,
        channel=CHANNEL,
        poll_seconds=settings.feedback_poll_seconds,
    )
