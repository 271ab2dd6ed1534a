"""A profile's eventsAttended from the events service's check-ins: the events where the profile is checked in
(identity.stats: the set of (event, profile) as of the last change, recounted after each)."""

from __future__ import annotations

from sqlalchemy.ext.asyncio import AsyncSession

from contracts.events import CHECK_INS, AttendeeChanged, AttendeeCheckedIn
from identity import stats
from identity.models import AttendedEvent
from kit.consumers import Handler
from kit.events import Envelope


async def apply(session: AsyncSession, event: AttendeeChanged, envelope: Envelope) -> None:
    key = {"event_id": event.event_id, "user_id": event.user_id}
    await stats.record(
        session, AttendedEvent, key, active=isinstance(event, AttendeeCheckedIn), at=envelope.occurred_at
    )
    await stats.recount(session, [event.user_id], events_attended=stats.active_count(AttendedEvent))


handlers = [Handler("events-attended", CHECK_INS, apply)]
