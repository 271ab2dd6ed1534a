"""The lists of events an organization's Events tab (and, with the browse issue, the events page) reads: one
statement per page on kit.rows, the period filter and the sort run in SQL on the stored instants, and the tabs'
counts in one statement. Periods come from the clock at query time: past if the end is before now, future if the
start is after now, otherwise now (without an end the start stands for it, as rules.period says)."""

from __future__ import annotations

import functools
from typing import Any

from sqlalchemy import ARRAY, Boolean, ColumnElement, Integer, and_, bindparam, case, func, or_, select
from sqlalchemy import exists as exists_

from events.listing.rules import DRAFT, Filter, Sort
from events.models import Event, EventStaff, OrgRole
from kit.rows import Query, Record, Rows


def _period() -> ColumnElement[str]:
    now = func.now()
    end = func.coalesce(Event.ends_at, Event.starts_at)
    return case(
        (Event.starts_at.is_(None), "future"), (end < now, "past"), (Event.starts_at > now, "future"), else_="now"
    )


def _in_period(tab: str) -> ColumnElement[bool]:
    """The same rule as `_period() == tab`, written as ranges on the stored instants (what an index can use)."""
    now = func.now()
    end = func.coalesce(Event.ends_at, Event.starts_at)
    if tab == "past":
        return end < now
    if tab == "future":
        return or_(Event.starts_at.is_(None), and_(Event.starts_at > now, end >= now))
    return and_(Event.starts_at <= now, end >= now)


def _scope(by_orgs: bool, by_user: bool) -> list[ColumnElement[bool]]:
    """Which events: the organizations' (`orgs`), a user's (`user_id`: organized or staffed), never deleted."""
    conditions: list[ColumnElement[bool]] = [Event.deleted_at.is_(None)]
    if by_orgs:
        conditions.append(Event.org_id == func.any(bindparam("orgs", type_=ARRAY(Integer))))
    if by_user:
        user = bindparam("user_id", type_=Integer)
        staffed = exists_().where(EventStaff.event_id == Event.id, EventStaff.user_id == user)
        conditions.append(or_(Event.organizer_id == user, staffed))
    return conditions


def _draft_visible() -> ColumnElement[bool]:
    """A draft is listed only for its editors: its organizer and admins, the organization's admins, platform
    admins (`caller_id`, `platform_admin`)."""
    caller = bindparam("caller_id", type_=Integer)
    event_admin = exists_().where(
        EventStaff.event_id == Event.id, EventStaff.user_id == caller, EventStaff.role == "admin"
    )
    org_admin = exists_().where(OrgRole.org_id == Event.org_id, OrgRole.user_id == caller, OrgRole.role == "admin")
    return or_(bindparam("platform_admin", type_=Boolean), Event.organizer_id == caller, event_admin, org_admin)


@functools.cache
def page_query(tab: str | None, sort: Sort, by_orgs: bool, by_user: bool) -> Query:
    conditions = _scope(by_orgs, by_user)
    if tab == DRAFT:
        conditions += [Event.status == DRAFT, _draft_visible()]
    else:
        conditions.append(Event.status == "published")
        if tab is not None:
            conditions.append(_in_period(tab))
    title = func.lower(Event.title)
    order = {
        Sort.DATE_ASC: (Event.starts_at.asc().nulls_last(), Event.id.asc()),
        Sort.DATE_DESC: (Event.starts_at.desc().nulls_last(), Event.id.desc()),
        Sort.TITLE_ASC: (title.asc(), Event.id.asc()),
        Sort.TITLE_DESC: (title.desc(), Event.id.desc()),
    }[sort]
    statement = (
        select(
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
        )
        .where(*conditions)
        .order_by(*order)
        .limit(bindparam("limit", type_=Integer))
        .offset(bindparam("offset", type_=Integer))
    )
    return Query(statement)


@functools.cache
def tabs_query(by_orgs: bool, by_user: bool) -> Query:
    period = _period()
    published = and_(Event.status == "published")
    statement = select(
        *(func.count().filter(and_(published, period == name)).label(name) for name in ("now", "future", "past")),
        func.count().filter(and_(Event.status == DRAFT, _draft_visible())).label("draft"),
    ).where(*_scope(by_orgs, by_user))
    return Query(statement)


def _params(where: Filter) -> dict[str, Any]:
    params: dict[str, Any] = {"caller_id": where.caller_id, "platform_admin": where.platform_admin}
    if where.orgs:
        params["orgs"] = list(where.orgs)
    if where.user_id is not None:
        params["user_id"] = where.user_id
    return params


async def page(rows: Rows, where: Filter, *, limit: int, offset: int) -> list[Record]:
    query = page_query(where.tab, where.sort, bool(where.orgs), where.user_id is not None)
    return await rows.all(query, limit=limit, offset=offset, **_params(where))


async def tabs(rows: Rows, where: Filter) -> Record:
    found = await rows.one(tabs_query(bool(where.orgs), where.user_id is not None), **_params(where))
    assert found is not None  # an aggregate always answers a row
    return found
