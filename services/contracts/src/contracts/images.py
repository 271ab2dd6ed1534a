"""Events of the images service (stream IMAGES)."""

from __future__ import annotations

from typing import ClassVar

from contracts.base import Event


class ImageUploaded(Event):
    """ownerId is the profile that uploaded; bytes is the size of the file as uploaded."""

    type: ClassVar[str] = "images.image.uploaded"

    id: str
    owner_id: int
    format: str
    width: int
    height: int
    bytes: int

    def topics(self) -> list[str]:
        return [f"user:{self.owner_id}"]


class ImageDeleted(Event):
    """The gateway drops its cached variants of the image."""

    type: ClassVar[str] = "images.image.deleted"

    id: str
    owner_id: int

    def topics(self) -> list[str]:
        return [f"user:{self.owner_id}"]
