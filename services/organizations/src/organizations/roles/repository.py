from __future__ import annotations

from collections.abc import Sequence

from sqlalchemy import Row, delete, select
from sqlalchemy.dialects.postgresql import insert
from sqlalchemy.ext.asyncio import AsyncSession

from kit.profiles import with_profiles
from organizations.models import OrganizationRole, Role


class RoleRepository:
    async def with_profiles(self, session: AsyncSession, org_id: int) -> Sequence[Row]:
        """Admins and promoters, oldest first, with their names from the projection (`known` is false for
        a profile the projection has never seen)."""
        statement = (
            with_profiles(select(OrganizationRole.role, OrganizationRole.user_id), OrganizationRole.user_id)
            .where(OrganizationRole.organization_id == org_id)
            .order_by(OrganizationRole.created_at, OrganizationRole.user_id)
        )
        return (await session.execute(statement)).all()

    async def add(self, session: AsyncSession, org_id: int, user_id: int, role: Role) -> bool:
        """True when the user did not hold the role yet."""
        result = await session.execute(
            insert(OrganizationRole)
            .values(organization_id=org_id, user_id=user_id, role=role)
            .on_conflict_do_nothing()
            .returning(OrganizationRole.user_id)
        )
        return result.first() is not None

    async def remove(self, session: AsyncSession, org_id: int, user_id: int, role: Role) -> bool:
        """True when the user held the role."""
        result = await session.execute(
            delete(OrganizationRole)
            .where(
                OrganizationRole.organization_id == org_id,
                OrganizationRole.user_id == user_id,
                OrganizationRole.role == role,
            )
            .returning(OrganizationRole.user_id)
        )
        return result.first() is not None

    async def admin_ids(self, session: AsyncSession, org_id: int) -> Sequence[int]:
        return (
            await session.scalars(
                select(OrganizationRole.user_id).where(
                    OrganizationRole.organization_id == org_id, OrganizationRole.role == Role.ADMIN
                )
            )
        ).all()


role_repository = RoleRepository()
