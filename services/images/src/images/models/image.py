from __future__ import annotations

from datetime import datetime

from sqlalchemy import Index, String, func
from sqlalchemy.orm import Mapped, mapped_column

from images.models import Base


class Image(Base):
    """An uploaded image: its re-encoded original is in storage under `<id>/`, variants beside it.
    Other services keep only the id."""

    __tablename__ = "image"
    __table_args__ = (Index("ix_image_owner_profile_id", "owner_profile_id"),)

    id: Mapped[str] = mapped_column(String(32), primary_key=True)
    owner_profile_id: Mapped[int]
    owner_account_id: Mapped[int]
    format: Mapped[str] = mapped_column(String(8))  # png, jpeg or webp: what the content was
    width: Mapped[int]
    height: Mapped[int]
    has_alpha: Mapped[bool]
    bytes: Mapped[int]  # as uploaded
    stored_bytes: Mapped[int]  # the re-encoded original, without metadata
    created_at: Mapped[datetime] = mapped_column(server_default=func.now())
