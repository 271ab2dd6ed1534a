"""The events service's events of an organization: as rows of the projection, or as published envelopes."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from typing import Any

from sqlalchemy.ext.asyncio import AsyncSession

from contracts.events import (
    EventChanged,
    EventCreated,
    EventDeleted,
    EventPublished,
    EventUpdated,
    StaffAdded,
    StaffRemoved,
)
from kit.events import Envelope
from organizations.models import OrgEvent, OrgEventAdmin

DAY = timedelta(days=1)
KINDS: dict[str, type[EventChanged]] = {
    "created": EventCreated,
    "updated": EventUpdated,
    "published": EventPublished,
    "deleted": EventDeleted,
}


async def create_events(session: AsyncSession, org_id: int, *, now: int = 0, future: int = 0, past: int = 0) -> None:
    """Published events of the organization, `now` happening, `future` to come and `past` over."""
    at = datetime.now(UTC)
    spans = [(at - DAY, at + DAY)] * now + [(at + DAY, at + 2 * DAY)] * future + [(at - 2 * DAY, at - DAY)] * past
    for starts_at, ends_at in spans:
        session.add(
            OrgEvent(
                event_id=_next_id(),
                org_id=org_id,
                status="published",
                starts_at=starts_at,
                ends_at=ends_at,
                deleted=False,
                changed_at=at,
            )
        )
    await session.commit()


async def create_event(
    session: AsyncSession,
    event_id: int,
    *,
    org_id: int | None = None,
    organizer_id: int = 1,
    status: str = "published",
    admins: tuple[int, ...] = (),
) -> None:
    """An event as the projection holds it once the events service announced it and its admins."""
    at = datetime.now(UTC)
    session.add(
        OrgEvent(
            event_id=event_id,
            org_id=org_id,
            organizer_id=organizer_id,
            status=status,
            starts_at=at + DAY,
            ends_at=at + 2 * DAY,
            deleted=False,
            changed_at=at,
        )
    )
    for profile_id in admins:
        session.add(OrgEventAdmin(event_id=event_id, profile_id=profile_id, active=True, changed_at=at))
    await session.commit()


_ids = iter(range(10_000, 1_000_000))


def _next_id() -> int:
    return next(_ids)


def event_envelope(
    kind: str,
    event_id: int,
    org_id: int | None,
    *,
    status: str = "published",
    starts_at: datetime | None = None,
    ends_at: datetime | None = None,
    occurred_at: datetime | None = None,
    organizer_id: int = 1,
) -> Envelope:
    payload: dict[str, Any] = {
        "id": event_id,
        "orgId": org_id,
        "organizerId": organizer_id,
        "title": f"Event {event_id}",
        "image": None,
        "status": status,
        "startsAt": starts_at.isoformat() if starts_at else None,
        "endsAt": ends_at.isoformat() if ends_at else None,
        "timeZone": "America/New_York",
        "locationAddress": "Queens, NY, United States",
        "lat": 40.68,
        "lng": -73.84,
    }
    extra = {"occurred_at": occurred_at} if occurred_at else {}
    return Envelope.of(KINDS[kind].model_validate(payload), **extra)


def staff_envelope(
    kind: str, event_id: int, user_id: int, role: str = "admin", *, occurred_at: datetime | None = None
) -> Envelope:
    model = StaffAdded if kind == "added" else StaffRemoved
    payload = {"eventId": event_id, "userId": user_id, "role": role, "orgId": None}
    extra = {"occurred_at": occurred_at} if occurred_at else {}
    return Envelope.of(model.model_validate(payload), **extra)
