"""Pure rules of registration: why a dancer may not register, and who competes under a
cap. No I/O: the service gathers the facts and applies the answers."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime

SIGN_AGREEMENT = "Sign the agreement to register."
SIGN_WAIVER = "Sign the waiver to register."
SIGN_BOTH = "Sign the agreement and the waiver to register."
MEMBERS_ONLY = "Only members of {org} can register for this battle."
JUDGES = "Judges of this battle cannot register for it."
STAFF = "The event's staff cannot register for its battles."
CLOSED = "Registration is closed: the event is over."
CANCELLED = "This event has been cancelled."
STARTED = "Seven to smoke has started: registration is closed."  # beside the spec (docs/decisions.md)
CHECK_IN_CAP = "The check-in cap of {limit} is reached."
PROFILE = "Complete your profile to register."
NOT_SIGNED = "{name} has not signed the {documents}."


@dataclass(frozen=True, slots=True)
class Candidate:
    """What decides whether a signed-in dancer may register."""

    period: str
    staff: bool  # the event's organizer, an admin or a host
    judge: bool
    members_only_org: str | None  # the organization's name when only its members may register and they are not one
    has_dancer_name: bool
    check_in_cap_reached: bool
    check_in_limit: int
    needs_agreement: bool  # the organization has one and it is not signed (a date after 2000)
    needs_waiver: bool
    cancelled: bool = False  # the event was called off
    started: bool = False  # a seven to smoke under way: its queue is set


def refusal(c: Candidate) -> str | None:
    """The first reason, most fundamental first (the event off or over, then who they are, then what they can
    fix)."""
    if c.cancelled:
        return CANCELLED
    if c.period == "past":
        return CLOSED
    if c.started:
        return STARTED
    if c.staff:
        return STAFF
    if c.judge:
        return JUDGES
    if c.members_only_org is not None:
        return MEMBERS_ONLY.format(org=c.members_only_org)
    if not c.has_dancer_name:
        return PROFILE
    if c.check_in_cap_reached:
        return CHECK_IN_CAP.format(limit=c.check_in_limit)
    return signatures_missing(c.needs_agreement, c.needs_waiver)


def offers_documents(registered: bool, reason: str | None) -> bool:
    """The agreement and the waiver are offered for signing to whoever is registered or could register once they
    sign (or finish their profile): not to the event's staff or the battle's judges, not to outsiders of a
    members-only battle, not past a check-in cap nor once the event is over."""
    return registered or reason in (None, PROFILE, SIGN_AGREEMENT, SIGN_WAIVER, SIGN_BOTH)


def signatures_missing(agreement: bool, waiver: bool) -> str | None:
    if agreement and waiver:
        return SIGN_BOTH
    if agreement:
        return SIGN_AGREEMENT
    if waiver:
        return SIGN_WAIVER
    return None


def not_signed(name: str, agreement: bool, waiver: bool) -> str | None:
    """Why an admin may not register `name` yet: the documents they still have to sign (themselves, or an admin
    on their behalf)."""
    if agreement and waiver:
        return NOT_SIGNED.format(name=name, documents="agreement and the waiver")
    if agreement or waiver:
        return NOT_SIGNED.format(name=name, documents="agreement" if agreement else "waiver")
    return None


@dataclass(frozen=True, slots=True)
class Standing:
    """An entry as the cap sees it: arrival order and check-in time (None: not checked in)."""

    entry_id: int
    seq: int
    checked_in_at: datetime | None


def competing(cap_type: str, limit: int, entries: Sequence[Standing]) -> set[int]:
    """The entries that compete; the others are the wait list.
    - no cap (or a limit of 0): everyone;
    - registration: the first `limit` by arrival;
    - checkIn: the first `limit` checked in, by check-in time (arrival breaking ties)."""
    if cap_type == "none" or limit <= 0:
        return {e.entry_id for e in entries}
    if cap_type == "registration":
        return {e.entry_id for e in sorted(entries, key=lambda e: e.seq)[:limit]}
    checked = sorted((e for e in entries if e.checked_in_at is not None), key=lambda e: (e.checked_in_at, e.seq))
    return {e.entry_id for e in checked[:limit]}


def limit_exceeded(cap_type: str, limit: int, *, competing_count: int, checked_in_count: int) -> bool:
    """Registration cap: competing entries >= limit; check-in cap: checked-in entries >= limit."""
    if cap_type == "none" or limit <= 0:
        return False
    if cap_type == "registration":
        return competing_count >= limit
    return checked_in_count >= limit
