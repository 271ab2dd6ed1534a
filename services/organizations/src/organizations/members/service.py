"""Members of an organization: the dancers its leaderboard ranks."""

from __future__ import annotations

from sqlalchemy.ext.asyncio import AsyncSession

from contracts.orgs import MemberAdded, MemberRemoved
from kit import profiles
from kit.paging import Page
from kit.profiles import IdentityClient, User
from organizations import events
from organizations.members.repository import member_repository
from organizations.orgs.access import OrgAccess


class MemberService:
    async def page(
        self, session: AsyncSession, identity: IdentityClient, access: OrgAccess, page: Page, keyword: str | None
    ) -> list[User]:
        rows = await member_repository.page(session, access.organization.id, page, (keyword or "").strip() or None)
        return await profiles.users_of(session, identity, rows)

    async def add(self, session: AsyncSession, identity: IdentityClient, access: OrgAccess, user_id: int) -> None:
        """Adding a member twice changes nothing."""
        org = access.organization
        await profiles.ensure_exists(session, identity, user_id)
        if await member_repository.add(session, org.id, user_id):
            await events.membership_changed(session, MemberAdded, org, user_id)

    async def remove(self, session: AsyncSession, access: OrgAccess, user_id: int) -> None:
        """Removing someone who is not a member changes nothing. Their points stay recorded (they count
        again if the member comes back) but leave the leaderboard and totalPoints."""
        org = access.organization
        if await member_repository.remove(session, org.id, user_id):
            await events.membership_changed(session, MemberRemoved, org, user_id)


member_service = MemberService()
