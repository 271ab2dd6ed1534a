from __future__ import annotations

from datetime import datetime

from sqlalchemy import Index, String
from sqlalchemy.orm import Mapped, mapped_column

from identity.models import Base

MEMBER = "member"
ADMIN = "admin"
PROMOTER = "promoter"


class Organization(Base):
    """Projection of the organizations service: what a profile's `organizations` list shows."""

    __tablename__ = "organization"

    id: Mapped[int] = mapped_column(primary_key=True, autoincrement=False)
    name: Mapped[str | None] = mapped_column(String(200))
    image: Mapped[str | None] = mapped_column(String(64))
    changed_at: Mapped[datetime]


class OrgMembership(Base):
    """A profile's role in an organization (member, admin or promoter), from the organizations service's
    events. A removal keeps the row inactive with its time, so a late older event cannot undo a newer one."""

    __tablename__ = "org_membership"
    __table_args__ = (Index("ix_org_membership_profile_id", "profile_id"),)

    org_id: Mapped[int] = mapped_column(primary_key=True, autoincrement=False)
    profile_id: Mapped[int] = mapped_column(primary_key=True, autoincrement=False)
    role: Mapped[str] = mapped_column(String(20), primary_key=True)
    active: Mapped[bool]
    changed_at: Mapped[datetime]
