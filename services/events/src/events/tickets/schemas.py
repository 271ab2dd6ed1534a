from __future__ import annotations

from typing import Literal

from pydantic import Field

from kit.schemas import Schema
from kit.types import Id


class Purchase(Schema):
    """`tierId` null only for a free event without tiers (an RSVP, method 'free')."""

    tier_id: Id | None = None
    method: Literal["card", "cash", "free"]


class Confirmation(Schema):
    """The test provider's card form: the card number (spaces allowed), or `authenticate` for the second step
    of a card that asked for it."""

    card: str | None = Field(default=None, max_length=40)
    authenticate: bool = False


class PaymentsConfig(Schema):
    provider: Literal["test", "stripe"]
    publishable_key: str | None = None
    currency: Literal["usd"] = "usd"


class Ticket(Schema):
    """`qr`: an SVG data URI of the ticket's secret, present only while the ticket is issued."""

    id: int
    event_id: int
    tier_id: int | None = None
    title: str
    method: Literal["card", "cash", "free", "staff"]
    status: Literal["pending", "issued", "cancelled", "refunded"]
    paid: bool
    ticket_cost: int
    ticket_fees: int
    ticket_taxes: int
    ticket_sum: int
    created_at: str
    qr: str | None = None


class Payment(Schema):
    id: int
    provider: Literal["test", "stripe"]
    status: Literal["pending", "requires_action", "succeeded", "declined", "cancelled", "refunded"]
    amount: int
    message: str
    client_secret: str | None = None


class Purchased(Schema):
    ticket: Ticket
    payment: Payment | None = None


class PaymentState(Schema):
    payment: Payment
    ticket: Ticket


class EventTicket(Schema):
    """The product's Ticket, as the event page lists the caller's."""

    title: str
    ticket_fees: int
    ticket_taxes: int
    ticket_sum: int


class Received(Schema):
    received: bool
