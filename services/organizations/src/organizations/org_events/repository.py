"""The organization's events as the events service announces them, and their counts by period, computed in SQL
at query time: past if the end is before now, future if the start is after now, otherwise now
(docs/product/events.md)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from sqlalchemy import ColumnElement, and_, func, not_, select
from sqlalchemy.ext.asyncio import AsyncSession

from contracts.events import EventChanged, EventDeleted, StaffAdded, StaffChanged
from kit.events import Envelope
from kit.projections import instant, upsert_as_of
from organizations.models import OrgEvent, OrgEventAdmin


def event_counts(org_id: ColumnElement[int] | Any) -> Any:
    """A LATERAL subquery of one row for the organization `org_id` (correlated): `total` (published, not
    deleted), `now`, `future` and `past`. Drafts are the events service's own business."""
    now = func.now()
    past = OrgEvent.ends_at < now
    future = and_(not_(past), OrgEvent.starts_at > now)
    return (
        select(
            func.count().label("total"),
            func.count().filter(and_(not_(past), not_(future))).label("now"),
            func.count().filter(future).label("future"),
            func.count().filter(past).label("past"),
        )
        .where(OrgEvent.org_id == org_id, OrgEvent.status == "published", not_(OrgEvent.deleted))
        .lateral("event_counts")
    )


class OrgEventRepository:
    async def apply(self, session: AsyncSession, event: EventChanged, envelope: Envelope) -> None:
        """Upsert as of `occurred_at`; an older announcement than the one applied changes nothing."""
        occurred_at = envelope.occurred_at
        values = {
            "org_id": event.org_id or None,
            "organizer_id": event.organizer_id,
            "status": event.status,
            "starts_at": instant(event.starts_at),
            "ends_at": instant(event.ends_at),
            "deleted": isinstance(event, EventDeleted),
        }
        await upsert_as_of(session, OrgEvent, {"event_id": event.id}, values, at=occurred_at)

    async def apply_admin(self, session: AsyncSession, event: StaffChanged, envelope: Envelope) -> None:
        """An event admin added or removed as of `occurred_at` (hosts and DJs do not edit)."""
        occurred_at = envelope.occurred_at
        if event.role != "admin":
            return
        key = {"event_id": event.event_id, "profile_id": event.user_id}
        await upsert_as_of(session, OrgEventAdmin, key, {"active": isinstance(event, StaffAdded)}, at=occurred_at)

    async def editing(self, session: AsyncSession, event_id: int, profile_id: int | None) -> EventEditing | None:
        """The event as its clips need it, with whether `profile_id` is its organizer or one of its admins;
        None for an event never announced or deleted."""
        is_admin = (
            select(OrgEventAdmin.active)
            .where(
                OrgEventAdmin.event_id == OrgEvent.event_id,
                OrgEventAdmin.profile_id == profile_id,
                OrgEventAdmin.active,
            )
            .exists()
        )
        row = (
            await session.execute(
                select(OrgEvent.org_id, OrgEvent.status, OrgEvent.organizer_id == profile_id, is_admin).where(
                    OrgEvent.event_id == event_id, not_(OrgEvent.deleted)
                )
            )
        ).one_or_none()
        if row is None:
            return None
        org_id, status, organizer, admin = row
        return EventEditing(org_id=org_id, status=status, staff_editor=bool(organizer) or bool(admin))


@dataclass(frozen=True, slots=True)
class EventEditing:
    org_id: int | None
    status: str
    # The caller is the event's organizer or one of its admins (the organization's admins are decided apart).
    staff_editor: bool


org_event_repository = OrgEventRepository()
