"""`GET /api/events` (a page of events: t, s, k, o, u, ulat/ulon, start/end, p, pp), `GET /api/events/tabs` (the
counts of each tab), `GET /api/events/calendar` (each local day's count and first events: the calendar grid) and
`GET /api/events-map` (the map's events in the view's bounds and the counts of each period there): the events
page's grid, search, calendar and map, an organization's and a profile's Events tab."""

from __future__ import annotations

from datetime import datetime
from typing import Annotated, Any

from fastapi import APIRouter, Depends, Query, Request, Response

from events.events import rules, view
from events.listing import repository
from events.listing import rules as listing
from events.listing.rules import CALENDAR_PAGE_SIZE, Filter, Sort, Tab
from events.listing.schemas import CalendarDays, EventItem, MapAnswer, Tabs
from kit.errors import Invalid
from kit.paging import Page, paging
from kit.places import bounds
from kit.principal import Principal, principal_of
from kit.rows import answer, rows_of
from kit.types import IdOrZero, parse_id_list

router = APIRouter(prefix="/api", tags=["events"])

# Sizes above 50 are refused by listing.page_size (999 only with a calendar range), not lowered: kit.paging lowers
# what is above its cap to it, so its cap is one more than any size served, which page_size then refuses.
EventsPage = Annotated[Page, Depends(paging(default=listing.PAGE_SIZE, cap=CALENDAR_PAGE_SIZE + 1))]
Orgs = Annotated[str | None, Query(max_length=2000, description="organization ids, comma-separated")]
User = Annotated[IdOrZero | None, Query(description="a user's events: organized or staffed (0: everyone's)")]
Keyword = Annotated[str | None, Query(max_length=200, description="title words, each the start of a title's word")]
Lat = Annotated[float | None, Query(ge=-90, le=90, allow_inf_nan=False)]
Lng = Annotated[float | None, Query(ge=-180, le=180, allow_inf_nan=False)]
Day = Annotated[str | None, Query(max_length=10, description="a venue-local date, yyyy-mm-dd (the calendar)")]
Corner = Annotated[str | None, Query(max_length=60, description="a corner of the map's view: lat,lng")]

MAX_ORGS = 100


def _orgs(value: str | None) -> tuple[int, ...]:
    """`o`: organization ids, comma-separated; 0 or nothing is every organization (and the platform)."""
    try:
        return parse_id_list(value, limit=MAX_ORGS)
    except ValueError as exc:
        raise Invalid(f"o: {exc}", field="o") from None


def _checked(field: str, parse: Any, *args: Any, **kwargs: Any) -> Any:
    try:
        return parse(*args, **kwargs)
    except ValueError as exc:
        raise Invalid(str(exc), field=field) from None


def _filter(principal: Principal, tab: Tab | None, sort: Sort, o: str | None, u: int | None, **more: Any) -> Filter:
    return Filter(
        tab=tab.value if tab else None,
        sort=sort,
        orgs=_orgs(o),
        user_id=u or None,
        caller_id=principal.profile_id,
        platform_admin=principal.is_platform_admin,
        **more,
    )


@router.get("/events", response_model=list[EventItem])
async def list_events(
    request: Request,
    page: EventsPage,
    t: Tab | None = None,
    s: Sort = Sort.DATE_ASC,
    k: Keyword = None,
    o: Orgs = None,
    u: User = None,
    ulat: Lat = None,
    ulon: Lng = None,
    start: Day = None,
    end: Day = None,
) -> Response:
    """Published events by period (t = now | future | past), or drafts (t = draft) for their editors only; with
    start and end (venue-local dates), the published events touching those days (the calendar, pp up to 999)."""
    dates = _checked("start", listing.local_range, start, end)
    if dates is not None and t == Tab.DRAFT:
        raise Invalid(listing.CALENDAR_PUBLISHED, field="t")
    size = _checked("pp", listing.page_size, page.pp, calendar=dates is not None)
    near = _checked("ulat", listing.point, ulat, ulon)
    where = _filter(principal_of(request), t, s, o, u, keyword=listing.keyword_query(k), near=near, dates=dates)
    found = await repository.page(rows_of(request), where, limit=size, offset=page.p * size)
    now = datetime.now(rules.UTC)
    return answer([view.item_of(row, now) for row in found])


PerDay = Annotated[
    int,
    Query(
        alias="perDay",
        ge=1,
        le=listing.CALENDAR_PER_DAY_MAX,
        description="how many of each day's events to list (the grid shows 4 a day, 2 on a phone)",
    ),
]


@router.get("/events/calendar", response_model=CalendarDays)
async def calendar_days(
    request: Request,
    start: Day = None,
    end: Day = None,
    k: Keyword = None,
    o: Orgs = None,
    per_day: PerDay = listing.CALENDAR_PER_DAY,
) -> Response:
    """The calendar grid's answer, bounded whatever the month holds: each venue-local day from start to end with
    published events, its total (an event counts on each day it touches) and its first perDay events by wall
    time. A day's full list is `GET /api/events?start=D&end=D&pp=999`."""
    dates = _checked("start", listing.local_range, start, end)
    if dates is None:
        raise Invalid(listing.CALENDAR_DAYS_NEEDED, field="start")
    where = _filter(principal_of(request), None, Sort.DATE_ASC, o, None, keyword=listing.keyword_query(k), dates=dates)
    found = await repository.calendar(rows_of(request), where, per_day)
    now = datetime.now(rules.UTC)
    days: list[dict[str, Any]] = []
    for row in found:
        date = row["day"].date().isoformat()
        if not days or days[-1]["date"] != date:
            days.append({"date": date, "total": row["total"], "events": []})
        days[-1]["events"].append(view.item_of(row, now))
    return answer({"days": days})


@router.get("/events/tabs", response_model=Tabs)
async def event_tabs(request: Request, o: Orgs = None, u: User = None) -> Response:
    """How many events each tab holds; drafts count only those the caller may edit."""
    where = _filter(principal_of(request), None, Sort.DATE_ASC, o, u)
    counts = await repository.tabs(rows_of(request), where)
    return answer({name: counts[name] for name in ("now", "past", "draft", "future")})


MapTab = Annotated[Tab, Query(description="now | future | past (the map shows published events)")]


@router.get("/events-map", response_model=MapAnswer)
async def events_map(
    request: Request,
    t: MapTab = Tab.NOW,
    s: Sort | None = None,
    k: Keyword = None,
    o: Orgs = None,
    uc: Corner = None,
    nw: Corner = None,
    ne: Corner = None,
    se: Corner = None,
    sw: Corner = None,
) -> Response:
    """The published events with a place in the view (nw, ne, se, sw; none: the world), the first MAP_CAP of tab t
    by s (or nearest to uc first), and how many of each period the view holds with the same keyword (and
    organizations, o: the events page's filter holds on the map too)."""
    if t == Tab.DRAFT:
        raise Invalid("t: the map shows now, future or past events", field="t")
    boxes = _checked("nw", bounds.boxes, {"nw": nw, "ne": ne, "se": se, "sw": sw})
    near = _checked("uc", bounds.lat_lng, "uc", uc, on_earth=True) if uc is not None else None
    where = _filter(
        principal_of(request),
        t,
        s or listing.default_sort(t.value),
        o,
        None,
        keyword=listing.keyword_query(k),
        near=near,
    )
    found = await repository.map_page(rows_of(request), where, boxes)
    return answer({"events": found["events"], "stats": {name: found[name] for name in ("now", "future", "past")}})
