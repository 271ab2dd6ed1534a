"""The local projection of identity's profiles: names and avatars for every list without a call per row."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Protocol

from sqlalchemy.ext.asyncio import AsyncSession

from kit.db import utcnow
from kit.errors import NotFound
from kit.events import Envelope
from organizations.profiles.client import IdentityClient
from organizations.profiles.repository import profile_repository
from organizations.profiles.schemas import ProfileData

USER_NOT_FOUND = "User not found"


class ShowsUser(Protocol):
    id: int
    dancer_name: str | None
    avatar: str | None


class ProfileService:
    async def apply_event(self, session: AsyncSession, envelope: Envelope) -> None:
        """identity.profile.created, updated and released carry the same payload."""
        profile = ProfileData.model_validate(envelope.data)
        await profile_repository.upsert(session, [profile], envelope.occurred_at)

    async def fetch_missing(
        self, session: AsyncSession, identity: IdentityClient, ids: Iterable[int]
    ) -> dict[int, ProfileData] | None:
        """One batched read from identity for ids never seen here; what it returns is kept in the projection.
        None when identity could not answer."""
        wanted = sorted(set(ids))
        if not wanted:
            return {}
        fetched = await identity.profiles(wanted)
        if fetched is None:
            return None
        asked = set(wanted)
        found = [p for p in fetched if p.id in asked]
        await profile_repository.upsert(session, found, utcnow())
        return {p.id: p for p in found}

    async def complete(
        self, session: AsyncSession, identity: IdentityClient, users: Sequence[ShowsUser], unknown: Iterable[int]
    ) -> None:
        """Fill in the users of a page whose profiles the projection has never seen (`unknown`): one read for
        the whole page. When identity cannot answer they stay without a name."""
        found = await self.fetch_missing(session, identity, unknown)
        if not found:
            return
        for user in users:
            profile = found.get(user.id)
            if profile is not None:
                user.dancer_name, user.avatar = profile.dancer_name, profile.avatar

    async def ensure_exists(self, session: AsyncSession, identity: IdentityClient, user_id: int) -> None:
        """A user about to be given a role or a membership must exist. Known here: yes. Otherwise identity
        decides; if it cannot be reached the user is accepted (the name comes later with its events)."""
        if await profile_repository.get_many(session, [user_id]):
            return
        found = await self.fetch_missing(session, identity, [user_id])
        if found is not None and user_id not in found:
            raise NotFound(USER_NOT_FOUND)


profile_service = ProfileService()
