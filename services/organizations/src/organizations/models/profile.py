from __future__ import annotations

from datetime import datetime

from sqlalchemy import String
from sqlalchemy.orm import Mapped, mapped_column

from organizations.models import Base


class Profile(Base):
    """The local projection of identity's profiles (the spec's users): names and avatars without a call per row.

    `synced_at` is when identity said so (the event's occurredAt, or the time of a batch read); an older
    version never overwrites a newer one, whatever order the events arrive in."""

    __tablename__ = "profile"

    id: Mapped[int] = mapped_column(primary_key=True, autoincrement=False)
    dancer_name: Mapped[str | None] = mapped_column(String(100))
    avatar: Mapped[str | None] = mapped_column(String(64))
    synced_at: Mapped[datetime]
