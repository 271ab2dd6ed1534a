from __future__ import annotations

from datetime import datetime

from sqlalchemy import ForeignKey, Index, func
from sqlalchemy.orm import Mapped, mapped_column

from organizations.models import Base


class OrganizationMember(Base):
    """A dancer listed in an organization: its leaderboard ranks its members."""

    __tablename__ = "organization_member"
    __table_args__ = (Index("ix_organization_member_user_id", "user_id"),)

    organization_id: Mapped[int] = mapped_column(ForeignKey("organization.id", ondelete="CASCADE"), primary_key=True)
    user_id: Mapped[int] = mapped_column(primary_key=True)
    created_at: Mapped[datetime] = mapped_column(server_default=func.now())
