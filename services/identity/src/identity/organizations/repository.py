from __future__ import annotations

import functools
from collections.abc import Sequence
from datetime import datetime
from typing import Any

from sqlalchemy import Integer, Select, bindparam, select
from sqlalchemy.ext.asyncio import AsyncSession

from identity.models import Organization, OrgMembership
from kit.projections import upsert_as_of


@functools.cache
def _organizations_of() -> Select[Any]:
    """Built once with the profile bound: every profile read runs it (docs/decisions.md, "The read
    path")."""
    member_of = (
        select(OrgMembership.org_id)
        .where(OrgMembership.profile_id == bindparam("profile_id", type_=Integer), OrgMembership.active)
        .scalar_subquery()
    )
    return select(Organization).where(Organization.id.in_(member_of)).order_by(Organization.name, Organization.id)


class OrganizationRepository:
    async def upsert_organization(
        self, session: AsyncSession, org_id: int, name: str | None, image: str | None, changed_at: datetime
    ) -> None:
        """Name and image as of `changed_at`; an older event than the one already applied changes nothing."""
        await upsert_as_of(session, Organization, {"id": org_id}, {"name": name, "image": image}, at=changed_at)

    async def set_membership(
        self, session: AsyncSession, org_id: int, profile_id: int, role: str, active: bool, changed_at: datetime
    ) -> None:
        key = {"org_id": org_id, "profile_id": profile_id, "role": role}
        await upsert_as_of(session, OrgMembership, key, {"active": active}, at=changed_at)

    async def organizations_of(self, session: AsyncSession, profile_id: int) -> Sequence[Organization]:
        """The organizations where the profile holds any role, by name."""
        return (await session.scalars(_organizations_of(), {"profile_id": profile_id})).all()


organization_repository = OrganizationRepository()
