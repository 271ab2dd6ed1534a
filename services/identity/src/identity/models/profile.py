from __future__ import annotations

from datetime import date, datetime
from typing import Any

from sqlalchemy import ForeignKey, Index, String, func, text
from sqlalchemy.dialects.postgresql import JSONB
from sqlalchemy.orm import Mapped, mapped_column

from identity.models import Base

DEFAULT_PRIVACY = {
    "eventsAttended": True,
    "battlesEntered": True,
    "battlesWon": True,
    "eventsDj": True,
    "battlesJudged": True,
}


class Profile(Base):
    """What the spec calls a user: one account holds one or more, one of them the main one."""

    __tablename__ = "profile"
    __table_args__ = (
        Index("uq_profile_main_per_account", "account_id", unique=True, postgresql_where=text("is_main")),
        # The user search sorts completed profiles by name, case-insensitively.
        Index(
            "ix_profile_dancer_name_lower",
            func.lower(text("dancer_name")),
            "id",
            postgresql_where=text("dancer_name IS NOT NULL"),
        ),
        # Home's workshops: the instructors in the order a platform admin marked them.
        Index("ix_profile_instructor_at", "instructor_at", "id", postgresql_where=text("instructor_at IS NOT NULL")),
        # The members wall's location chips: exact, case-insensitive country (and state, city within it).
        Index(
            "ix_profile_location_lower",
            func.lower(text("country")),
            func.lower(text("state")),
            func.lower(text("city")),
        ),
    )

    id: Mapped[int] = mapped_column(primary_key=True)
    account_id: Mapped[int] = mapped_column(ForeignKey("account.id", ondelete="CASCADE"), index=True)
    is_main: Mapped[bool] = mapped_column(default=False)
    dancer_name: Mapped[str | None] = mapped_column(String(100))
    full_name: Mapped[str | None] = mapped_column(String(200))
    birthday: Mapped[date | None]
    country: Mapped[str | None] = mapped_column(String(100))
    city: Mapped[str | None] = mapped_column(String(100))
    state: Mapped[str | None] = mapped_column(String(100))
    avatar: Mapped[str | None] = mapped_column(String(64))
    card: Mapped[str | None] = mapped_column(String(64))
    is_patron: Mapped[bool] = mapped_column(default=False, server_default="false")
    # Set by a platform admin: a workshop instructor on Home since then (NULL: not an instructor).
    instructor_at: Mapped[datetime | None]
    socials: Mapped[dict[str, Any]] = mapped_column(JSONB, default=dict, server_default="{}")
    privacy: Mapped[dict[str, Any]] = mapped_column(JSONB, default=lambda: dict(DEFAULT_PRIVACY))
    events_attended: Mapped[int] = mapped_column(default=0, server_default="0")
    battles_entered: Mapped[int] = mapped_column(default=0, server_default="0")
    battles_won: Mapped[int] = mapped_column(default=0, server_default="0")
    events_dj: Mapped[int] = mapped_column(default=0, server_default="0")
    battles_judged: Mapped[int] = mapped_column(default=0, server_default="0")
    created_at: Mapped[datetime] = mapped_column(server_default=func.now())
    updated_at: Mapped[datetime] = mapped_column(server_default=func.now(), onupdate=func.now())
