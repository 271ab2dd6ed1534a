"""Check-in, un-check, the Check-in page's list and who is going. Tablets replay check-ins with an
Idempotency-Key (the kit stores each answer); a check-in is also set once by nature."""

from __future__ import annotations

from typing import Annotated

from fastapi import APIRouter, Depends, Request, Response

from events.attendance.schemas import Attendee, Attendees, ScannedTicket, StaffCheckin, StaffTicket
from events.attendance.service import attendance_service
from events.events.router import EventEditor
from events.events.schemas import Event
from events.events.service import EventAccess, event_service
from kit.db import SessionDep, reads
from kit.openapi import errors
from kit.principal import UserDep, principal_of
from kit.profiles import IdentityDep, User
from kit.rows import answer, rows_of
from kit.types import Id

router = APIRouter(prefix="/api", tags=["check-in"])


async def reading_editor(event_id: Id, session: SessionDep, principal: UserDep) -> EventAccess:
    """The editors' read: as EventEditor, without locking the event's row (check-ins go on meanwhile)."""
    return await event_service.editable(session, event_id, principal, lock=False)


EditorReading = Annotated[EventAccess, Depends(reading_editor)]


@router.post("/events/{event_id}/checkin", response_model=Event, responses=errors(404))
async def check_in(event_id: Id, session: SessionDep, principal: UserDep) -> Response:
    """The caller checks in: only while the event is happening; a paid event needs the caller's paid ticket."""
    return answer(await attendance_service.self_check_in(session, event_id, principal))


@router.post("/events/{event_id}/checkin/{user_id}", response_model=Event, responses=errors(403, 404))
async def staff_check_in(
    user_id: Id, access: EventEditor, session: SessionDep, identity: IdentityDep, body: StaffCheckin | None = None
) -> Response:
    """The event's editors check someone in; `payCash` for 'Pay & Check-In'."""
    pay_cash = body is not None and body.pay_cash
    return answer(await attendance_service.staff_check_in(session, identity, access, user_id, pay_cash=pay_cash))


@router.post("/events/{event_id}/checkin-ticket", response_model=Attendee, responses=errors(403, 404))
async def scan_ticket(body: ScannedTicket, access: EventEditor, session: SessionDep, identity: IdentityDep) -> Response:
    """A scanned ticket's QR code: its holder, checked in."""
    return answer(await attendance_service.scan(session, identity, access, body.secret))


@router.post("/events/{event_id}/staff-ticket", response_model=Attendee, responses=errors(403, 404))
async def give_staff_ticket(
    body: StaffTicket, access: EventEditor, session: SessionDep, identity: IdentityDep
) -> Response:
    """An editor gives a ticket at the door (method staff, cost 0); answers the person's row of the door list."""
    return answer(await attendance_service.give_staff_ticket(session, identity, access, body.user_id))


@router.post("/admin/events/{event_id}/uncheck/{user_id}", response_model=Event, responses=errors(403, 404))
async def uncheck(user_id: Id, access: EventEditor, session: SessionDep) -> Response:
    return answer(await attendance_service.uncheck(session, access, user_id))


@router.get("/events/{event_id}/attendees", response_model=Attendees, responses=errors(403, 404))
@reads
async def attendees(access: EditorReading, session: SessionDep, identity: IdentityDep) -> Response:
    """The Check-in page, the event's one door list: every ticket holder, every dancer registered in its battles
    and everyone checked in, one row per person, by dancer name, with their emails."""
    return answer(await attendance_service.attendees(session, identity, access))


@router.get("/events/{event_id}/going", response_model=list[User], responses=errors(404))
async def going(request: Request, event_id: Id) -> Response:
    """'Who's going': ticket holders and everyone checked in."""
    return answer(await attendance_service.going(rows_of(request), event_id, principal_of(request)))
