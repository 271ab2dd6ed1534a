"""The lists of events: the events page's grid, search and calendar, an organization's or a user's Events tab, the
map. One statement per answer on kit.rows, compiled once per shape; the period filter and the sort run in SQL on
the stored instants. Periods come from the clock at query time: past if the end is before now, future if the start
is after now, otherwise now (without an end the start stands for it, as rules.period says).

Published lists state `status = 'published' AND deleted_at IS NULL` with literals, not parameters, so that the
partial indexes of migration 0004 apply to the prepared statements' generic plans too; each period is written as
what an index can serve: future and past as ranges on `starts_at` (in the order of the date sorts), now as the
running range containing now() (GiST), the calendar as the venue-local range overlapping the asked days (GiST)."""

from __future__ import annotations

import functools
from datetime import timedelta
from typing import Any

from sqlalchemy import (
    ARRAY,
    Boolean,
    ColumnElement,
    DateTime,
    Float,
    Integer,
    Text,
    and_,
    bindparam,
    case,
    func,
    literal_column,
    or_,
    select,
    true,
)
from sqlalchemy import exists as exists_
from sqlalchemy.dialects.postgresql import aggregate_order_by

from events.attendance.repository import attended_by
from events.events.repository import ITEM_COLUMNS
from events.listing.rules import DRAFT, MAP_CAP, Filter, Sort, nearness_first
from events.models import Event, EventStaff, OrgRole
from kit.places.bounds import Box
from kit.places.sql import box_params, in_boxes
from kit.rows import Query, Record, Rows

PUBLISHED: ColumnElement[str] = literal_column("'published'")
CLOSED: ColumnElement[str] = literal_column("'[]'")
HALF_OPEN: ColumnElement[str] = literal_column("'[)'")
SIMPLE: ColumnElement[str] = literal_column("'simple'")


def _end() -> ColumnElement[Any]:
    return func.coalesce(Event.ends_at, Event.starts_at)


def running() -> ColumnElement[Any]:
    """When the event runs, as an instant range (the expression of ix_event_published_running). `greatest`: an end
    written before the start must not make the range invalid (that would fail the row's save)."""
    return func.tstzrange(Event.starts_at, func.greatest(Event.starts_at, _end()), CLOSED)


def local_days() -> ColumnElement[Any]:
    """The venue-local wall-time range (the expression of ix_event_published_local)."""
    end = func.coalesce(Event.local_end, Event.local_start)
    return func.tsrange(Event.local_start, func.greatest(Event.local_start, end), CLOSED)


def location() -> ColumnElement[Any]:
    return func.point(Event.lng, Event.lat)


def published() -> list[ColumnElement[bool]]:
    return [Event.status == PUBLISHED, Event.deleted_at.is_(None)]


def _period() -> ColumnElement[str]:
    now = func.now()
    return case(
        (Event.starts_at.is_(None), "future"), (_end() < now, "past"), (Event.starts_at > now, "future"), else_="now"
    )


def in_period(tab: str) -> ColumnElement[bool]:
    """A published event's period (which always has its start and end, rules.publishable) as `_period() == tab`
    would say, written as index ranges: `starts_at < now()` for past bounds the backward walk of the date index
    (an end before now with a start after it is a mistyped event, in no tab)."""
    now = func.now()
    if tab == "past":
        return and_(_end() < now, Event.starts_at < now)
    if tab == "future":
        return and_(Event.starts_at > now, _end() >= now)
    return running().op("@>")(now)


def _scope(by_orgs: bool, by_user: bool) -> list[ColumnElement[bool]]:
    """Which events: the organizations' (`orgs`), a user's (`user_id`: organized, staffed or attended, i.e.
    checked in), never deleted."""
    conditions: list[ColumnElement[bool]] = [Event.deleted_at.is_(None)]
    if by_orgs:
        conditions.append(Event.org_id == func.any(bindparam("orgs", type_=ARRAY(Integer))))
    if by_user:
        user = bindparam("user_id", type_=Integer)
        staffed = exists_().where(EventStaff.event_id == Event.id, EventStaff.user_id == user)
        conditions.append(or_(Event.organizer_id == user, staffed, attended_by(user)))
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


def _keyword(walked: bool = False) -> ColumnElement[bool]:
    """Every word of k begins a word of the title (`event.title_words`, stored). `walked`: the list walks a
    bounded index range (the future or running events, in its order) and tests each row's stored words, which
    costs the same whatever the history holds; the operator's function form says so, as the GIN index serves
    only the operator. Left to choose, the planner ANDs the GIN bitmap of every matching title in the table (8,346
    of 100,000 for 'battle', 1.1 ms) with the range (the walk: 0.12 ms)."""
    query = func.to_tsquery(SIMPLE, bindparam("keyword", type_=Text))
    return func.ts_match_vq(Event.title_words, query) if walked else Event.title_words.op("@@")(query)


def _distance(param: str) -> ColumnElement[Any]:
    """Degrees on the plane (the GiST index's `<->`): a good enough nearness order within a region."""
    lat, lng = bindparam(f"{param}_lat", type_=Float), bindparam(f"{param}_lng", type_=Float)
    return location().op("<->")(func.point(lng, lat))


def _order(sort: Sort, draft: bool) -> tuple[ColumnElement[Any], ...]:
    title = func.lower(Event.title)
    # Published events all have a start: the plain order is the date index's. Drafts may have none: last.
    start_asc = Event.starts_at.asc().nulls_last() if draft else Event.starts_at.asc()
    start_desc = Event.starts_at.desc().nulls_last() if draft else Event.starts_at.desc()
    return {
        Sort.DATE_ASC: (start_asc, Event.id.asc()),
        Sort.DATE_DESC: (start_desc, Event.id.desc()),
        Sort.TITLE_ASC: (title.asc(), Event.id.asc()),
        Sort.TITLE_DESC: (title.desc(), Event.id.desc()),
    }[sort]


@functools.cache
def page_query(
    tab: str | None,
    sort: Sort,
    by_orgs: bool,
    by_user: bool,
    keyword: bool = False,
    near: bool = False,
    dates: bool = False,
) -> Query:
    conditions = _scope(by_orgs, by_user)
    if tab == DRAFT:
        conditions += [Event.status == DRAFT, _draft_visible()]
    else:
        conditions.append(Event.status == PUBLISHED)
        if tab is not None:
            conditions.append(in_period(tab))
    if keyword:
        conditions.append(_keyword(walked=tab in ("future", "now")))
    if dates:
        asked = func.tsrange(bindparam("from", type_=DateTime()), bindparam("to", type_=DateTime()), HALF_OPEN)
        conditions.append(local_days().op("&&")(asked))
    order = _order(sort, tab == DRAFT)
    if dates and sort in (Sort.DATE_ASC, Sort.DATE_DESC):
        # The calendar shows the venues' wall times: a day's events in their order. Not the date index's order
        # either, which a generic plan would walk from one end filtering by the range instead of using its GiST.
        wall = Event.local_start.asc() if sort == Sort.DATE_ASC else Event.local_start.desc()
        order = (wall, order[1])
    if near:
        distance = _distance("near").asc()
        # breaking ties: after the date or title, before the id
        order = (distance, *order) if nearness_first(tab) else (order[0], distance, *order[1:])
    statement = (
        select(*ITEM_COLUMNS)
        .where(*conditions)
        .order_by(*order)
        .limit(bindparam("limit", type_=Integer))
        .offset(bindparam("offset", type_=Integer))
    )
    return Query(statement)


@functools.cache
def tabs_query(by_orgs: bool, by_user: bool) -> Query:
    period = _period()
    statement = select(
        *(
            func.count().filter(and_(Event.status == PUBLISHED, period == name)).label(name)
            for name in ("now", "future", "past")
        ),
        func.count().filter(and_(Event.status == DRAFT, _draft_visible())).label("draft"),
    ).where(*_scope(by_orgs, by_user))
    return Query(statement)


@functools.cache
def calendar_query(keyword: bool, by_orgs: bool) -> Query:
    """The calendar's days in one statement: for each local day from `from` to `last`, its first `per_day` events
    by wall time then id, each row carrying the day's `total`. One LATERAL per day over the local-range GiST: the
    window count runs before the LIMIT, so it counts all the day's events from the same scan; a day with none
    yields no row. An event counts on every day its local range overlaps (the start/end filter's rule)."""
    days = (
        func.generate_series(
            bindparam("from", type_=DateTime()), bindparam("last", type_=DateTime()), literal_column("interval '1 day'")
        )
        .table_valued("day")
        .render_derived(name="days")
    )
    day = func.tsrange(days.c.day, days.c.day + literal_column("interval '1 day'"), HALF_OPEN)
    where = [*published(), local_days().op("&&")(day)]
    if by_orgs:
        where.append(Event.org_id == func.any(bindparam("orgs", type_=ARRAY(Integer))))
    if keyword:
        where.append(_keyword())
    first = (
        select(*ITEM_COLUMNS, func.count().over().label("total"))
        .where(*where)
        .order_by(Event.local_start.asc(), Event.id.asc())
        .limit(bindparam("per_day", type_=Integer))
        .lateral("first")
    )
    statement = (
        select(days.c.day, first)
        .select_from(days.join(first, true()))
        .order_by(days.c.day, first.c.local_start, first.c.id)
    )
    return Query(statement)


@functools.cache
def map_query(tab: str, sort: Sort, boxes: int, keyword: bool, near: bool, by_orgs: bool = False) -> Query:
    """The map's answer in one statement: the first MAP_CAP events of the tab in the bounds (a JSON array built by
    PostgreSQL) and the count of each period in the same bounds and keyword. `boxes`: 0 (the world), 1, or 2 (a
    view across the antimeridian)."""
    where = [*published(), Event.lat.is_not(None), Event.lng.is_not(None)]
    if by_orgs:  # the events page's organization filter holds on every view
        where.append(Event.org_id == func.any(bindparam("orgs", type_=ARRAY(Integer))))
    if boxes:
        where.append(in_boxes(location(), boxes))
    if keyword:
        where.append(_keyword())
    order = _order(sort, draft=False)
    by_date = sort in (Sort.DATE_ASC, Sort.DATE_DESC)
    keys: list[ColumnElement[Any]] = [Event.starts_at if by_date else func.lower(Event.title), Event.id]
    if near:
        order = (_distance("uc").asc(), *order)
        keys = [_distance("uc"), *keys]
    descending = sort in (Sort.DATE_DESC, Sort.TITLE_DESC)
    shown = (
        select(
            Event.id,
            Event.image,
            Event.location_address,
            Event.lat,
            Event.lng,
            *(key.label(f"k{n}") for n, key in enumerate(keys)),
        )
        .where(*where, in_period(tab))
        .order_by(*order)
        .limit(MAP_CAP)
        .subquery("shown")
    )
    item = func.json_build_object(
        literal_column("'id'"),
        shown.c.id,
        literal_column("'image'"),
        shown.c.image,
        literal_column("'locationAddress'"),
        shown.c.location_address,
        literal_column("'coordinates'"),
        func.json_build_object(literal_column("'lat'"), shown.c.lat, literal_column("'lng'"), shown.c.lng),
    )
    ordered = []
    for n in range(len(keys)):
        column = shown.c[f"k{n}"]
        ordered.append(column.desc() if descending and not (near and n == 0) else column.asc())
    events = select(func.coalesce(func.json_agg(aggregate_order_by(item, *ordered)), literal_column("'[]'::json")))
    statement = select(
        events.scalar_subquery().label("events"),
        *(func.count().filter(in_period(name)).label(name) for name in ("now", "future", "past")),
    ).where(*where)
    return Query(statement)


def _params(where: Filter) -> dict[str, Any]:
    params: dict[str, Any] = {"caller_id": where.caller_id, "platform_admin": where.platform_admin}
    if where.orgs:
        params["orgs"] = list(where.orgs)
    if where.user_id is not None:
        params["user_id"] = where.user_id
    if where.keyword:
        params["keyword"] = where.keyword
    if where.near:
        params |= {"near_lat": where.near.lat, "near_lng": where.near.lng}
    if where.dates:
        params |= {"from": where.dates.start, "to": where.dates.end}
    return params


async def page(rows: Rows, where: Filter, *, limit: int, offset: int) -> list[Record]:
    query = page_query(
        where.tab,
        where.sort,
        bool(where.orgs),
        where.user_id is not None,
        keyword=where.keyword is not None,
        near=where.near is not None,
        dates=where.dates is not None,
    )
    return await rows.all(query, limit=limit, offset=offset, **_params(where))


async def calendar(rows: Rows, where: Filter, per_day: int) -> list[Record]:
    """The calendar_query rows: by day, then the day's order; each with `day` and the day's `total`."""
    assert where.dates is not None
    params: dict[str, Any] = {"from": where.dates.start, "last": where.dates.end - timedelta(days=1)}
    params["per_day"] = per_day
    if where.orgs:
        params["orgs"] = list(where.orgs)
    if where.keyword:
        params["keyword"] = where.keyword
    query = calendar_query(where.keyword is not None, bool(where.orgs))
    return await rows.all(query, **params)


async def tabs(rows: Rows, where: Filter) -> Record:
    found = await rows.one(tabs_query(bool(where.orgs), where.user_id is not None), **_params(where))
    assert found is not None  # an aggregate always answers a row
    return found


async def map_page(rows: Rows, where: Filter, boxes: tuple[Box, ...] | None) -> Record:
    assert where.tab is not None
    params: dict[str, Any] = {}
    if where.keyword:
        params["keyword"] = where.keyword
    if where.near:
        params |= {"uc_lat": where.near.lat, "uc_lng": where.near.lng}
    if where.orgs:
        params["orgs"] = list(where.orgs)
    params |= box_params(boxes)
    query = map_query(
        where.tab, where.sort, len(boxes or ()), where.keyword is not None, where.near is not None, bool(where.orgs)
    )
    found = await rows.one(query, **params)
    assert found is not None
    return found
