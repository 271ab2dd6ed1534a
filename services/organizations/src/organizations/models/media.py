from __future__ import annotations

from datetime import datetime

from sqlalchemy import ForeignKey, Index, String, func
from sqlalchemy.orm import Mapped, mapped_column

from organizations.models import Base


class Media(Base):
    """A video clip of an organization or of an event; `link` is the video id (11 characters)."""

    __tablename__ = "media"
    # Lists are newest first (by id) within an organization or an event.
    __table_args__ = (
        Index("ix_media_organization_id_id", "organization_id", "id"),
        Index("ix_media_event_id_id", "event_id", "id"),
    )

    id: Mapped[int] = mapped_column(primary_key=True)
    link: Mapped[str] = mapped_column(String(11))
    name: Mapped[str] = mapped_column(String(200), default="", server_default="")
    user_id: Mapped[int]
    organization_id: Mapped[int | None] = mapped_column(ForeignKey("organization.id", ondelete="CASCADE"))
    event_id: Mapped[int | None]
    created_at: Mapped[datetime] = mapped_column(server_default=func.now())
