from __future__ import annotations

from collections.abc import Callable
from typing import Annotated

from fastapi import APIRouter, Depends, Query

from identity.profiles.schemas import ProfileEmail, ProfileRef
from identity.users.rules import SortBy, UserFilter, parse_ids, parse_orgs, place_value
from identity.users.schemas import Count, UserListItem
from identity.users.service import MAX_LOOKUP, user_service
from kit.db import SessionDep, reads
from kit.errors import Invalid
from kit.paging import Page, paging
from kit.schemas import Items
from kit.types import Text

router = APIRouter(prefix="/api", tags=["users"])


def user_filter(
    k: Text = Query("", max_length=100, description="case-insensitive part of the dancer name"),
    orgs: str | None = Query(None, description="comma-separated organization ids; 0 means any"),
    ex: str | None = Query(None, description="comma-separated profile ids to leave out"),
    country: Text = Query("", max_length=100, description="the profile's country (whole, case-insensitive)"),
    state: Text = Query("", max_length=100, description="the profile's state (whole, case-insensitive)"),
    city: Text = Query("", max_length=100, description="the profile's city (whole, case-insensitive)"),
) -> UserFilter:
    return UserFilter(
        keyword=k.strip(),
        org_ids=ids_of("orgs", orgs, parse_orgs),
        exclude=ids_of("ex", ex, parse_ids),
        country=place_value(country),
        state=place_value(state),
        city=place_value(city),
    )


def ids_of(field: str, value: str | None, parse: Callable[[str | None], tuple[int, ...]]) -> tuple[int, ...]:
    """A comma-separated id list of the query; a number beyond the id range is a 400 naming the field."""
    try:
        return parse(value)
    except ValueError as exc:
        raise Invalid(f"{field}: {exc}", field=field) from None


FilterDep = Annotated[UserFilter, Depends(user_filter)]
PageDep = Annotated[Page, Depends(paging(default=50, cap=100))]


@router.get("/users", response_model=Items[UserListItem])
@reads
async def search_users(
    session: SessionDep, where: FilterDep, page: PageDep, sb: SortBy = Query("name-asc")
) -> Items[UserListItem]:
    """Completed profiles (with a dancer name), sorted by name."""
    return Items[UserListItem](items=await user_service.search(session, where, sb, page))


@router.get("/users/count", response_model=Count)
@reads
async def count_users(session: SessionDep, where: FilterDep) -> Count:
    return Count(count=await user_service.count(session, where))


internal_router = APIRouter(prefix="/internal", tags=["internal"])


@internal_router.get("/profiles", response_model=list[ProfileRef])
@reads
async def lookup_profiles(
    session: SessionDep, ids: str = Query("", description=f"comma-separated profile ids, at most {MAX_LOOKUP}")
) -> list[ProfileRef]:
    """Never routed by the gateway: other services read profiles missing from their projection."""
    return await user_service.lookup(session, ids_of("ids", ids, lambda v: parse_ids(v, limit=MAX_LOOKUP + 1)))


@internal_router.get("/profiles/emails", response_model=list[ProfileEmail])
@reads
async def lookup_emails(
    session: SessionDep, ids: str = Query("", description=f"comma-separated profile ids, at most {MAX_LOOKUP}")
) -> list[ProfileEmail]:
    """Never routed by the gateway, never projected: the events service asks for the people of a Check-in page
    when one of the event's editors opens it."""
    return await user_service.emails(session, ids_of("ids", ids, lambda v: parse_ids(v, limit=MAX_LOOKUP + 1)))
