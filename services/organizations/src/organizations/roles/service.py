"""Admins and promoters of an organization."""

from __future__ import annotations

from sqlalchemy.ext.asyncio import AsyncSession

from contracts.orgs import RoleAdded, RoleRemoved
from kit import profiles
from kit.profiles import IdentityClient
from organizations import events
from organizations.models import Organization, Role
from organizations.orgs.access import OrgAccess
from organizations.roles.exceptions import LastAdmin
from organizations.roles.repository import role_repository
from organizations.roles.schemas import RoleChange, Roles


class RoleService:
    async def people(self, session: AsyncSession, identity: IdentityClient, org_id: int) -> Roles:
        rows = await role_repository.with_profiles(session, org_id)
        roles = Roles()
        for row, user in zip(rows, await profiles.users_of(session, identity, rows), strict=True):
            (roles.admins if row.role == Role.ADMIN else roles.promoters).append(user)
        return roles

    async def grant(self, session: AsyncSession, organization: Organization, user_id: int, role: Role) -> None:
        if await role_repository.add(session, organization.id, user_id, role):
            await events.role_changed(session, RoleAdded, organization, user_id, str(role))

    async def add(
        self, session: AsyncSession, identity: IdentityClient, access: OrgAccess, change: RoleChange
    ) -> Roles:
        """Adding a role the user already holds changes nothing and answers the same lists."""
        await profiles.ensure_exists(session, identity, change.user_id)
        await self.grant(session, access.organization, change.user_id, change.role)
        return await self.people(session, identity, access.organization.id)

    async def remove(
        self, session: AsyncSession, identity: IdentityClient, access: OrgAccess, change: RoleChange
    ) -> Roles:
        """The last admin stays: an organization without an admin could never be edited again (but by a
        platform admin). The caller holds the organization's row lock, so two removals cannot race past it."""
        org = access.organization
        if change.role == Role.ADMIN:
            admins = await role_repository.admin_ids(session, org.id)
            if list(admins) == [change.user_id]:
                raise LastAdmin()
        if await role_repository.remove(session, org.id, change.user_id, change.role):
            await events.role_changed(session, RoleRemoved, org, change.user_id, str(change.role))
        return await self.people(session, identity, org.id)


role_service = RoleService()
