"""The organization's events as the events service announces them, and their counts by period, computed in SQL
at query time: past if the end is before now, future if the start is after now, otherwise now (seed 001
section 4, in that order)."""

from __future__ import annotations

from datetime import datetime
from typing import Any

from sqlalchemy import ColumnElement, and_, func, not_, select
from sqlalchemy.dialects.postgresql import insert
from sqlalchemy.ext.asyncio import AsyncSession

from contracts.events import EventChanged, EventDeleted
from organizations.models import OrgEvent


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
    async def apply(self, session: AsyncSession, event: EventChanged, occurred_at: datetime) -> None:
        """Upsert as of `occurred_at`; an older announcement than the one applied changes nothing."""
        values = {
            "org_id": event.org_id or None,
            "status": event.status,
            "starts_at": _instant(event.starts_at),
            "ends_at": _instant(event.ends_at),
            "deleted": isinstance(event, EventDeleted),
            "changed_at": occurred_at,
        }
        statement = insert(OrgEvent).values(event_id=event.id, **values)
        await session.execute(
            statement.on_conflict_do_update(
                index_elements=[OrgEvent.event_id],
                set_={name: statement.excluded[name] for name in values},
                where=OrgEvent.changed_at <= statement.excluded.changed_at,
            )
        )


def _instant(value: str | None) -> datetime | None:
    return datetime.fromisoformat(value) if value else None


org_event_repository = OrgEventRepository()
