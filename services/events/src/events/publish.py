"""The events this service publishes, built from its rows (the payload models are in `contracts.events`) and
written to the outbox in the caller's transaction."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from sqlalchemy.ext.asyncio import AsyncSession

from contracts.events import AttendeesChanged, CarpetsUpdated, EventCancelled, EventChanged, StaffChanged
from contracts.events import Carpet as CarpetPayload
from events.events import rules
from events.models import Carpet, Event
from kit import outbox


def event_fields(event: Event) -> dict[str, Any]:
    return {
        "id": event.id,
        "org_id": event.org_id,
        "organizer_id": event.organizer_id,
        "title": event.title,
        "image": event.image,
        "status": event.status,
        "starts_at": rules.utc_iso(event.starts_at),
        "ends_at": rules.utc_iso(event.ends_at),
        "time_zone": event.time_zone,
        "location_address": event.location_address,
        "lat": event.lat,
        "lng": event.lng,
        "cancelled_at": rules.utc_iso(event.cancelled_at),
    }


async def event_changed(session: AsyncSession, kind: type[EventChanged], event: Event) -> None:
    """`kind` is EventCreated, EventUpdated, EventPublished or EventDeleted."""
    await outbox.add(session, kind(**event_fields(event)))


async def event_cancelled(session: AsyncSession, event: Event, user_ids: Sequence[int]) -> None:
    await outbox.add(session, EventCancelled(**event_fields(event), user_ids=sorted(set(user_ids))))


async def attendees_changed(session: AsyncSession, event_id: int) -> None:
    await outbox.add(session, AttendeesChanged(event_id=event_id))


async def staff_changed(session: AsyncSession, kind: type[StaffChanged], event: Event, user_id: int, role: str) -> None:
    """`kind` is StaffAdded or StaffRemoved."""
    await outbox.add(session, kind(event_id=event.id, user_id=user_id, role=role, org_id=event.org_id))


async def carpets_updated(session: AsyncSession, event: Event, carpets: Sequence[Carpet]) -> None:
    payload = CarpetsUpdated(event_id=event.id, carpets=[CarpetPayload(id=c.id, name=c.name) for c in carpets])
    await outbox.add(session, payload)
