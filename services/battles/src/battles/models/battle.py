"""A battle, its judges, its entries (a dancer or a crew, competing or on the wait list), crews and their members,
and the dancers' signatures of the organization's agreement and waiver."""

from __future__ import annotations

from datetime import datetime
from typing import Any

from sqlalchemy import CheckConstraint, ForeignKey, Index, Integer, String, Text, UniqueConstraint, func
from sqlalchemy.dialects.postgresql import ARRAY, JSONB
from sqlalchemy.orm import Mapped, mapped_column

from battles.models import Base


class Battle(Base):
    """The wizard's battle. `entry_seq` and `rand_seq` are the battle's counters (arrival order, the number given at
    check-in), moved only while the row is locked."""

    __tablename__ = "battle"
    __table_args__ = (
        CheckConstraint("style IN ('bracket', 'classic', 'smoke')", name="style"),
        CheckConstraint("cap_type IN ('none', 'registration', 'checkIn')", name="cap_type"),
        Index("ix_battle_event_id", "event_id"),
    )
    __mapper_args__ = {"eager_defaults": True}

    id: Mapped[int] = mapped_column(primary_key=True)
    event_id: Mapped[int]
    title: Mapped[str] = mapped_column(String(200))
    style: Mapped[str] = mapped_column(String(16), default="classic", server_default="classic")
    crew_size: Mapped[int] = mapped_column(default=1, server_default="1")
    org_id: Mapped[int | None]
    organization_competitors_only: Mapped[bool] = mapped_column(default=False, server_default="false")
    description: Mapped[str] = mapped_column(Text, default="", server_default="")
    hide_participants: Mapped[bool] = mapped_column(default=False, server_default="false")
    # only the people checked in at the event vote in its sparrings (else anyone signed in)
    voters_checked_in: Mapped[bool] = mapped_column(default=False, server_default="false")
    # the semi-finals' losers battle for third place (a bracket of 4 or more, as it is built)
    third_place: Mapped[bool] = mapped_column(default=False, server_default="false")
    # round-robin groups before the bracket (battles.roundrobin): the groups' entries in the order dealt (groups
    # one after the other), and the entries that won a group's tie-break rounds, in the order decided
    round_robin: Mapped[bool] = mapped_column(default=False, server_default="false")
    group_order: Mapped[list[int] | None] = mapped_column(ARRAY(Integer))
    group_tiebreaks: Mapped[list[int] | None] = mapped_column(ARRAY(Integer))
    # seven to smoke: the queue's order (entry ids) it was started with, None before (battles.smoke.rules)
    smoke_order: Mapped[list[int] | None] = mapped_column(ARRAY(Integer))
    # how its sparrings are judged (judging.rules.MODES): fixed once a judge has scored
    judging_mode: Mapped[str] = mapped_column(String(16), default="points", server_default="points")
    cap_type: Mapped[str] = mapped_column(String(16), default="none", server_default="none")
    limit: Mapped[int] = mapped_column(default=0, server_default="0")
    bracket_size: Mapped[int] = mapped_column(default=16, server_default="16")
    bracket_levels: Mapped[list[dict[str, Any]]] = mapped_column(JSONB, default=list, server_default="[]")
    prizes_desc: Mapped[str] = mapped_column(Text, default="", server_default="")
    prizes: Mapped[list[dict[str, Any]]] = mapped_column(JSONB, default=list, server_default="[]")
    start_date: Mapped[datetime | None]
    status: Mapped[str] = mapped_column(String(32), default="registration", server_default="registration")
    entry_seq: Mapped[int] = mapped_column(default=0, server_default="0")
    rand_seq: Mapped[int] = mapped_column(default=0, server_default="0")
    winners_set: Mapped[bool] = mapped_column(default=False, server_default="false")
    # True once Randomize drew the lots since the last prelim score changed (Add to bracket waits for it).
    shuffled: Mapped[bool] = mapped_column(default=False, server_default="false")
    # One more at each change of the prelims announced on the live feed (events.prelims_scored/_changed).
    prelims_version: Mapped[int] = mapped_column(default=0, server_default="0")
    created_at: Mapped[datetime] = mapped_column(server_default=func.now())


class Judge(Base):
    __tablename__ = "judge"

    battle_id: Mapped[int] = mapped_column(ForeignKey("battle.id", ondelete="CASCADE"), primary_key=True)
    user_id: Mapped[int] = mapped_column(primary_key=True)
    created_at: Mapped[datetime] = mapped_column(server_default=func.now())


class Crew(Base):
    __tablename__ = "crew"
    __table_args__ = (Index("ix_crew_battle_id", "battle_id"),)
    __mapper_args__ = {"eager_defaults": True}

    id: Mapped[int] = mapped_column(primary_key=True)
    battle_id: Mapped[int] = mapped_column(ForeignKey("battle.id", ondelete="CASCADE"))
    name: Mapped[str] = mapped_column(String(100))
    captain_id: Mapped[int]
    created_at: Mapped[datetime] = mapped_column(server_default=func.now())


class CrewMember(Base):
    """A dancer in a crew: invited (unconfirmed) until they or an admin accept; at most one crew per battle
    once confirmed (enforced by the service under the battle's lock). The captain is the crew's `captain_id`."""

    __tablename__ = "crew_member"
    __table_args__ = (Index("ix_crew_member_battle_user", "battle_id", "user_id"),)

    crew_id: Mapped[int] = mapped_column(ForeignKey("crew.id", ondelete="CASCADE"), primary_key=True)
    user_id: Mapped[int] = mapped_column(primary_key=True)
    battle_id: Mapped[int] = mapped_column(ForeignKey("battle.id", ondelete="CASCADE"))
    confirmed: Mapped[bool] = mapped_column(default=False)
    confirmed_at: Mapped[datetime | None]
    # True when the dancer asked to join (the captain or an admin accepts); False for an invitation (they accept).
    requested: Mapped[bool] = mapped_column(default=False, server_default="false")
    created_at: Mapped[datetime] = mapped_column(server_default=func.now())


class Entry(Base):
    """One registration: a dancer (single battles) or a crew. `seq` is the arrival order; `waitlisted` says whether
    it competes; `rand_id` is its number, present once checked in; `place` its winners' place."""

    __tablename__ = "entry"
    __table_args__ = (
        UniqueConstraint("battle_id", "user_id", name="uq_entry_battle_user"),
        UniqueConstraint("crew_id", name="uq_entry_crew_id"),
        CheckConstraint("(user_id IS NULL) <> (crew_id IS NULL)", name="dancer_or_crew"),
        Index("ix_entry_battle_seq", "battle_id", "seq"),
    )
    __mapper_args__ = {"eager_defaults": True}

    id: Mapped[int] = mapped_column(primary_key=True)
    battle_id: Mapped[int] = mapped_column(ForeignKey("battle.id", ondelete="CASCADE"))
    user_id: Mapped[int | None]
    crew_id: Mapped[int | None] = mapped_column(ForeignKey("crew.id", ondelete="CASCADE"))
    seq: Mapped[int]
    waitlisted: Mapped[bool] = mapped_column(default=False)
    checked_in_at: Mapped[datetime | None]
    rand_id: Mapped[int | None]
    place: Mapped[int | None]
    # Prelims: its group, marked gone (left the battle), placed in the bracket, and its lot among equal averages.
    group_id: Mapped[int | None] = mapped_column(ForeignKey("prelim_group.id", ondelete="SET NULL"))
    is_gone: Mapped[bool] = mapped_column(default=False, server_default="false")
    is_promoted: Mapped[bool] = mapped_column(default=False, server_default="false")
    draw: Mapped[int | None]
    created_at: Mapped[datetime] = mapped_column(server_default=func.now())


class Signature(Base):
    """A dancer's signatures of the battle's agreement and waiver: when, and by whom (the dancer's own profile id,
    or the battle admin's who signed on their behalf; None for signatures recorded before signers were kept)."""

    __tablename__ = "signature"

    battle_id: Mapped[int] = mapped_column(ForeignKey("battle.id", ondelete="CASCADE"), primary_key=True)
    user_id: Mapped[int] = mapped_column(primary_key=True)
    agreement_signed_at: Mapped[datetime | None]
    agreement_signed_by: Mapped[int | None]
    waiver_signed_at: Mapped[datetime | None]
    waiver_signed_by: Mapped[int | None]
