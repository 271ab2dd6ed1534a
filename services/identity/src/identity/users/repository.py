from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from sqlalchemy import Row, Select, exists, func, select
from sqlalchemy.ext.asyncio import AsyncSession

from identity.models import Account, OrgMembership, Profile
from identity.users.rules import SortBy, UserFilter
from kit.paging import Page
from kit.text import LIKE_ESCAPE, contains_pattern


def _filtered(stmt: Select[Any], where: UserFilter) -> Select[Any]:
    """Completed profiles (a dancer name) matching the filters."""
    stmt = stmt.where(Profile.dancer_name.is_not(None), Profile.dancer_name != "")
    if where.keyword:
        stmt = stmt.where(Profile.dancer_name.ilike(contains_pattern(where.keyword), escape=LIKE_ESCAPE))
    if where.exclude:
        stmt = stmt.where(Profile.id.not_in(where.exclude))
    for column, value in ((Profile.country, where.country), (Profile.state, where.state), (Profile.city, where.city)):
        if value:
            stmt = stmt.where(func.lower(column) == value)
    if where.org_ids:
        stmt = stmt.where(
            exists().where(
                OrgMembership.profile_id == Profile.id,
                OrgMembership.org_id.in_(where.org_ids),
                OrgMembership.active,
            )
        )
    return stmt


class UserRepository:
    async def search(
        self, session: AsyncSession, where: UserFilter, sort: SortBy, page: Page
    ) -> Sequence[Row[Any, Any, Any, Any, Any, Any]]:
        """One query: the page of (id, dancer_name, avatar, confirmed)."""
        name = func.lower(Profile.dancer_name)
        order = (name.desc(), Profile.id.desc()) if sort == "name-desc" else (name.asc(), Profile.id.asc())
        stmt = _filtered(
            select(
                Profile.id,
                Profile.dancer_name,
                Profile.avatar,
                Account.email_verified_at.is_not(None).label("confirmed"),
            ).join(Account, Account.id == Profile.account_id),
            where,
        )
        return (await session.execute(stmt.order_by(*order).offset(page.offset).limit(page.limit))).all()

    async def count(self, session: AsyncSession, where: UserFilter) -> int:
        return int(await session.scalar(_filtered(select(func.count(Profile.id)), where)) or 0)

    async def profile_refs(
        self, session: AsyncSession, ids: Sequence[int]
    ) -> Sequence[Row[Any, Any, Any, Any, Any, Any]]:
        return (
            await session.execute(
                select(Profile.id, Profile.dancer_name, Profile.avatar, Profile.country, Profile.city, Profile.state)
                .where(Profile.id.in_(ids))
                .order_by(Profile.id)
            )
        ).all()

    async def emails(self, session: AsyncSession, ids: Sequence[int]) -> Sequence[Row[Any, Any]]:
        """(profile id, its account's email)."""
        return (
            await session.execute(
                select(Profile.id, Account.email)
                .join(Account, Account.id == Profile.account_id)
                .where(Profile.id.in_(ids))
                .order_by(Profile.id)
            )
        ).all()


user_repository = UserRepository()
