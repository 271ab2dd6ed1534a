"""What this service keeps of other services' data, fed by their events."""

from __future__ import annotations

from datetime import datetime

from sqlalchemy import DateTime, Index, String
from sqlalchemy.orm import Mapped, mapped_column

from events.models import Base
from kit.profiles import ProjectedProfile


class Profile(ProjectedProfile, Base):
    """The local projection of identity's profiles (kit.profiles keeps it)."""


class Org(Base):
    """An organization as orgs.org.* last described it: the event page shows its name and image."""

    __tablename__ = "org"

    id: Mapped[int] = mapped_column(primary_key=True, autoincrement=False)
    name: Mapped[str | None] = mapped_column(String(100))
    image: Mapped[str | None] = mapped_column(String(64))
    status: Mapped[str] = mapped_column(String(16), default="draft")
    # When orgs.org.* last described it; none while only a role event has named it.
    changed_at: Mapped[datetime | None] = mapped_column(DateTime(timezone=True))


class OrgRole(Base):
    """Admins and promoters of organizations (orgs.role.added/removed): who may put an event under one, and
    whose organization admins edit its events, without a call per request."""

    __tablename__ = "org_role"
    __table_args__ = (Index("ix_org_role_user_id", "user_id"),)

    org_id: Mapped[int] = mapped_column(primary_key=True, autoincrement=False)
    role: Mapped[str] = mapped_column(String(16), primary_key=True)
    user_id: Mapped[int] = mapped_column(primary_key=True, autoincrement=False)


class Battle(Base):
    """A battle of the event (battles.battle.*), as the event page's chips show it, as of its last announcement;
    `crew_size` None is unlimited. A deleted battle keeps its row (a late older announcement cannot revive it)."""

    __tablename__ = "battle"
    __table_args__ = (Index("ix_battle_event_id", "event_id"),)

    id: Mapped[int] = mapped_column(primary_key=True, autoincrement=False)
    event_id: Mapped[int]
    title: Mapped[str] = mapped_column(String(200))
    crew_size: Mapped[int | None]
    org_id: Mapped[int | None]
    deleted: Mapped[bool] = mapped_column(default=False)
    changed_at: Mapped[datetime]


class BattleEntry(Base):
    """A dancer registered in a battle or no longer (battles.participant.*): the chips' isRegistered."""

    __tablename__ = "battle_entry"

    battle_id: Mapped[int] = mapped_column(primary_key=True, autoincrement=False)
    user_id: Mapped[int] = mapped_column(primary_key=True, autoincrement=False)
    registered: Mapped[bool]
    changed_at: Mapped[datetime]
