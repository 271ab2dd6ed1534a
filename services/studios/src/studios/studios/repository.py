"""The studio's row and the caller's roles; the grid's and the map's pages (kit.rows, one statement each)."""

from __future__ import annotations

import functools
from typing import Any

from sqlalchemy import ColumnElement, Float, Integer, Text, bindparam, exists, func, literal_column, select
from sqlalchemy.ext.asyncio import AsyncSession

from kit.places.bounds import Box, Point
from kit.places.sql import box_params, in_boxes
from kit.rows import Query, Record, Rows
from kit.text import LIKE_ESCAPE, contains_pattern
from studios.models import Studio, StudioMember

PUBLISHED: ColumnElement[str] = literal_column(
    "'published'"
)  # a literal, so the partial indexes serve the prepared statements
ITEM_COLUMNS = (
    Studio.id,
    Studio.name,
    Studio.image,
    Studio.status,
    Studio.location_address,
    Studio.lat,
    Studio.lng,
)


def location() -> Any:
    """The expression of ix_studio_published_location."""
    return func.point(Studio.lng, Studio.lat)


def _name_like() -> Any:
    return Studio.name.ilike(bindparam("keyword", type_=Text), escape=LIKE_ESCAPE)


@functools.cache
def list_query(by_user: bool, with_drafts: bool, keyword: bool) -> Query:
    """Published studios by name; `by_user`: where the user is admin, teacher or student (`with_drafts`: their
    drafts too, when the user is the caller)."""
    statement = select(*ITEM_COLUMNS)
    if by_user:
        user = bindparam("user_id", type_=Integer)
        statement = statement.where(exists().where(StudioMember.studio_id == Studio.id, StudioMember.user_id == user))
    if not with_drafts:
        statement = statement.where(Studio.status == PUBLISHED)
    if keyword:
        statement = statement.where(_name_like())
    statement = (
        statement.order_by(func.lower(Studio.name), Studio.id)
        .limit(bindparam("limit", type_=Integer))
        .offset(bindparam("offset", type_=Integer))
    )
    return Query(statement)


@functools.cache
def map_query(boxes: int, near: bool, keyword: bool) -> Query:
    """Published studios with a place, inside the view (`boxes`: 0 the world, 1, or 2 across the antimeridian),
    nearest to a point first (the GiST's `<->`: only a page's rows are read, whatever the table holds)."""
    statement = select(*ITEM_COLUMNS).where(
        Studio.status == PUBLISHED, Studio.lat.is_not(None), Studio.lng.is_not(None)
    )
    if boxes:
        statement = statement.where(in_boxes(location(), boxes))
    if keyword:
        statement = statement.where(_name_like())
    if near:
        here = func.point(bindparam("near_lng", type_=Float), bindparam("near_lat", type_=Float))
        # Distance alone: the GiST then yields the rows in that order and the scan stops after a page (with an id
        # tie-break PostgreSQL reads every studio in the view and sorts them: 2,449 rows for Europe at 10,000).
        # Studios on the very same point may swap between pages; a view's studios rarely share one.
        statement = statement.order_by(location().op("<->")(here))
    else:
        statement = statement.order_by(Studio.id)
    return Query(statement.limit(bindparam("limit", type_=Integer)).offset(bindparam("offset", type_=Integer)))


class StudioRepository:
    async def add(self, session: AsyncSession, studio: Studio) -> Studio:
        session.add(studio)
        await session.flush()
        return studio

    async def get_with_caller_roles(
        self, session: AsyncSession, studio_id: int, user_id: int | None, *, lock: bool = False
    ) -> tuple[Studio, frozenset[str]] | None:
        statement = select(Studio).where(Studio.id == studio_id)
        if lock:
            statement = statement.with_for_update()
        studio = (await session.scalars(statement)).first()
        if studio is None:
            return None
        roles: frozenset[str] = frozenset()
        if user_id is not None:
            found = await session.scalars(
                select(StudioMember.role).where(StudioMember.studio_id == studio_id, StudioMember.user_id == user_id)
            )
            roles = frozenset(found.all())
        return studio, roles

    async def delete(self, session: AsyncSession, studio: Studio) -> None:
        await session.delete(studio)
        await session.flush()

    async def page(
        self, rows: Rows, *, user_id: int | None, with_drafts: bool, keyword: str | None, limit: int, offset: int
    ) -> list[Record]:
        params: dict[str, Any] = {"limit": limit, "offset": offset}
        if user_id is not None:
            params["user_id"] = user_id
        if keyword:
            params["keyword"] = contains_pattern(keyword)
        query = list_query(user_id is not None, with_drafts, keyword is not None)
        return await rows.all(query, **params)

    async def map_page(
        self,
        rows: Rows,
        *,
        boxes: tuple[Box, ...] | None,
        near: Point | None,
        keyword: str | None,
        limit: int,
        offset: int,
    ) -> list[Record]:
        params: dict[str, Any] = {"limit": limit, "offset": offset, **box_params(boxes)}
        if near is not None:
            params |= {"near_lat": near.lat, "near_lng": near.lng}
        if keyword:
            params["keyword"] = contains_pattern(keyword)
        return await rows.all(map_query(len(boxes or ()), near is not None, keyword is not None), **params)


studio_repository = StudioRepository()


def item_of(row: Record) -> dict[str, Any]:
    """The StudioItem's JSON (camelCase keys)."""
    return {
        "id": row["id"],
        "name": row["name"],
        "image": row["image"],
        "status": row["status"],
        "locationAddress": row["location_address"],
        "locationLat": row["lat"],
        "locationLng": row["lng"],
    }
