"""The public user search (members directory, user pickers) and the internal profile lookup."""

from __future__ import annotations

from collections.abc import Sequence

from sqlalchemy.ext.asyncio import AsyncSession

from identity.profiles.schemas import ProfileEmail, ProfileRef
from identity.users.repository import user_repository
from identity.users.rules import SortBy, UserFilter
from identity.users.schemas import UserListItem
from kit.errors import Invalid
from kit.paging import Page

MAX_LOOKUP = 200


class UserService:
    async def search(self, session: AsyncSession, where: UserFilter, sort: SortBy, page: Page) -> list[UserListItem]:
        rows = await user_repository.search(session, where, sort, page)
        return [UserListItem(id=r.id, dancer_name=r.dancer_name, avatar=r.avatar, confirmed=r.confirmed) for r in rows]

    async def count(self, session: AsyncSession, where: UserFilter) -> int:
        return await user_repository.count(session, where)

    async def lookup(self, session: AsyncSession, ids: Sequence[int]) -> list[ProfileRef]:
        """For other services' projections: the profiles that exist among `ids` (one query)."""
        if len(ids) > MAX_LOOKUP:
            raise Invalid(f"At most {MAX_LOOKUP} ids at a time")
        if not ids:
            return []
        rows = await user_repository.profile_refs(session, ids)
        return [
            ProfileRef(
                id=r.id, dancer_name=r.dancer_name, avatar=r.avatar, country=r.country, city=r.city, state=r.state
            )
            for r in rows
        ]

    async def emails(self, session: AsyncSession, ids: Sequence[int]) -> list[ProfileEmail]:
        """For the events service's Check-in page (its editors only): each profile's account email."""
        if len(ids) > MAX_LOOKUP:
            raise Invalid(f"At most {MAX_LOOKUP} ids at a time")
        if not ids:
            return []
        return [ProfileEmail(id=r.id, email=r.email) for r in await user_repository.emails(session, ids)]


user_service = UserService()
