"""Admins, teachers and students of a studio: lists with their events, adds and removals (announced)."""

from __future__ import annotations

from sqlalchemy import select
from sqlalchemy.ext.asyncio import AsyncSession

from contracts.studios import MemberAdded, MemberRemoved
from kit import profiles
from kit.profiles import IdentityClient, User, profile
from studios import events
from studios.competitions.schemas import StudioMember as MemberView
from studios.members.repository import member_repository
from studios.models import Role, Studio, StudioMember
from studios.studios import rules
from studios.studios.access import StudioAccess
from studios.studios.exceptions import LastAdmin


class MemberService:
    async def page(
        self,
        session: AsyncSession,
        identity: IdentityClient,
        access: StudioAccess,
        role: Role,
        *,
        descending: bool,
        keyword: str | None,
        limit: int,
        offset: int,
    ) -> list[MemberView]:
        """Teachers and students with the events they competed in; admins without (the settings' list)."""
        with_events = role != Role.ADMIN
        rows = await member_repository.page(
            session,
            access.studio.id,
            role,
            descending=descending,
            keyword=rules.keyword(keyword),
            limit=limit,
            offset=offset,
            with_events=with_events,
        )
        members = [
            MemberView(
                id=row.user_id,
                dancer_name=row.dancer_name,
                avatar=row.avatar,
                events=row.events if with_events else [],
            )
            for row in rows
        ]
        await profiles.complete(session, identity, members, (row.user_id for row in rows if not row.known))
        return members

    async def admins(self, session: AsyncSession, identity: IdentityClient, studio_id: int) -> list[User]:
        """Oldest first (the studio's About: 'Studio owners')."""
        rows = (
            await session.execute(
                profiles.with_profiles(select(StudioMember.user_id), StudioMember.user_id)
                .where(StudioMember.studio_id == studio_id, StudioMember.role == Role.ADMIN)
                .order_by(StudioMember.created_at, StudioMember.user_id)
            )
        ).all()
        return await profiles.users_of(session, identity, rows)

    async def grant(self, session: AsyncSession, studio: Studio, user_id: int, role: Role) -> None:
        if await member_repository.add(session, studio.id, user_id, role):
            await events.member_changed(session, MemberAdded, studio, user_id, str(role))

    async def add(
        self, session: AsyncSession, identity: IdentityClient, access: StudioAccess, user_id: int, role: Role
    ) -> User:
        """Adding someone who holds the role already changes nothing; the answer is the person (truthy)."""
        await profiles.ensure_exists(session, identity, user_id)
        await self.grant(session, access.studio, user_id, role)
        found = (
            await session.execute(select(profile.c.dancer_name, profile.c.avatar).where(profile.c.id == user_id))
        ).first()
        return User(
            id=user_id, dancer_name=found.dancer_name if found else None, avatar=found.avatar if found else None
        )

    async def remove(self, session: AsyncSession, access: StudioAccess, user_id: int, role: Role) -> None:
        """Removing someone who does not hold the role changes nothing. The last admin stays (rules.may_remove_admin);
        the caller holds the studio's row lock, so two removals cannot race past it."""
        studio = access.studio
        if role == Role.ADMIN and not rules.may_remove_admin(
            await member_repository.ids(session, studio.id, Role.ADMIN), user_id
        ):
            raise LastAdmin()
        if await member_repository.remove(session, studio.id, user_id, role):
            await events.member_changed(session, MemberRemoved, studio, user_id, str(role))


member_service = MemberService()
