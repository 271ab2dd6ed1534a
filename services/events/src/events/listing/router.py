"""`GET /api/events` (a page of events: t, s, o, u, p, pp) and `GET /api/events/tabs` (the counts of each tab):
what an organization's Events tab reads now; the browse issue adds the keyword, nearness and the calendar."""

from __future__ import annotations

from datetime import datetime
from typing import Annotated

from fastapi import APIRouter, Depends, Query, Request, Response

from events.events import rules, view
from events.listing import repository
from events.listing.rules import Filter, Sort, Tab
from events.listing.schemas import EventItem, Tabs
from kit.errors import Invalid
from kit.paging import Page, paging
from kit.principal import Principal, principal_of
from kit.rows import answer, rows_of
from kit.types import IdOrZero, parse_id_list

router = APIRouter(prefix="/api", tags=["events"])

EventsPage = Annotated[Page, Depends(paging(default=50, cap=50))]
Orgs = Annotated[str | None, Query(max_length=2000, description="organization ids, comma-separated")]
User = Annotated[IdOrZero | None, Query(description="a user's events: organized or staffed (0: everyone's)")]


MAX_ORGS = 100


def _orgs(value: str | None) -> tuple[int, ...]:
    """`o`: organization ids, comma-separated; 0 or nothing is every organization (and the platform)."""
    try:
        return parse_id_list(value, limit=MAX_ORGS)
    except ValueError as exc:
        raise Invalid(f"o: {exc}", field="o") from None


def _filter(principal: Principal, tab: Tab | None, sort: Sort, o: str | None, u: int | None) -> Filter:
    return Filter(
        tab=tab.value if tab else None,
        sort=sort,
        orgs=_orgs(o),
        user_id=u or None,
        caller_id=principal.profile_id,
        platform_admin=principal.is_platform_admin,
    )


@router.get("/events", response_model=list[EventItem])
async def list_events(
    request: Request,
    page: EventsPage,
    t: Tab | None = None,
    s: Sort = Sort.DATE_ASC,
    o: Orgs = None,
    u: User = None,
) -> Response:
    """Published events by period (t = now | future | past), or drafts (t = draft) for their editors only."""
    where = _filter(principal_of(request), t, s, o, u)
    found = await repository.page(rows_of(request), where, limit=page.limit, offset=page.offset)
    now = datetime.now(rules.UTC)
    return answer([view.item_of(row, now) for row in found])


@router.get("/events/tabs", response_model=Tabs)
async def event_tabs(request: Request, o: Orgs = None, u: User = None) -> Response:
    """How many events each tab holds; drafts count only those the caller may edit."""
    where = _filter(principal_of(request), None, Sort.DATE_ASC, o, u)
    counts = await repository.tabs(rows_of(request), where)
    return answer({name: counts[name] for name in ("now", "past", "draft", "future")})
