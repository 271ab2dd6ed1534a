"""The battle on the floor: prelim groups and judges' prelim scores, the bracket's sparrings with their judges'
round scores and the audience's votes, and one scoreboard per carpet of the event."""

from __future__ import annotations

from datetime import datetime
from decimal import Decimal

from sqlalchemy import CheckConstraint, ForeignKey, Index, Numeric, SmallInteger, String, UniqueConstraint, func
from sqlalchemy.dialects.postgresql import ARRAY
from sqlalchemy.orm import Mapped, mapped_column

from battles.models import Base


class PrelimGroup(Base):
    """A prelims group ('Group {position}'); entries point at it with `entry.group_id`."""

    __tablename__ = "prelim_group"
    __table_args__ = (UniqueConstraint("battle_id", "position", name="uq_prelim_group_position"),)

    id: Mapped[int] = mapped_column(primary_key=True)
    battle_id: Mapped[int] = mapped_column(ForeignKey("battle.id", ondelete="CASCADE"))
    position: Mapped[int]
    created_at: Mapped[datetime] = mapped_column(server_default=func.now())


class PrelimScore(Base):
    """One judge's points for one entry in one round (crews have one round per member of the crew size): one row
    per judge, entry and round, so a replayed or doubled score is an upsert, never a second score."""

    __tablename__ = "prelim_score"
    __table_args__ = (
        CheckConstraint("points >= 1 AND points <= 10", name="points_range"),
        Index("ix_prelim_score_battle_id", "battle_id"),
    )

    entry_id: Mapped[int] = mapped_column(ForeignKey("entry.id", ondelete="CASCADE"), primary_key=True)
    judge_id: Mapped[int] = mapped_column(primary_key=True, autoincrement=False)
    round: Mapped[int] = mapped_column(primary_key=True, autoincrement=False)
    battle_id: Mapped[int] = mapped_column(ForeignKey("battle.id", ondelete="CASCADE"))
    points: Mapped[Decimal] = mapped_column(Numeric(3, 1))
    updated_at: Mapped[datetime] = mapped_column(server_default=func.now(), onupdate=func.now())


class Sparring(Base):
    """One meeting of the bracket. `side` left/right/final, `round` from 1 within its side, `position` from 0
    within its round. The structure is fixed when the bracket is built: the winner moves to `next_id` on
    `next_side` (red or blue), the loser takes `loser_place` (2 in the final, 4 in the semi-finals, 8 ...) or,
    from a semi-final when the battle has one, moves to the battle for third place (`loser_next_id`, side
    `third`) on `loser_next_side`.
    `rounds` is its level's number of rounds, `extra_rounds` the tie breakers added.
    A round-robin group's battle is on the side `group`: `round` is the group's number (1 is Group A), `position`
    its order in the group's schedule; it moves nobody and gives no place (battles.roundrobin)."""

    __tablename__ = "sparring"
    __table_args__ = (
        CheckConstraint("side IN ('left', 'right', 'final', 'third', 'group')", name="side"),
        Index("ix_sparring_battle_id", "battle_id"),
    )
    __mapper_args__ = {"eager_defaults": True}

    id: Mapped[int] = mapped_column(primary_key=True)
    battle_id: Mapped[int] = mapped_column(ForeignKey("battle.id", ondelete="CASCADE"))
    side: Mapped[str] = mapped_column(String(8))
    round: Mapped[int]
    position: Mapped[int]
    level: Mapped[str] = mapped_column(String(32))
    rounds: Mapped[int] = mapped_column(default=1, server_default="1")
    extra_rounds: Mapped[int] = mapped_column(default=0, server_default="0")
    red_entry_id: Mapped[int | None] = mapped_column(ForeignKey("entry.id", ondelete="SET NULL"))
    blue_entry_id: Mapped[int | None] = mapped_column(ForeignKey("entry.id", ondelete="SET NULL"))
    winner_entry_id: Mapped[int | None] = mapped_column(ForeignKey("entry.id", ondelete="SET NULL"))
    status: Mapped[str] = mapped_column(String(32), default="waiting", server_default="waiting")
    next_id: Mapped[int | None] = mapped_column(ForeignKey("sparring.id", ondelete="SET NULL"))
    next_side: Mapped[str | None] = mapped_column(String(8))
    loser_place: Mapped[int | None]
    loser_next_id: Mapped[int | None] = mapped_column(ForeignKey("sparring.id", ondelete="SET NULL"))
    loser_next_side: Mapped[str | None] = mapped_column(String(8))
    carpet_id: Mapped[int | None]
    finished_at: Mapped[datetime | None]
    created_at: Mapped[datetime] = mapped_column(server_default=func.now())
    # one more at each change announced (events.sparring_changed): a screen keeps the copy with the highest
    version: Mapped[int] = mapped_column(default=0, server_default="0")


class SparringScore(Base):
    """One judge's round of a sparring: both sides' points (6 to 10 in half steps), or in the deciding modes the
    judge's vote (1 and 0, both 0 a tie) and the faders (judging.rules)."""

    __tablename__ = "sparring_score"
    __table_args__ = (
        CheckConstraint("red_points >= 0 AND red_points <= 10", name="red_range"),
        CheckConstraint("blue_points >= 0 AND blue_points <= 10", name="blue_range"),
    )

    sparring_id: Mapped[int] = mapped_column(ForeignKey("sparring.id", ondelete="CASCADE"), primary_key=True)
    judge_id: Mapped[int] = mapped_column(primary_key=True, autoincrement=False)
    round: Mapped[int] = mapped_column(primary_key=True, autoincrement=False)
    red_points: Mapped[Decimal] = mapped_column(Numeric(3, 1))
    blue_points: Mapped[Decimal] = mapped_column(Numeric(3, 1))
    faders: Mapped[list[int] | None] = mapped_column(ARRAY(SmallInteger))  # the fader modes' criteria, in order
    updated_at: Mapped[datetime] = mapped_column(server_default=func.now(), onupdate=func.now())


class AudienceVote(Base):
    """A person's one vote in a sparring."""

    __tablename__ = "audience_vote"
    __table_args__ = (CheckConstraint("color IN ('red', 'blue')", name="color"),)

    sparring_id: Mapped[int] = mapped_column(ForeignKey("sparring.id", ondelete="CASCADE"), primary_key=True)
    user_id: Mapped[int] = mapped_column(primary_key=True, autoincrement=False)
    color: Mapped[str] = mapped_column(String(8))
    created_at: Mapped[datetime] = mapped_column(server_default=func.now())


class Carpet(Base):
    """An event's carpet as `events.carpets.updated` last said (`present` False once removed)."""

    __tablename__ = "carpet"
    __table_args__ = (Index("ix_carpet_event_id", "event_id"),)

    id: Mapped[int] = mapped_column(primary_key=True, autoincrement=False)
    event_id: Mapped[int]
    name: Mapped[str] = mapped_column(String(100))
    position: Mapped[int] = mapped_column(default=0, server_default="0")
    present: Mapped[bool] = mapped_column(default=True, server_default="true")
    changed_at: Mapped[datetime]


class Scoreboard(Base):
    """The board beside a carpet: the sparring it shows now (assigned by the event's staff)."""

    __tablename__ = "scoreboard"
    __table_args__ = (Index("ix_scoreboard_event_id", "event_id"),)

    carpet_id: Mapped[int] = mapped_column(primary_key=True, autoincrement=False)
    event_id: Mapped[int]
    sparring_id: Mapped[int | None] = mapped_column(ForeignKey("sparring.id", ondelete="SET NULL"))
    updated_at: Mapped[datetime] = mapped_column(server_default=func.now(), onupdate=func.now())


class SmokeMeeting(Base):
    """One decided battle of seven to smoke (by its number from 1): who held the floor, who challenged, who won.
    The standing is these replayed over the starting order (battles.smoke.rules); the number as the key makes a
    decision sent twice one row."""

    __tablename__ = "smoke_meeting"

    battle_id: Mapped[int] = mapped_column(ForeignKey("battle.id", ondelete="CASCADE"), primary_key=True)
    number: Mapped[int] = mapped_column(primary_key=True, autoincrement=False)
    holder_entry_id: Mapped[int]
    challenger_entry_id: Mapped[int]
    winner_entry_id: Mapped[int]
    decided_by: Mapped[int | None]
    created_at: Mapped[datetime] = mapped_column(server_default=func.now())
