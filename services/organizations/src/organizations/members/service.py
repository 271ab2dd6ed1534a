"""Members of an organization: the dancers its leaderboard ranks."""

from __future__ import annotations

from sqlalchemy.ext.asyncio import AsyncSession

from kit.paging import Page
from organizations import events
from organizations.members.repository import member_repository
from organizations.orgs.access import OrgAccess
from organizations.profiles.client import IdentityClient
from organizations.profiles.schemas import User
from organizations.profiles.service import profile_service


class MemberService:
    async def page(
        self, session: AsyncSession, identity: IdentityClient, access: OrgAccess, page: Page, keyword: str | None
    ) -> list[User]:
        rows = await member_repository.page(session, access.organization.id, page, (keyword or "").strip() or None)
        users = [User(id=row.user_id, dancer_name=row.dancer_name, avatar=row.avatar) for row in rows]
        await profile_service.complete(session, identity, users, (row.user_id for row in rows if not row.known))
        return users

    async def add(self, session: AsyncSession, identity: IdentityClient, access: OrgAccess, user_id: int) -> None:
        """Adding a member twice changes nothing."""
        org = access.organization
        await profile_service.ensure_exists(session, identity, user_id)
        if await member_repository.add(session, org.id, user_id):
            await events.membership_changed(session, "orgs.member.added", org, user_id)

    async def remove(self, session: AsyncSession, access: OrgAccess, user_id: int) -> None:
        """Removing someone who is not a member changes nothing. Their points stay recorded (they count
        again if the member comes back) but leave the leaderboard and totalPoints."""
        org = access.organization
        if await member_repository.remove(session, org.id, user_id):
            await events.membership_changed(session, "orgs.member.removed", org, user_id)


member_service = MemberService()
