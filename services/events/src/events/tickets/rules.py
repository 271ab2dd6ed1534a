"""Pure rules of tickets (no I/O): the fee and tax table, the free rule, which payment method fits a tier,
and the texts of refusals. Money is cents (docs/decisions.md, *Tickets and payments (issue 13)*)."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from decimal import ROUND_HALF_UP, Decimal
from typing import Any, Literal

Method = Literal["card", "cash", "free"]

# The fee and tax table, per ticket of a paid tier; a free tier (cost 0) pays nothing.
FEE_RATE = Decimal("0.05")
FEE_FIXED_CENTS = 50
TAX_RATE = Decimal("0.08875")
CURRENCY = "usd"

RSVP_TITLE = "Free entry"  # the ticket of a free event without tiers
TIER_TICKET_TITLE = "Ticket"  # a tier the organizer left untitled

TIER_NOT_OF_EVENT = "This tier is not one of the event's tiers"
CHOOSE_TIER = "Please choose a ticket tier"
FREE_FOR_PAID = "This tier is not free: pay by card or in cash"
PAID_FOR_FREE = "This tier is free: take a free ticket"
NOT_ON_SALE = "Tickets are sold for published events only"
FINISHED = "This event has finished"
HAS_TICKET = "You already have a ticket for this event"
PAYMENT_IN_PROGRESS = "You have a payment in progress for this event: finish or cancel it first"
KEY_REQUIRED = "An Idempotency-Key header is needed to buy a ticket"
CARD_REQUIRED = "Please enter a card number"
NOTHING_TO_AUTHENTICATE = "This payment does not need a second confirmation"
ALREADY_SUCCEEDED = "This payment has already succeeded"
PAYMENT_CLOSED = "This payment is closed: start a new purchase"
NOT_REFUNDABLE = "Only an issued ticket can be refunded"
INVALID_SIGNATURE = "Invalid signature"
UNKNOWN_PROVIDER = "Unknown payment provider"
PAYMENT_NOT_FOUND = "Payment not found"
TICKET_NOT_FOUND = "Ticket not found"


def _percent(cost: int, rate: Decimal) -> int:
    return int((Decimal(cost) * rate).quantize(Decimal(1), rounding=ROUND_HALF_UP))


@dataclass(frozen=True, slots=True)
class Price:
    cost: int
    fees: int
    taxes: int

    @property
    def total(self) -> int:
        return self.cost + self.fees + self.taxes


def price(cost: int) -> Price:
    """One ticket of a tier costing `cost` cents: fees 5 % + 50 ¢, taxes 8.875 % of the cost, each rounded half
    up to the cent; all 0 for a free tier."""
    if cost <= 0:
        return Price(0, 0, 0)
    return Price(cost, _percent(cost, FEE_RATE) + FEE_FIXED_CENTS, _percent(cost, TAX_RATE))


def is_free(costs: Iterable[int]) -> bool:
    """An event is free when it has no tiers or its tiers' costs sum to 0."""
    return sum(costs) == 0


def check_method(cost: int, method: Method) -> None:
    """'free' only for a free tier; 'card' and 'cash' only for a paid one. Raises ValueError."""
    if method == "free" and cost > 0:
        raise ValueError(FREE_FOR_PAID)
    if method != "free" and cost == 0:
        raise ValueError(PAID_FOR_FREE)


def card_number(card: str | None) -> str | None:
    """The number as typed, spaces (and dashes) allowed; None when nothing was typed."""
    digits = "".join(ch for ch in (card or "") if ch not in " -")
    return digits or None


def tier_money(tier: Mapping[str, Any], sums: Mapping[str, int] | None, *, editor: bool) -> dict[str, Any]:
    """A tier as the event page shows it: the per-ticket price for everyone, the sums of its paid tickets for
    the event's editors only (0 for anyone else)."""
    cost = int(tier.get("cost") or 0)
    one = price(cost)
    totals = (sums or {}) if editor else {}
    return dict(tier) | {
        "ticketCost": one.cost,
        "ticketFees": one.fees,
        "ticketTaxes": one.taxes,
        "ticketTotalSum": one.total,
        "fees": int(totals.get("fees", 0)),
        "taxes": int(totals.get("taxes", 0)),
        "totalSum": int(totals.get("total", 0)),
        "sold": int(totals.get("sold", 0)),
    }
