"""Every event the images service publishes (docs/events.md), written to the outbox in the caller's
transaction. `EVENTS` feeds the generated JSON Schemas (`make contracts`)."""

from __future__ import annotations

from sqlalchemy.ext.asyncio import AsyncSession

from images.models import Image
from kit import outbox
from kit.schemas import Schema


class ImageUploaded(Schema):
    """ownerId is the profile that uploaded; bytes is the size of the file as uploaded."""

    id: str
    owner_id: int
    format: str
    width: int
    height: int
    bytes: int


class ImageDeleted(Schema):
    id: str
    owner_id: int


EVENTS: dict[str, type[Schema]] = {
    "images.image.uploaded": ImageUploaded,
    "images.image.deleted": ImageDeleted,
}


async def image_uploaded(session: AsyncSession, image: Image) -> None:
    payload = ImageUploaded(
        id=image.id,
        owner_id=image.owner_profile_id,
        format=image.format,
        width=image.width,
        height=image.height,
        bytes=image.bytes,
    )
    await outbox.add(
        session,
        "images.image.uploaded",
        payload.model_dump(mode="json", by_alias=True),
        topics=[f"user:{image.owner_profile_id}"],
    )


async def image_deleted(session: AsyncSession, image: Image) -> None:
    payload = ImageDeleted(id=image.id, owner_id=image.owner_profile_id)
    await outbox.add(
        session,
        "images.image.deleted",
        payload.model_dump(mode="json", by_alias=True),
        topics=[f"user:{image.owner_profile_id}"],
    )
