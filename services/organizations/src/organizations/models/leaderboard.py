from __future__ import annotations

from datetime import date, datetime

from sqlalchemy import ForeignKey, Index, String
from sqlalchemy.orm import Mapped, mapped_column

from organizations.models import Base


class BattleResult(Base):
    """The last winners of a battle we applied (from battles.winners.set). `set_at` is the event's occurredAt:
    a result older than the one applied is ignored, so a late redelivery never undoes a correction."""

    __tablename__ = "battle_result"

    battle_id: Mapped[int] = mapped_column(primary_key=True, autoincrement=False)
    event_id: Mapped[int | None]
    organization_id: Mapped[int | None] = mapped_column(ForeignKey("organization.id", ondelete="CASCADE"))
    start_date: Mapped[date]
    set_at: Mapped[datetime]


class LeaderboardAward(Base):
    """Points one dancer earned with a place in one battle. Organization and year are copied from the battle
    so the leaderboard sums one index range."""

    __tablename__ = "leaderboard_award"
    __table_args__ = (Index("ix_leaderboard_award_org_year_user", "organization_id", "year", "user_id"),)

    battle_id: Mapped[int] = mapped_column(
        ForeignKey("battle_result.battle_id", ondelete="CASCADE"), primary_key=True, autoincrement=False
    )
    user_id: Mapped[int] = mapped_column(primary_key=True, autoincrement=False)
    organization_id: Mapped[int] = mapped_column(ForeignKey("organization.id", ondelete="CASCADE"))
    year: Mapped[int]
    place: Mapped[str] = mapped_column(String(16))
    points: Mapped[int]
