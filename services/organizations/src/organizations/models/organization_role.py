from __future__ import annotations

import enum
from datetime import datetime

from sqlalchemy import CheckConstraint, ForeignKey, Index, String, func
from sqlalchemy.orm import Mapped, mapped_column

from organizations.models import Base


class Role(enum.StrEnum):
    """Admins (the spec's owners) edit the organization; promoters may create events under it."""

    ADMIN = "admin"
    PROMOTER = "promoter"


class OrganizationRole(Base):
    """A user's role in an organization. One user may hold both roles."""

    __tablename__ = "organization_role"
    __table_args__ = (
        CheckConstraint("role IN ('admin', 'promoter')", name="role"),
        Index("ix_organization_role_user_id", "user_id"),
    )

    organization_id: Mapped[int] = mapped_column(ForeignKey("organization.id", ondelete="CASCADE"), primary_key=True)
    role: Mapped[str] = mapped_column(String(16), primary_key=True)
    user_id: Mapped[int] = mapped_column(primary_key=True)
    created_at: Mapped[datetime] = mapped_column(server_default=func.now())
