"""A profile's eventsDj from the events service: the published, not deleted events where the profile is a DJ.
Recounted from the projection after each change (never incremented), so a redelivery or a late older event
cannot make it drift."""

from __future__ import annotations

from datetime import datetime

from sqlalchemy import Select, and_, func, select, update
from sqlalchemy.dialects.postgresql import insert
from sqlalchemy.ext.asyncio import AsyncSession

from contracts.events import (
    EventChanged,
    EventCreated,
    EventDeleted,
    EventPublished,
    EventUpdated,
    StaffAdded,
    StaffChanged,
    StaffRemoved,
)
from identity.models import EventDj, Profile, StaffedEvent
from kit.consumers import Handler
from kit.events import Envelope


async def apply_event(session: AsyncSession, event: EventChanged, envelope: Envelope) -> None:
    statement = insert(StaffedEvent).values(
        event_id=event.id,
        status=event.status,
        deleted=isinstance(event, EventDeleted),
        changed_at=envelope.occurred_at,
    )
    await session.execute(
        statement.on_conflict_do_update(
            index_elements=[StaffedEvent.event_id],
            set_={
                "status": statement.excluded.status,
                "deleted": statement.excluded.deleted,
                "changed_at": statement.excluded.changed_at,
            },
            where=StaffedEvent.changed_at <= statement.excluded.changed_at,
        )
    )
    djs = select(EventDj.user_id).where(EventDj.event_id == event.id)
    await _recount(session, djs)


async def apply_staff(session: AsyncSession, event: StaffChanged, envelope: Envelope) -> None:
    if event.role != "dj":
        return
    await _set_dj(session, event.event_id, event.user_id, isinstance(event, StaffAdded), envelope.occurred_at)
    await _recount(session, [event.user_id])


async def _set_dj(session: AsyncSession, event_id: int, user_id: int, active: bool, at: datetime) -> None:
    statement = insert(EventDj).values(event_id=event_id, user_id=user_id, active=active, changed_at=at)
    await session.execute(
        statement.on_conflict_do_update(
            index_elements=[EventDj.event_id, EventDj.user_id],
            set_={"active": statement.excluded.active, "changed_at": statement.excluded.changed_at},
            where=EventDj.changed_at <= statement.excluded.changed_at,
        )
    )


async def _recount(session: AsyncSession, user_ids: Select[tuple[int]] | list[int]) -> None:
    counted = (
        select(func.count())
        .select_from(EventDj)
        .join(StaffedEvent, StaffedEvent.event_id == EventDj.event_id)
        .where(
            EventDj.user_id == Profile.id,
            EventDj.active,
            and_(StaffedEvent.status == "published", ~StaffedEvent.deleted),
        )
        .scalar_subquery()
    )
    await session.execute(update(Profile).where(Profile.id.in_(user_ids)).values(events_dj=counted))


async def apply(session: AsyncSession, event: EventChanged | StaffChanged, envelope: Envelope) -> None:
    if isinstance(event, StaffChanged):
        await apply_staff(session, event, envelope)
    else:
        await apply_event(session, event, envelope)


# One durable consumer over the EVENTS stream keeps an event's and its staff's announcements in order.
handlers = [
    Handler("events-dj", (EventCreated, EventUpdated, EventPublished, EventDeleted, StaffAdded, StaffRemoved), apply)
]
