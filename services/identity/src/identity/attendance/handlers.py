"""A profile's eventsAttended from the events service's check-ins: the events where the profile is checked in.
Kept as the set of (event, profile) with the time of the last change and recounted from it (never incremented), so
a redelivery, a replayed check-in or a late older event cannot make it drift."""

from __future__ import annotations

from sqlalchemy import func, select, update
from sqlalchemy.dialects.postgresql import insert
from sqlalchemy.ext.asyncio import AsyncSession

from contracts.events import AttendeeChanged, AttendeeCheckedIn, AttendeeUnchecked
from identity.models import AttendedEvent, Profile
from kit.consumers import Handler
from kit.events import Envelope


async def apply(session: AsyncSession, event: AttendeeChanged, envelope: Envelope) -> None:
    statement = insert(AttendedEvent).values(
        event_id=event.event_id,
        user_id=event.user_id,
        active=isinstance(event, AttendeeCheckedIn),
        changed_at=envelope.occurred_at,
    )
    await session.execute(
        statement.on_conflict_do_update(
            index_elements=[AttendedEvent.event_id, AttendedEvent.user_id],
            set_={"active": statement.excluded.active, "changed_at": statement.excluded.changed_at},
            where=AttendedEvent.changed_at <= statement.excluded.changed_at,
        )
    )
    counted = (
        select(func.count())
        .select_from(AttendedEvent)
        .where(AttendedEvent.user_id == Profile.id, AttendedEvent.active)
        .scalar_subquery()
    )
    await session.execute(update(Profile).where(Profile.id == event.user_id).values(events_attended=counted))


handlers = [Handler("events-attended", (AttendeeCheckedIn, AttendeeUnchecked), apply)]
