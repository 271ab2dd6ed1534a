"""The events the images service publishes, built from its rows (the payload models are in `contracts.images`)
and written to the outbox in the caller's transaction."""

from __future__ import annotations

from sqlalchemy.ext.asyncio import AsyncSession

from contracts.images import ImageDeleted, ImageUploaded
from images.models import Image
from kit import outbox


async def image_uploaded(session: AsyncSession, image: Image) -> None:
    payload = ImageUploaded(
        id=image.id,
        owner_id=image.owner_profile_id,
        format=image.format,
        width=image.width,
        height=image.height,
        bytes=image.bytes,
    )
    await outbox.add(session, payload)


async def image_deleted(session: AsyncSession, image: Image) -> None:
    await outbox.add(session, ImageDeleted(id=image.id, owner_id=image.owner_profile_id))
