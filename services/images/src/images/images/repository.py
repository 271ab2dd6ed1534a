from __future__ import annotations

from sqlalchemy import delete, select
from sqlalchemy.ext.asyncio import AsyncSession

from images.images.cache import ImageFacts
from images.models import Image


class ImageRepository:
    async def add(self, session: AsyncSession, image: Image) -> Image:
        session.add(image)
        await session.flush()
        return image

    async def get(self, session: AsyncSession, image_id: str) -> Image | None:
        return await session.get(Image, image_id)

    async def facts(self, session: AsyncSession, image_id: str) -> ImageFacts | None:
        row = (
            await session.execute(
                select(Image.width, Image.height, Image.has_alpha, Image.format).where(Image.id == image_id)
            )
        ).first()
        return ImageFacts(row.width, row.height, row.has_alpha, row.format) if row else None

    async def existing(self, session: AsyncSession, image_ids: list[str]) -> list[str]:
        return list((await session.scalars(select(Image.id).where(Image.id.in_(image_ids)))).all())

    async def delete(self, session: AsyncSession, image_id: str) -> None:
        await session.execute(delete(Image).where(Image.id == image_id))


image_repository = ImageRepository()
