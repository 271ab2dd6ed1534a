"""Consumer of the events service: the organization's events, counted by period on its page and in lists, and
each event's organizer and admins, who edit its clips."""

from __future__ import annotations

from sqlalchemy.ext.asyncio import AsyncSession

from contracts.events import (
    STAFF_CHANGES,
    EventChanged,
    EventCreated,
    EventDeleted,
    EventPublished,
    EventUpdated,
    StaffChanged,
)
from kit.consumers import Handler
from kit.events import Envelope
from organizations.org_events.repository import org_event_repository


async def apply_event(session: AsyncSession, event: EventChanged, envelope: Envelope) -> None:
    await org_event_repository.apply(session, event, envelope.occurred_at)


async def apply_staff(session: AsyncSession, event: StaffChanged, envelope: Envelope) -> None:
    await org_event_repository.apply_admin(session, event, envelope.occurred_at)


handlers = [
    Handler("org-events", (EventCreated, EventUpdated, EventPublished, EventDeleted), apply_event),
    Handler("org-event-admins", STAFF_CHANGES, apply_staff),
]
