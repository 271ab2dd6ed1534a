"""Pure rules of check-in and of who is going (no I/O). See docs/decisions.md, *Check-in, likes and feedback
(issue 13)*."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from datetime import datetime
from typing import Any, Literal

CHECKIN_CLOSED = "Check-in is open only while the event is happening"
TICKET_NEEDED = "A ticket is needed to check in"
TICKET_NOT_FOUND = "Ticket not found"
HAS_TICKET_ALREADY = "This person already has a ticket for this event"
STAFF_TICKET_TITLE = "Staff"
WHO_IS_GOING = 5  # avatars on the event page; 'view all' opens the whole list

PAID_METHODS = ("card", "free", "staff")  # issued with these, a ticket is paid; cash once staff took the money

Payment = Literal["card", "cash", "cashDue", "free"]


def is_paid(method: str, status: str, paid_at: datetime | None) -> bool:
    """A ticket that lets its holder in: issued, and paid (card, free, given by staff, or cash taken at the door)."""
    return status == "issued" and (method in PAID_METHODS or paid_at is not None)


def self_check_in(*, published: bool, period: str, paid_event: bool, has_paid_ticket: bool) -> None:
    """Self check-in: only while the event is happening; a paid event needs the caller's paid ticket (a cash
    ticket not yet paid checks in with staff, who take the money: 'Pay & Check-In')."""
    if not published or period != "now":
        raise ValueError(CHECKIN_CLOSED)
    if paid_event and not has_paid_ticket:
        raise ValueError(TICKET_NEEDED)


def show_checkin(status: str, period: str) -> bool:
    return status == "published" and period == "now"


def payment_of(tickets: Iterable[Mapping[str, Any]]) -> Payment | None:
    """The Check-in page's payment mark for a person's issued tickets (`method`, `paid`). Money still owed comes
    first (the 'Pay & Check-In' button), then card, cash taken, free (free or given by staff)."""
    marks: set[str] = set()
    for ticket in tickets:
        if ticket["method"] == "cash":
            marks.add("cash" if ticket["paid"] else "cashDue")
        elif ticket["method"] == "card":
            marks.add("card")
        else:
            marks.add("free")
    order: tuple[Payment, ...] = ("cashDue", "card", "cash", "free")
    return next((mark for mark in order if mark in marks), None)


def counts_as_checked_in(checked_in_at: datetime | None) -> bool:
    """The spec: a check-in date counts only if its year is after 2000."""
    return checked_in_at is not None and checked_in_at.year > 2000
