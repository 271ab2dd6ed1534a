from __future__ import annotations

import functools
from dataclasses import dataclass
from typing import Any

from sqlalchemy import (
    BigInteger,
    Integer,
    Select,
    String,
    and_,
    bindparam,
    cast,
    exists,
    func,
    literal,
    or_,
    select,
    true,
)
from sqlalchemy.ext.asyncio import AsyncSession

from kit.paging import Page
from kit.rows import Query, Record, Rows
from kit.text import LIKE_ESCAPE, contains_pattern
from organizations.models import (
    LeaderboardAward,
    Organization,
    OrganizationMember,
    OrganizationRole,
    OrganizationStatus,
)
from organizations.org_events.repository import event_counts


@dataclass(frozen=True, slots=True)
class ListFilter:
    """`user_id`: organizations where that user is admin, promoter or member; `with_drafts` only when the
    caller asks for their own. `keyword`: a case-insensitive part of the name."""

    user_id: int | None = None
    with_drafts: bool = False
    keyword: str | None = None


class OrganizationRepository:
    async def get_with_caller_roles(
        self, session: AsyncSession, org_id: int, caller_id: int | None, *, lock: bool = False
    ) -> tuple[Organization, frozenset[str]] | None:
        """The organization and the caller's roles in it, in one statement. `lock` holds the row until commit
        (role changes: two removals of the last two admins must not both pass)."""
        roles = (
            select(func.array_agg(OrganizationRole.role))
            .where(OrganizationRole.organization_id == Organization.id, OrganizationRole.user_id == caller_id)
            .scalar_subquery()
            if caller_id is not None
            else literal(None)
        )
        statement = select(Organization, roles).where(Organization.id == org_id)
        if lock:
            statement = statement.with_for_update(of=Organization)
        row = (await session.execute(statement)).first()
        if row is None:
            return None
        return row[0], frozenset(row[1] or ())

    async def visibility(self, rows: Rows, org_id: int, caller_id: int | None) -> tuple[str, frozenset[str]] | None:
        """The organization's status and the caller's roles in it, on kit.rows (a hot read's access check)."""
        found = await rows.one(_visibility(), org_id=org_id, caller_id=caller_id)
        return None if found is None else (found["status"], frozenset(found["roles"] or ()))

    async def add(self, session: AsyncSession, organization: Organization) -> Organization:
        session.add(organization)
        await session.flush()
        return organization

    async def stats(self, session: AsyncSession, org_id: int) -> tuple[int, int, int]:
        """(totalMembers, totalPoints, totalEvents): the members, the points they earned here in every year, and
        the organization's published events."""
        members = (
            select(func.count()).select_from(OrganizationMember).where(OrganizationMember.organization_id == org_id)
        ).scalar_subquery()
        points = (
            select(func.coalesce(func.sum(LeaderboardAward.points), 0))
            .select_from(LeaderboardAward)
            .join(
                OrganizationMember,
                and_(
                    OrganizationMember.organization_id == LeaderboardAward.organization_id,
                    OrganizationMember.user_id == LeaderboardAward.user_id,
                ),
            )
            .where(LeaderboardAward.organization_id == org_id)
        ).scalar_subquery()
        events = select(event_counts(literal(org_id)).c.total).scalar_subquery()
        row = (await session.execute(select(members, points, events))).one()
        return int(row[0]), int(row[1]), int(row[2])

    async def list_page(self, rows: Rows, where: ListFilter, page: Page) -> list[Record]:
        """One statement on kit.rows: the page of organizations with their member counts, and the event totals
        of every organization that matches (not only this page). The totals row is always there; an empty page
        is one row whose organization columns are null."""
        query = _list_query(where.user_id is not None, where.with_drafts, where.keyword is not None)
        params: dict[str, object] = {"limit": page.limit, "offset": page.offset}
        if where.user_id is not None:
            params["user_id"] = where.user_id
        if where.keyword is not None:
            params["pattern"] = contains_pattern(where.keyword)
        return await rows.all(query, **params)


@functools.cache
def _visibility() -> Query:
    roles = (
        select(func.array_agg(OrganizationRole.role))
        .where(
            OrganizationRole.organization_id == Organization.id,
            OrganizationRole.user_id == bindparam("caller_id", type_=Integer),
        )
        .scalar_subquery()
    )
    return Query(
        select(Organization.status, roles.label("roles")).where(Organization.id == bindparam("org_id", type_=Integer))
    )


@functools.cache
def _list_query(by_user: bool, with_drafts: bool, by_keyword: bool) -> Query:
    return Query(_list_statement(by_user, with_drafts, by_keyword))


def _list_statement(by_user: bool, with_drafts: bool, by_keyword: bool) -> Select[Any]:
    """The list's statement, compiled once per filter shape (`_list_query`) with its values as bind parameters
    (`user_id`, `pattern`, `limit`, `offset`): building it was a third of a list request (docs/decisions.md,
    "The read path")."""
    conditions = []
    if by_user:
        user_id = bindparam("user_id", type_=Integer)
        conditions.append(
            or_(
                exists().where(
                    OrganizationRole.organization_id == Organization.id, OrganizationRole.user_id == user_id
                ),
                exists().where(
                    OrganizationMember.organization_id == Organization.id, OrganizationMember.user_id == user_id
                ),
            )
        )
    if not with_drafts:
        conditions.append(Organization.status == OrganizationStatus.PUBLISHED)
    if by_keyword:
        conditions.append(Organization.name.ilike(bindparam("pattern", type_=String), escape=LIKE_ESCAPE))
    counts = event_counts(Organization.id)
    matching = (
        select(
            Organization.id,
            Organization.name,
            Organization.image,
            Organization.status,
            counts.c.now.label("current_events"),
            counts.c.future.label("future_events"),
            counts.c.past.label("past_events"),
        )
        .select_from(Organization)
        .join(counts, true())
        .where(*conditions)
        .cte("matching")
    )
    # A sum of counts is numeric in PostgreSQL (a Decimal): an integer is what the answer says.
    totals = select(
        cast(func.coalesce(func.sum(matching.c.current_events), 0), BigInteger).label("total_current"),
        cast(func.coalesce(func.sum(matching.c.future_events), 0), BigInteger).label("total_future"),
        cast(func.coalesce(func.sum(matching.c.past_events), 0), BigInteger).label("total_past"),
    ).subquery("totals")
    page_rows = (
        select(matching)
        .order_by(func.lower(matching.c.name), matching.c.id)
        .limit(bindparam("limit", type_=Integer))
        .offset(bindparam("offset", type_=Integer))
        .subquery("page")
    )
    members_count = (
        select(func.count())
        .select_from(OrganizationMember)
        .where(OrganizationMember.organization_id == page_rows.c.id)
        .scalar_subquery()
    )
    return (
        select(totals, page_rows, members_count.label("members_count"))
        .select_from(totals.outerjoin(page_rows, true()))
        .order_by(func.lower(page_rows.c.name), page_rows.c.id)
    )


organization_repository = OrganizationRepository()
