from __future__ import annotations

from datetime import datetime

from sqlalchemy import ForeignKey, Index, String, Text, func, text
from sqlalchemy.orm import Mapped, mapped_column

from identity.models import Base


class Notification(Base):
    """Something a user must know, addressed to one profile; only that profile's owner reads it."""

    __tablename__ = "notification"
    __table_args__ = (
        Index("ix_notification_profile_id_id", "profile_id", "id"),
        Index("ix_notification_unread", "profile_id", postgresql_where=text("read_at IS NULL")),
    )

    id: Mapped[int] = mapped_column(primary_key=True)
    profile_id: Mapped[int] = mapped_column(ForeignKey("profile.id", ondelete="CASCADE"))
    kind: Mapped[str] = mapped_column(String(50))
    text: Mapped[str] = mapped_column(Text)
    link: Mapped[str | None] = mapped_column(String(500))
    created_at: Mapped[datetime] = mapped_column(server_default=func.now())
    read_at: Mapped[datetime | None]
