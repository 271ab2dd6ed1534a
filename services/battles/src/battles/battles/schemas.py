"""The battle as the page and the wizard read it, and the wizard's save."""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Literal

from pydantic import Field, field_validator

from battles.battles import rules
from battles.judging.rules import Mode as JudgingMode
from contracts.events import Period
from kit.profiles import User
from kit.schemas import Schema
from kit.types import Id, Name, Text


class Studio(Schema):
    id: int
    name: str
    image: str | None = None


class Participant(Schema):
    id: int
    dancer_name: str | None = None
    name: str | None = None
    avatar: str | None = None
    rand_id: int | None = None
    confirmed: bool = True
    confirmed_at: str | None = None
    checked_in: bool = False
    checked_in_at: str | None = None
    agreement_signed: bool = False
    agreement_signed_at: str | None = None
    waiver_signed: bool = False
    waiver_signed_at: str | None = None
    show_agreement: bool = False
    show_waiver: bool = False
    studios: list[Studio] = []
    place: int | None = None


class Crew(Schema):
    id: int
    name: str
    order: int
    rand_id: int | None = None
    captain_id: int
    participants: list[Participant] = []
    in_waitlist: bool = False
    place: int | None = None
    checked_in: bool = False


class Prize(Schema):
    id: int
    title: str
    amount: float


class OrgChip(Schema):
    id: int
    image: str | None = None
    name: str | None = None


class OrgLegalDocs(Schema):
    agreement: str | None = None
    waiver: str | None = None
    agreement_signed_at: str | None = None
    waiver_signed_at: str | None = None


class Winner(Schema):
    place: int
    id: int
    name: str | None = None
    participants: list[User] = []


class BracketLevel(Schema):
    name: str
    rounds: int


class EventSummary(Schema):
    id: int
    title: str
    period: Period
    organizer_id: int


class Counters(Schema):
    registered: int = 0
    checked_in: int = 0
    wait_list: int = 0


class Invitation(Schema):
    crew_id: int
    crew_name: str
    captain: User


class Permissions(Schema):
    registered: bool = False
    register_button_visible: bool = False
    register_button_enabled: bool = False
    register_button_disable_reason: str | None = None
    show_agreement: bool = False
    show_waiver: bool = False


class Battle(Schema):
    id: int
    event_id: int
    title: str
    style: Literal["bracket", "classic", "smoke"]  # smoke: seven to smoke (beside the spec)
    crew_size: int
    category: str
    description: str
    prizes_desc: str
    prizes: list[Prize]
    org_id: int
    organization_competitors_only: bool
    org_chip: OrgChip | None
    org_legal_docs: OrgLegalDocs
    has_agreement: bool
    has_waiver: bool
    hide_participants: bool
    voters_checked_in: bool = False  # only the people checked in at the event vote in its sparrings
    third_place: bool = False  # the semi-finals' losers battle for third place (a bracket of 4 or more)
    round_robin: bool = False  # round-robin groups before the bracket (docs/product/competition.md)
    judging_mode: JudgingMode = "points"  # how its sparrings are judged (docs/product/judging.md)
    is_hidden_participants: bool
    participants: list[Participant]
    crews: list[Crew]
    wait_list: list[Participant] | list[Crew]
    winners: list[Winner]
    limit: int
    participation_cap_type: Literal["none", "registration", "checkIn"]
    status: str
    start_date: str | None
    bracket_size: int
    bracket_levels: list[BracketLevel]
    judges: list[User]
    event: EventSummary
    can_edit: bool
    is_admin: bool = False  # the battle's admins (its editors and the event's hosts): the lists and the actions menu
    can_download: bool
    can_unregister: bool
    is_registered: bool
    is_limit_exceeded: bool
    counters: Counters
    invitations: list[Invitation]
    my_crew_id: int | None
    permissions: Permissions


class BracketLevelIn(Schema):
    name: Name = Field(max_length=50)
    rounds: int = Field(ge=rules.ROUNDS_MIN, le=rules.ROUNDS_MAX)


class PrizeIn(Schema):
    title: Name = Field(max_length=50)
    amount: float = Field(ge=0, le=100_000_000, allow_inf_nan=False)


class BattleUpdate(Schema):
    """The wizard's fields; one left out keeps its value (title is required)."""

    title: Name = Field(min_length=1, max_length=200)
    crew_size: int | None = None
    org_id: int | None = Field(default=None, ge=0, le=2**31 - 1)
    organization_competitors_only: bool | None = None
    description: Text | None = Field(default=None, max_length=100_000)
    hide_participants: bool | None = None
    voters_checked_in: bool | None = None
    third_place: bool | None = None
    round_robin: bool | None = None
    judging_mode: JudgingMode | None = None
    participation_cap_type: Literal["none", "registration", "checkIn"] | None = None
    limit: int | None = Field(default=None, ge=0, le=100_000)
    style: Literal["bracket", "classic", "smoke"] | None = None
    bracket_size: Literal[32, 16, 8, 4, 2] | None = None
    bracket_levels: list[BracketLevelIn] | None = Field(default=None, max_length=10)
    prizes_desc: Text | None = Field(default=None, max_length=10_000)
    prizes: list[PrizeIn] | None = Field(default=None, max_length=6)
    start_date: datetime | None = None

    @field_validator("title")
    @classmethod
    def _title(cls, value: str) -> str:
        value = value.strip()
        if not value:
            raise ValueError("Title is required")
        return value

    @field_validator("start_date")
    @classmethod
    def _utc(cls, value: datetime | None) -> datetime | None:
        """An instant without a zone is UTC (the wizard sends ISO instants)."""
        return value.replace(tzinfo=UTC) if value is not None and value.tzinfo is None else value

    @field_validator("crew_size")
    @classmethod
    def _crew_size(cls, value: int | None) -> int | None:
        return None if value is None else rules.crew_size(value)


class RoleBody(Schema):
    user_id: Id
    role: Literal["judge"]
