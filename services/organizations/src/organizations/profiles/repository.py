from __future__ import annotations

from collections.abc import Iterable, Sequence
from datetime import datetime

from sqlalchemy import select
from sqlalchemy.dialects.postgresql import insert
from sqlalchemy.ext.asyncio import AsyncSession

from organizations.models import Profile
from organizations.profiles.schemas import ProfileData


class ProfileRepository:
    async def get_many(self, session: AsyncSession, ids: Iterable[int]) -> Sequence[Profile]:
        wanted = sorted(set(ids))
        if not wanted:
            return []
        return (await session.scalars(select(Profile).where(Profile.id.in_(wanted)))).all()

    async def upsert(self, session: AsyncSession, profiles: Sequence[ProfileData], synced_at: datetime) -> None:
        """Insert or refresh in one statement; a row already synced later than `synced_at` is left alone."""
        if not profiles:
            return
        statement = insert(Profile).values(
            [{"id": p.id, "dancer_name": p.dancer_name, "avatar": p.avatar, "synced_at": synced_at} for p in profiles]
        )
        statement = statement.on_conflict_do_update(
            index_elements=[Profile.id],
            set_={
                "dancer_name": statement.excluded.dancer_name,
                "avatar": statement.excluded.avatar,
                "synced_at": statement.excluded.synced_at,
            },
            where=Profile.synced_at <= statement.excluded.synced_at,
        )
        await session.execute(statement)


profile_repository = ProfileRepository()
