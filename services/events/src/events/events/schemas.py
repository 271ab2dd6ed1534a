from __future__ import annotations

from typing import Any

from pydantic import Field, field_validator

from contracts.events import Period
from events.events import rules
from events.feedback.schemas import Feedback
from events.models import EventStatus, StaffRole
from events.tickets.schemas import EventTicket
from kit.images import ImageRef
from kit.profiles import User
from kit.schemas import Schema
from kit.types import Id, IdOrZero, Name, Text

DESCRIPTION_MAX_LENGTH = 100_000


class Coordinates(Schema):
    lat: float = Field(ge=-90, le=90)
    lng: float = Field(ge=-180, le=180)


class TierIn(Schema):
    """`id` keeps a tier (tickets will refer to it); without one it is new. `cost` in cents."""

    id: Id | None = None
    title: Name = Field(default="", max_length=150)
    cost: int = 0
    description: Text = Field(default="", max_length=10_000)

    @field_validator("title", "description", mode="before")
    @classmethod
    def _none_is_empty(cls, value: object) -> object:
        """The wizard sends null for an optional text it never had: the same as empty."""
        return "" if value is None else value

    @field_validator("cost")
    @classmethod
    def _cost(cls, value: int) -> int:
        return rules.cost_cents(value)


class CarpetIn(Schema):
    """`id` keeps a carpet (battles are held on it); without one it is new."""

    id: Id | None = None
    name: Name | None = Field(default=None, max_length=rules.CARPET_NAME_MAX_LENGTH)


class EventUpdate(Schema):
    """The whole event as the wizard saves it; a field left out keeps its stored value."""

    title: Name | None = Field(default=None, max_length=1000)
    image: ImageRef = None
    org_id: IdOrZero | None = None
    location_address: Name | None = Field(default=None, max_length=300)
    coordinates: Coordinates | None = None
    website: str | None = None
    description: str | None = Field(default=None, max_length=DESCRIPTION_MAX_LENGTH)
    date_start: str | None = None
    date_end: str | None = None
    tiers: list[TierIn] | None = Field(default=None, max_length=100)
    carpets: list[CarpetIn] | None = Field(default=None, max_length=100)
    scoreboard_logo: ImageRef = None
    scoreboard_bg_image: ImageRef = None

    @field_validator("title")
    @classmethod
    def _title(cls, value: str | None) -> str:
        return rules.title(value)

    @field_validator("website", mode="before")
    @classmethod
    def _website(cls, value: Any) -> str:
        if value is not None and not isinstance(value, str):
            raise ValueError("website must be text")
        return rules.website(value)

    @field_validator("date_start", "date_end", mode="before")
    @classmethod
    def _date(cls, value: Any) -> str | None:
        if value is not None and not isinstance(value, str):
            raise ValueError(rules.DATE_FORMAT)
        return rules.format_local(rules.parse_local(value))

    @field_validator("tiers")
    @classmethod
    def _tiers(cls, value: list[TierIn] | None) -> list[TierIn] | None:
        if value is not None:
            rules.tier_count(len(value))
        return value


class CarpetsUpdate(Schema):
    carpets: list[CarpetIn] = Field(max_length=100)


class RoleChange(Schema):
    user_id: Id
    role: StaffRole


class Staff(Schema):
    organizer: User | None = None
    admins: list[User] = []
    hosts: list[User] = []
    djs: list[User] = []


class Tier(Schema):
    """Cents. `ticket*`: one ticket's price (events/tickets/rules.py); `fees`, `taxes`, `totalSum`: the sums of
    the tier's paid tickets for the event's editors, 0 for anyone else."""

    id: int
    title: str
    cost: int
    description: str
    ticket_cost: int = 0
    ticket_fees: int = 0
    ticket_taxes: int = 0
    ticket_total_sum: int = 0
    fees: int = 0
    taxes: int = 0
    total_sum: int = 0
    sold: int = 0  # the editors' count of its paid tickets (0 for anyone else)


class Carpet(Schema):
    id: int
    name: str


class OrgChip(Schema):
    id: int
    name: str | None = None
    image: str | None = None


class EventBattleOrgChip(Schema):
    id: int
    image: str | None = None


class EventBattle(Schema):
    """The battle summary of the event page (docs/product/events.md): a chip of the event page. crewSize 1 to 10, or
    10000 for unlimited (shown as its category: '1 vs 1' to '10 vs 10', 'Unlimited'); isRegistered is the
    caller's; orgChip the organization the battle is for (null for none)."""

    id: int
    title: str
    crew_size: int
    is_registered: bool = False
    org_chip: EventBattleOrgChip | None = None


class Permissions(Schema):
    can_edit: bool
    has_ticket: bool = False  # the caller holds an issued ticket
    # check-in, likes and feedback
    can_leave_feedback: bool = False
    can_like: bool = False
    checked_in: bool = False
    show_checkin: bool = False


class Event(Schema):
    """The event (docs/product/events.md), as far as this service goes."""

    id: int
    title: str
    image: str | None = None
    date_start: str | None = None
    date_end: str | None = None
    time_zone: str
    starts_at: str | None = None
    ends_at: str | None = None
    date_flat: str | None = None
    time_flat: str | None = None
    status: EventStatus
    period: Period
    is_finished: bool
    location_address: str
    coordinates: Coordinates | None = None
    location_not_found: bool = False  # an address without coordinates: the geocoder could not place it
    website: str
    description: str
    org_id: int
    org: OrgChip | None = None
    tiers: list[Tier]
    carpets: list[Carpet]
    staff: Staff
    battles: list[EventBattle] = []  # by id; from the battles service's announcements
    scoreboard_logo: str | None = None
    scoreboard_bg_image: str | None = None
    created_at: str
    cancelled_at: str | None = None  # a published event called off (UTC ISO): shown 'Cancelled'
    permissions: Permissions
    is_free: bool = True  # no tiers, or their costs sum to 0
    tickets: list[EventTicket] = []  # the caller's issued tickets
    # check-in, likes and feedback: totals and countFeedbacks are the editors' (null / 0 otherwise);
    # `feedback` is the caller's own
    who_is_going: list[User] = []
    count_going: int = 0
    is_liked: bool = False
    count_likes: int = 0
    can_like: bool = False
    can_leave_feedback: bool = False
    can_review_feedback: bool = False
    count_feedbacks: int = 0
    feedback: Feedback | None = None
    total_average_rating: float | None = None
    total_timeliness: float | None = None
    total_communication: float | None = None
    total_venue: float | None = None
    total_vibe: float | None = None
    total_music_sound: float | None = None


class EventCreated(Schema):
    id: int


class RefundFailure(Schema):
    """A paid ticket of a cancelled event whose refund the processor refused or could not take: still owed.
    Calling cancel again retries it."""

    ticket_id: int
    user_id: int
    amount: int  # cents
    message: str


class Cancellation(Schema):
    """The answer of cancelling: the event as its page shows it, the refunds made by this call, the ones that
    failed, and the cash tickets paid at the door (handed back there: their per-ticket refund records it)."""

    event: Event
    refunded: int
    failed: list[RefundFailure]
    cash_to_return: int
