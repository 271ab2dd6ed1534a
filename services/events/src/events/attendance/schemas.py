from __future__ import annotations

from typing import Literal

from pydantic import Field

from kit.schemas import Schema
from kit.types import Id


class StaffCheckin(Schema):
    """'Pay & Check-In': `payCash` marks the user's unpaid cash tickets paid (staff took the money)."""

    pay_cash: bool = False


class ScannedTicket(Schema):
    """What a ticket's QR code encodes."""

    secret: str = Field(min_length=1, max_length=200)


class AttendeeTicket(Schema):
    title: str
    cost: int
    ticket_sum: int
    method: Literal["card", "cash", "free", "staff"]
    paid: bool
    refund_error: str | None = None  # a cancelled event's refund the processor refused: still owed


class AttendeeBattle(Schema):
    id: int
    title: str


class StaffTicket(Schema):
    """Who gets a ticket at the door from staff (method staff, cost 0)."""

    user_id: Id


class Attendee(Schema):
    """A row of the Check-in page. `email` only reaches the event's editors (this is an editors' answer)."""

    id: int
    dancer_name: str | None = None
    avatar: str | None = None
    email: str | None = None
    checked_in: bool
    checked_in_at: str | None = None
    has_ticket: bool
    payment: Literal["card", "cash", "cashDue", "free"] | None = None
    tickets: list[AttendeeTicket]
    battles: list[AttendeeBattle] = []  # the event's battles they are registered in


class Attendees(Schema):
    checked_in: int
    total: int
    attendees: list[Attendee]
