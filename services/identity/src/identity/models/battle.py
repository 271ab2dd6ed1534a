from __future__ import annotations

from datetime import datetime

from sqlalchemy import Index, String
from sqlalchemy.orm import Mapped, mapped_column

from identity.models import Base


class Battle(Base):
    """A battle of the battles service, as far as profile stats need it: whether it was deleted (it leaves every
    count) and the time of the winners last applied (a winners announcement replaces the battle's winners unless
    a newer one was applied already)."""

    __tablename__ = "battle"

    battle_id: Mapped[int] = mapped_column(primary_key=True, autoincrement=False)
    deleted: Mapped[bool] = mapped_column(default=False)
    winners_set_at: Mapped[datetime | None]


class BattleRole(Base):
    """A profile's part in a battle: `entered` (battles.participant.*), `judged` (battles.judge.*) or `won`
    (1st Place in battles.winners.set). Counted while active and the battle is not deleted; an inactive row keeps
    its time, so a late older event cannot undo a newer one."""

    __tablename__ = "battle_role"
    __table_args__ = (Index("ix_battle_role_user_id", "user_id"),)

    battle_id: Mapped[int] = mapped_column(primary_key=True, autoincrement=False)
    user_id: Mapped[int] = mapped_column(primary_key=True, autoincrement=False)
    role: Mapped[str] = mapped_column(String(16), primary_key=True)
    active: Mapped[bool]
    changed_at: Mapped[datetime]
