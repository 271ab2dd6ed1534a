from __future__ import annotations

from collections.abc import Sequence

from sqlalchemy import select
from sqlalchemy.ext.asyncio import AsyncSession

from kit.paging import Page
from organizations.models import Media


class MediaRepository:
    async def get(self, session: AsyncSession, media_id: int) -> Media | None:
        return await session.get(Media, media_id)

    async def add(self, session: AsyncSession, media: Media) -> Media:
        session.add(media)
        await session.flush()
        return media

    async def delete(self, session: AsyncSession, media: Media) -> None:
        await session.delete(media)
        await session.flush()

    async def page(
        self, session: AsyncSession, *, org_id: int | None, event_id: int | None, page: Page
    ) -> Sequence[Media]:
        """Newest first, one statement."""
        statement = select(Media).order_by(Media.id.desc()).limit(page.limit).offset(page.offset)
        if org_id is not None:
            statement = statement.where(Media.organization_id == org_id)
        if event_id is not None:
            statement = statement.where(Media.event_id == event_id)
        return (await session.scalars(statement)).all()


media_repository = MediaRepository()
