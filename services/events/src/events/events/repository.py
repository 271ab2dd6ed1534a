"""The event page's one statement (hot read on kit.rows, and the answer of every write on the write's
session), and the rows a write needs."""

from __future__ import annotations

import functools
from typing import Any

from sqlalchemy import Integer, Select, and_, bindparam, exists, func, literal_column, select
from sqlalchemy.dialects.postgresql import aggregate_order_by
from sqlalchemy.ext.asyncio import AsyncSession

from events.attendance.repository import page_columns as attendance_columns
from events.battles.repository import page_columns as battles_columns
from events.feedback.repository import page_columns as feedback_columns
from events.models import Carpet, Event, EventStaff, Org, OrgRole, Profile, Tier
from events.tickets import page as tickets_page
from kit.rows import Query, Record, Rows

# What view.item_of reads: the columns of an event in a list, which the page reads too (with its own).
ITEM_COLUMNS = (
    Event.id,
    Event.title,
    Event.image,
    Event.status,
    Event.org_id,
    Event.location_address,
    Event.lat,
    Event.lng,
    Event.time_zone,
    Event.local_start,
    Event.local_end,
    Event.starts_at,
    Event.ends_at,
    Event.created_at,
    Event.cancelled_at,
)


def _caller() -> Any:
    return bindparam("caller_id", type_=Integer)


def view_statement() -> Select[Any]:
    """Everything the page shows, in one row: the event, its organization's chip, tiers, carpets, staff with
    their names (from the projections), its battles, and the caller's standing (their staff roles, whether they
    administer the organization). Bound: `event_id`, `caller_id` (null for a guest)."""
    tiers = (
        select(
            func.coalesce(
                func.jsonb_agg(
                    aggregate_order_by(
                        func.jsonb_build_object(
                            "id", Tier.id, "title", Tier.title, "cost", Tier.cost_cents, "description", Tier.description
                        ),
                        Tier.position,
                    )
                ),
                literal_column("'[]'::jsonb"),
            )
        )
        .where(Tier.event_id == Event.id)
        .scalar_subquery()
    )
    carpets = (
        select(
            func.coalesce(
                func.jsonb_agg(
                    aggregate_order_by(func.jsonb_build_object("id", Carpet.id, "name", Carpet.name), Carpet.position)
                ),
                literal_column("'[]'::jsonb"),
            )
        )
        .where(Carpet.event_id == Event.id)
        .scalar_subquery()
    )
    staff = (
        select(
            func.coalesce(
                func.jsonb_agg(
                    aggregate_order_by(
                        func.jsonb_build_object(
                            "role",
                            EventStaff.role,
                            "id",
                            EventStaff.user_id,
                            "dancerName",
                            Profile.dancer_name,
                            "avatar",
                            Profile.avatar,
                        ),
                        EventStaff.created_at,
                        EventStaff.user_id,
                    )
                ),
                literal_column("'[]'::jsonb"),
            )
        )
        .select_from(EventStaff)
        .outerjoin(Profile, Profile.id == EventStaff.user_id)
        .where(EventStaff.event_id == Event.id)
        .scalar_subquery()
    )
    caller_roles = (
        select(func.array_agg(EventStaff.role))
        .where(EventStaff.event_id == Event.id, EventStaff.user_id == _caller())
        .scalar_subquery()
    )
    org_admin = exists().where(OrgRole.org_id == Event.org_id, OrgRole.user_id == _caller(), OrgRole.role == "admin")
    organizer = Profile.__table__.alias("organizer")
    return (
        select(
            *ITEM_COLUMNS,
            Event.organizer_id,
            Event.description,
            Event.website,
            Event.scoreboard_logo,
            Event.scoreboard_bg_image,
            Event.deleted_at,
            Org.name.label("org_name"),
            Org.image.label("org_image"),
            organizer.c.dancer_name.label("organizer_name"),
            organizer.c.avatar.label("organizer_avatar"),
            tiers.label("tiers"),
            carpets.label("carpets"),
            staff.label("staff"),
            caller_roles.label("caller_roles"),
            org_admin.label("org_admin"),
            *tickets_page.page_columns(),
            *attendance_columns(),
            *feedback_columns(),
            *battles_columns(),
        )
        .select_from(Event)
        .outerjoin(Org, Org.id == Event.org_id)
        .outerjoin(organizer, organizer.c.id == Event.organizer_id)
        .where(Event.id == bindparam("event_id", type_=Integer))
    )


@functools.cache
def _view_query() -> Query:
    return Query(view_statement())


@functools.cache
def _view() -> Select[Any]:
    return view_statement()


class EventRepository:
    async def view(self, rows: Rows, event_id: int, caller_id: int | None) -> Record | None:
        return await rows.one(_view_query(), event_id=event_id, caller_id=caller_id)

    async def view_in(self, session: AsyncSession, event_id: int, caller_id: int | None) -> Any:
        """The same row, on the write's session: the answer of a save sees the save."""
        await session.flush()
        result = await session.execute(_view(), {"event_id": event_id, "caller_id": caller_id})
        return result.mappings().first()

    async def for_write(
        self, session: AsyncSession, event_id: int, caller_id: int | None, *, lock: bool = True
    ) -> tuple[Event, frozenset[str], bool] | None:
        """The event, locked until the request commits (unless `lock` is false: a read), with the caller's staff
        roles and whether they administer its organization."""
        roles = (
            select(func.array_agg(EventStaff.role))
            .where(EventStaff.event_id == Event.id, EventStaff.user_id == caller_id)
            .scalar_subquery()
        )
        org_admin = exists().where(
            and_(OrgRole.org_id == Event.org_id, OrgRole.user_id == caller_id, OrgRole.role == "admin")
        )
        statement = select(Event, roles, org_admin).where(Event.id == event_id)
        if lock:
            statement = statement.with_for_update(of=Event)
        row = (await session.execute(statement)).first()
        if row is None:
            return None
        return row[0], frozenset(row[1] or ()), bool(row[2])

    async def org_roles(self, session: AsyncSession, org_id: int, user_id: int) -> tuple[bool, frozenset[str]]:
        """(the organization is known here, the user's roles in it)."""
        known = await session.scalar(select(exists().where(Org.id == org_id)))
        roles = await session.scalars(select(OrgRole.role).where(OrgRole.org_id == org_id, OrgRole.user_id == user_id))
        return bool(known), frozenset(roles)

    async def tiers(self, session: AsyncSession, event_id: int) -> list[Tier]:
        return list(await session.scalars(select(Tier).where(Tier.event_id == event_id).order_by(Tier.position)))

    async def carpets(self, session: AsyncSession, event_id: int) -> list[Carpet]:
        return list(await session.scalars(select(Carpet).where(Carpet.event_id == event_id).order_by(Carpet.position)))


event_repository = EventRepository()
