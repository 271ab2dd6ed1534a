from __future__ import annotations

from collections.abc import Sequence

from sqlalchemy import Row, delete, func, select
from sqlalchemy.dialects.postgresql import insert
from sqlalchemy.ext.asyncio import AsyncSession

from kit.paging import Page
from kit.profiles import profile, with_profiles
from kit.text import LIKE_ESCAPE, contains_pattern
from organizations.models import OrganizationMember


class MemberRepository:
    async def page(self, session: AsyncSession, org_id: int, page: Page, keyword: str | None) -> Sequence[Row]:
        """One statement: members by name (unknown names last), with `known` false for a profile the
        projection has never seen."""
        statement = (
            with_profiles(select(OrganizationMember.user_id), OrganizationMember.user_id)
            .where(OrganizationMember.organization_id == org_id)
            .order_by(func.lower(profile.c.dancer_name).asc().nulls_last(), OrganizationMember.user_id)
            .limit(page.limit)
            .offset(page.offset)
        )
        if keyword:
            statement = statement.where(profile.c.dancer_name.ilike(contains_pattern(keyword), escape=LIKE_ESCAPE))
        return (await session.execute(statement)).all()

    async def add(self, session: AsyncSession, org_id: int, user_id: int) -> bool:
        """True when the user was not a member yet."""
        result = await session.execute(
            insert(OrganizationMember)
            .values(organization_id=org_id, user_id=user_id)
            .on_conflict_do_nothing()
            .returning(OrganizationMember.user_id)
        )
        return result.first() is not None

    async def remove(self, session: AsyncSession, org_id: int, user_id: int) -> bool:
        """True when the user was a member."""
        result = await session.execute(
            delete(OrganizationMember)
            .where(OrganizationMember.organization_id == org_id, OrganizationMember.user_id == user_id)
            .returning(OrganizationMember.user_id)
        )
        return result.first() is not None


member_repository = MemberRepository()
