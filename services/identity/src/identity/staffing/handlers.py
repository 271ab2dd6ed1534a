"""A profile's eventsDj from the events service: the published, not deleted events where the profile is a DJ.
Recounted after each change (identity.stats), and only the events that count count."""

from __future__ import annotations

from sqlalchemy import Select, select
from sqlalchemy.ext.asyncio import AsyncSession

from contracts.events import (
    STAFF_CHANGES,
    EventChanged,
    EventCreated,
    EventDeleted,
    EventPublished,
    EventUpdated,
    StaffAdded,
    StaffChanged,
)
from identity import stats
from identity.models import EventDj, StaffedEvent
from kit.consumers import Handler
from kit.events import Envelope
from kit.projections import upsert_as_of


async def apply_event(session: AsyncSession, event: EventChanged, envelope: Envelope) -> None:
    values = {"status": event.status, "deleted": isinstance(event, EventDeleted)}
    await upsert_as_of(session, StaffedEvent, {"event_id": event.id}, values, at=envelope.occurred_at)
    djs = select(EventDj.user_id).where(EventDj.event_id == event.id)
    await _recount(session, djs)


async def apply_staff(session: AsyncSession, event: StaffChanged, envelope: Envelope) -> None:
    if event.role != "dj":
        return
    key = {"event_id": event.event_id, "user_id": event.user_id}
    await stats.record(session, EventDj, key, active=isinstance(event, StaffAdded), at=envelope.occurred_at)
    await _recount(session, [event.user_id])


async def _recount(session: AsyncSession, user_ids: Select[tuple[int]] | list[int]) -> None:
    counted = stats.active_count(
        EventDj,
        EventDj.event_id.in_(
            select(StaffedEvent.event_id).where(StaffedEvent.status == "published", ~StaffedEvent.deleted)
        ),
    )
    await stats.recount(session, user_ids, events_dj=counted)


async def apply(session: AsyncSession, event: EventChanged | StaffChanged, envelope: Envelope) -> None:
    if isinstance(event, StaffChanged):
        await apply_staff(session, event, envelope)
    else:
        await apply_event(session, event, envelope)


# One durable consumer over the EVENTS stream keeps an event's and its staff's announcements in order.
handlers = [Handler("events-dj", (EventCreated, EventUpdated, EventPublished, EventDeleted, *STAFF_CHANGES), apply)]
