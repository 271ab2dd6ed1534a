from __future__ import annotations

import enum
from datetime import date, datetime
from typing import Any

from sqlalchemy import CheckConstraint, Index, String, Text, func
from sqlalchemy.dialects.postgresql import JSONB
from sqlalchemy.orm import Mapped, mapped_column

from organizations.models import Base


class OrganizationStatus(enum.StrEnum):
    DRAFT = "draft"
    PUBLISHED = "published"


class Organization(Base):
    """An organization. It starts as an empty draft (the creation wizard fills it) and is published once. Its
    events are counted by period at query time from the `org_event` projection (orgs/counts.py)."""

    __tablename__ = "organization"
    __table_args__ = (CheckConstraint("status IN ('draft', 'published')", name="status"),)
    # Server defaults (created_at) come back with the INSERT, so a new draft can be shown without a reload.
    __mapper_args__ = {"eager_defaults": True}

    id: Mapped[int] = mapped_column(primary_key=True)
    name: Mapped[str] = mapped_column(String(100), default="", server_default="")
    image: Mapped[str | None] = mapped_column(String(64))
    status: Mapped[str] = mapped_column(String(16), default=OrganizationStatus.DRAFT, server_default="draft")
    description: Mapped[str] = mapped_column(Text, default="", server_default="")
    founded: Mapped[date | None]
    # The spec treats an absent flag as "disabled": a new organization starts with ranking disabled.
    ranking_disabled: Mapped[bool] = mapped_column(default=True, server_default="true")
    socials: Mapped[dict[str, Any]] = mapped_column(JSONB, default=dict, server_default="{}")
    agreement: Mapped[dict[str, Any]] = mapped_column(JSONB, default=dict, server_default="{}")
    waiver: Mapped[dict[str, Any]] = mapped_column(JSONB, default=dict, server_default="{}")
    created_at: Mapped[datetime] = mapped_column(server_default=func.now())
    updated_at: Mapped[datetime] = mapped_column(server_default=func.now(), onupdate=func.now())
    published_at: Mapped[datetime | None]


# Lists filter on status and sort by the case-folded name.
Index("ix_organization_status_name", Organization.status, func.lower(Organization.name), Organization.id)
