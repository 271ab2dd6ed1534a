from __future__ import annotations

import enum
from datetime import date, datetime
from typing import Any

from sqlalchemy import CheckConstraint, Float, ForeignKey, Index, String, Text, func, text
from sqlalchemy.dialects.postgresql import JSONB
from sqlalchemy.orm import Mapped, mapped_column

from studios.models import Base


class StudioStatus(enum.StrEnum):
    DRAFT = "draft"
    PUBLISHED = "published"


class Role(enum.StrEnum):
    """Admins (the product's owners) edit the studio; teachers and students are listed on its page."""

    ADMIN = "admin"
    TEACHER = "teacher"
    STUDENT = "student"


class Studio(Base):
    """A studio. It starts as an empty draft (the wizard fills it in), is published, and may be deactivated (back
    to draft) and published again."""

    __tablename__ = "studio"
    __table_args__ = (CheckConstraint("status IN ('draft', 'published')", name="status"),)
    __mapper_args__ = {"eager_defaults": True}

    id: Mapped[int] = mapped_column(primary_key=True)
    name: Mapped[str] = mapped_column(String(100), default="", server_default="")
    image: Mapped[str | None] = mapped_column(String(64))
    status: Mapped[str] = mapped_column(String(16), default=StudioStatus.DRAFT, server_default="draft")
    description: Mapped[str] = mapped_column(Text, default="", server_default="")
    founded: Mapped[date | None]
    location_address: Mapped[str | None] = mapped_column(String(300))
    lat: Mapped[float | None] = mapped_column(Float)
    lng: Mapped[float | None] = mapped_column(Float)
    socials: Mapped[dict[str, Any]] = mapped_column(JSONB, default=dict, server_default="{}")
    created_at: Mapped[datetime] = mapped_column(server_default=func.now())
    updated_at: Mapped[datetime] = mapped_column(server_default=func.now(), onupdate=func.now())
    published_at: Mapped[datetime | None]


# The grid: published studios by case-folded name.
Index(
    "ix_studio_published_name",
    func.lower(Studio.name),
    Studio.id,
    postgresql_where=text("status = 'published'"),
)
# The map: one GiST over the published studios' points (`point(lng, lat) <@ box` and `<->` nearest first). Written
# by hand in the migration as well: autogenerate cannot express an expression GiST index.
Index(
    "ix_studio_published_location",
    func.point(Studio.lng, Studio.lat),
    postgresql_using="gist",
    postgresql_where=text("status = 'published' AND lat IS NOT NULL AND lng IS NOT NULL"),
)


class StudioMember(Base):
    """A user's role in a studio; one user may hold several (an admin who also teaches)."""

    __tablename__ = "studio_member"
    __table_args__ = (
        CheckConstraint("role IN ('admin', 'teacher', 'student')", name="role"),
        Index("ix_studio_member_user_id", "user_id"),
    )

    studio_id: Mapped[int] = mapped_column(ForeignKey("studio.id", ondelete="CASCADE"), primary_key=True)
    role: Mapped[str] = mapped_column(String(16), primary_key=True)
    user_id: Mapped[int] = mapped_column(primary_key=True)
    created_at: Mapped[datetime] = mapped_column(server_default=func.now())
