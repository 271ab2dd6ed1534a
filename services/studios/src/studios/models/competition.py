"""The projection of other services' events that the studio page shows: events (events service) and battles, who
entered them and their ranks (battles service). Each row keeps when its announcement happened, so an older one
arriving late changes nothing."""

from __future__ import annotations

from datetime import datetime

from sqlalchemy import Index, String
from sqlalchemy.orm import Mapped, mapped_column

from studios.models import Base


class CompetitionEvent(Base):
    """An event as `events.event.*` last said; city and state come from its address ('City, State, Country')."""

    __tablename__ = "competition_event"

    id: Mapped[int] = mapped_column(primary_key=True, autoincrement=False)
    title: Mapped[str] = mapped_column(String(200), default="", server_default="")
    image: Mapped[str | None] = mapped_column(String(64))
    city: Mapped[str | None] = mapped_column(String(200))
    state: Mapped[str | None] = mapped_column(String(200))
    starts_at: Mapped[datetime | None]
    # Listed only when published and not deleted.
    listed: Mapped[bool] = mapped_column(default=False, server_default="false")
    changed_at: Mapped[datetime]


class Battle(Base):
    """A battle as `battles.battle.*` last said."""

    __tablename__ = "battle"

    id: Mapped[int] = mapped_column(primary_key=True, autoincrement=False)
    event_id: Mapped[int]
    title: Mapped[str] = mapped_column(String(200), default="", server_default="")
    crew_size: Mapped[int | None]
    deleted: Mapped[bool] = mapped_column(default=False, server_default="false")
    changed_at: Mapped[datetime]


class BattleEntry(Base):
    """A dancer in a battle: `registered` false once they left (a row stays so a late registration is ignored)."""

    __tablename__ = "battle_entry"
    __table_args__ = (Index("ix_battle_entry_user_id", "user_id", "event_id"),)

    battle_id: Mapped[int] = mapped_column(primary_key=True, autoincrement=False)
    user_id: Mapped[int] = mapped_column(primary_key=True, autoincrement=False)
    event_id: Mapped[int]
    crew_id: Mapped[int | None]
    registered: Mapped[bool]
    changed_at: Mapped[datetime]


class BattleResult(Base):
    """When a battle's winners were last set: an older `battles.winners.set` arriving late is ignored."""

    __tablename__ = "battle_result"

    battle_id: Mapped[int] = mapped_column(primary_key=True, autoincrement=False)
    set_at: Mapped[datetime]


class BattleRank(Base):
    """A dancer's rank in a battle from `battles.winners.set` (1, 2, 3, 4, 5, 8, 16, 32); setting the winners again
    replaces the battle's ranks."""

    __tablename__ = "battle_rank"

    battle_id: Mapped[int] = mapped_column(primary_key=True, autoincrement=False)
    user_id: Mapped[int] = mapped_column(primary_key=True, autoincrement=False)
    rank: Mapped[int]
