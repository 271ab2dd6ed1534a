"""Check-in (self, by staff, by a scanned ticket), un-check, the Check-in page's list and who is going. Each write
locks the event's row (so the counts a domain event carries are the ones after it) and answers as the page does;
a check-in is set once, so a replay, a second tablet or a double tap changes nothing."""

from __future__ import annotations

import logging
import secrets
from collections.abc import Sequence
from datetime import datetime
from typing import Any

import httpx
from prometheus_client import Counter
from pydantic import TypeAdapter, ValidationError
from sqlalchemy import event as sa_event
from sqlalchemy.ext.asyncio import AsyncSession

from contracts.events import AttendeeChanged, AttendeeCheckedIn, AttendeeUnchecked
from events.attendance import rules
from events.attendance.repository import attendance_repository, holds_ticket
from events.events import rules as event_rules
from events.events import view
from events.events.repository import event_repository
from events.events.service import EventAccess, EventNotFound, event_service
from events.models import Ticket
from events.tickets import rules as ticket_rules
from events.tickets.repository import ticket_repository
from events.tickets.service import ticket_service
from kit import outbox, profiles
from kit.db import utcnow
from kit.errors import Invalid, NotFound
from kit.principal import Principal
from kit.profiles import MAX_IDS_PER_READ, IdentityClient, User
from kit.rows import Rows
from kit.schemas import Schema

logger = logging.getLogger("events.attendance")


class ProfileEmail(Schema):
    id: int
    email: str | None = None


_EMAILS = TypeAdapter(list[ProfileEmail])


async def emails_of(identity: IdentityClient, ids: Sequence[int]) -> dict[int, str]:
    """Identity's `GET /internal/profiles/emails?ids=` (never routed by the gateway, never kept here): only the
    editors' Check-in answers carry them. Without identity the page is served without emails."""
    found: dict[int, str] = {}
    wanted = sorted(set(ids))
    for start in range(0, len(wanted), MAX_IDS_PER_READ):
        chunk = ",".join(str(i) for i in wanted[start : start + MAX_IDS_PER_READ])
        try:
            response = await identity.http.get("/internal/profiles/emails", params={"ids": chunk})
            response.raise_for_status()
            found |= {p.id: p.email for p in _EMAILS.validate_json(response.content) if p.email}
        except (httpx.HTTPError, ValidationError) as exc:
            logger.warning("identity could not give the emails of %s: %s", chunk, exc)
    return found


# The door's pace on the battle-day dashboard (docs/decisions.md, Observability).
CHECKINS = Counter("checkins_total", "Check-ins recorded (counted when committed)")


class AttendanceService:
    # --- writes ---------------------------------------------------------------------------------------------------

    async def self_check_in(self, session: AsyncSession, event_id: int, principal: Principal) -> dict[str, Any]:
        assert principal.profile_id is not None
        found = await event_repository.for_write(session, event_id, principal.profile_id)
        if found is None or found[0].deleted_at is not None:
            raise EventNotFound()
        access = EventAccess(found[0], found[1], found[2], principal)
        event = access.event
        if not event_rules.can_view(event.status, False, editor=access.can_edit):
            raise EventNotFound()
        if event.cancelled_at is not None:
            raise Invalid(event_rules.CANCELLED)
        try:
            rules.self_check_in(
                published=event.status == "published",
                period=event_rules.period(event.starts_at, event.ends_at, utcnow()),
                paid_event=await attendance_repository.paid_event(session, event.id),
                has_paid_ticket=await attendance_repository.has_paid_ticket(session, event.id, principal.profile_id),
            )
        except ValueError as exc:
            raise Invalid(str(exc)) from None
        await self._check_in(session, access, principal.profile_id)
        return await event_service.answer(session, event.id, principal)

    async def staff_check_in(
        self, session: AsyncSession, identity: IdentityClient, access: EventAccess, user_id: int, *, pay_cash: bool
    ) -> dict[str, Any]:
        """Staff check anyone in, whenever, ticket or not (a walk-in pays however the door decides); with
        `payCash` the user's cash tickets not yet paid are paid now ('Pay & Check-In')."""
        await profiles.ensure_exists(session, identity, user_id)
        if pay_cash:
            await attendance_repository.take_cash(session, access.event.id, user_id)
        await self._check_in(session, access, user_id)
        return await event_service.answer(session, access.event.id, access.principal)

    async def scan(
        self, session: AsyncSession, identity: IdentityClient, access: EventAccess, secret: str
    ) -> dict[str, Any]:
        """A scanned QR code: the holder of that issued ticket of this event, checked in. A cash ticket not yet
        paid is checked in too and shows `cashDue` (the money is staff's to take: 'Pay & Check-In')."""
        holder = await attendance_repository.ticket_holder(session, access.event.id, secret)
        if holder is None:
            raise NotFound(rules.TICKET_NOT_FOUND, code="ticket_not_found")
        await self._check_in(session, access, holder)
        (person,) = await self._attendees(session, identity, access.event.id, holder)
        return person

    async def give_staff_ticket(
        self, session: AsyncSession, identity: IdentityClient, access: EventAccess, user_id: int
    ) -> dict[str, Any]:
        """An editor gives someone a ticket at the door (method staff, cost 0): issued and paid at once, mailed to
        them as any ticket. Someone who holds an issued ticket already is refused (one ticket is enough)."""
        event = access.event
        if event.cancelled_at is not None:
            raise Invalid(event_rules.CANCELLED)
        if event.status != "published":
            raise Invalid(ticket_rules.NOT_ON_SALE)
        await profiles.ensure_exists(session, identity, user_id)
        await ticket_repository.lock_buyer(session, event.id, user_id)
        if await holds_ticket(session, event.id, user_id):
            raise Invalid(rules.HAS_TICKET_ALREADY)
        ticket = Ticket(
            event_id=event.id,
            user_id=user_id,
            title=rules.STAFF_TICKET_TITLE,
            method="staff",
            status="issued",
            secret=secrets.token_urlsafe(32),
            paid_at=utcnow(),
        )
        await ticket_repository.add(session, ticket)
        await ticket_service.announce(session, event, ticket)
        (person,) = await self._attendees(session, identity, event.id, user_id)
        return person

    async def uncheck(self, session: AsyncSession, access: EventAccess, user_id: int) -> dict[str, Any]:
        if await attendance_repository.uncheck(session, access.event.id, user_id):
            await self._announce(session, AttendeeUnchecked, access.event.id, user_id, None)
        return await event_service.answer(session, access.event.id, access.principal)

    async def _check_in(self, session: AsyncSession, access: EventAccess, user_id: int) -> None:
        assert access.principal.profile_id is not None
        if access.event.cancelled_at is not None:
            raise Invalid(event_rules.CANCELLED)  # nobody is let in to a cancelled event (un-checking stays open)
        at = await attendance_repository.check_in(session, access.event.id, user_id, access.principal.profile_id)
        if at is not None:  # this call checked them in: announced once, counted once it is committed
            await self._announce(session, AttendeeCheckedIn, access.event.id, user_id, at)
            sa_event.listen(session.sync_session, "after_commit", lambda _: CHECKINS.inc(), once=True)

    async def _announce(
        self, session: AsyncSession, kind: type[AttendeeChanged], event_id: int, user_id: int, at: datetime | None
    ) -> None:
        checked_in, total = await attendance_repository.counts(session, event_id)
        payload = kind(
            event_id=event_id,
            user_id=user_id,
            checked_in_at=event_rules.utc_iso(at),
            checked_in=checked_in,
            total=total,
        )
        await outbox.add(session, payload)

    # --- reads ----------------------------------------------------------------------------------------------------

    async def attendees(self, session: AsyncSession, identity: IdentityClient, access: EventAccess) -> dict[str, Any]:
        people = await self._attendees(session, identity, access.event.id)
        checked_in = sum(1 for person in people if person["checkedIn"])
        return {"checkedIn": checked_in, "total": len(people), "attendees": people}

    async def _attendees(
        self, session: AsyncSession, identity: IdentityClient, event_id: int, user_id: int | None = None
    ) -> list[dict[str, Any]]:
        rows = await attendance_repository.attendees(session, event_id, user_id)
        users = [User(id=r["user_id"], dancer_name=r["dancer_name"], avatar=r["avatar"]) for r in rows]
        await profiles.complete(session, identity, users, [r["user_id"] for r in rows if not r["known"]])
        emails = await emails_of(identity, [u.id for u in users])
        people = [
            {
                "id": user.id,
                "dancerName": user.dancer_name,
                "avatar": user.avatar,
                "email": emails.get(user.id),
                "checkedIn": rules.counts_as_checked_in(row["checked_in_at"]),
                "checkedInAt": event_rules.utc_iso(row["checked_in_at"]),
                "hasTicket": bool(row["tickets"]),
                "payment": rules.payment_of(row["tickets"]),
                "tickets": list(row["tickets"]),
                "battles": list(row["battles"] or ()),
            }
            for row, user in zip(rows, users, strict=True)
        ]
        # Sorted by dancer name (as the page lists them; unnamed last), then id.
        people.sort(key=lambda p: (p["dancerName"] is None, (p["dancerName"] or "").lower(), p["id"]))
        return people

    async def going(self, rows: Rows, event_id: int, principal: Principal) -> list[dict[str, Any]]:
        row = await event_repository.view(rows, event_id, principal.profile_id)
        if row is None or not view.visible(row, principal):
            raise EventNotFound()
        return [
            {"id": r["user_id"], "avatar": r["avatar"], "dancerName": r["dancer_name"]}
            for r in await attendance_repository.going(rows, event_id)
        ]


attendance_service = AttendanceService()
