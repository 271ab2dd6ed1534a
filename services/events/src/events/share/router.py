"""An event outside the app: `GET /api/events/{id}/calendar.ics` ("add to calendar", in the venue's time zone)
and `GET /api/events/{id}/qr.png` (a QR code of the event's link, in the organizer's How To Guide). Both show
what the caller may see of the event: a published one to everyone, a draft to its editors."""

from __future__ import annotations

from fastapi import APIRouter, Request, Response

from events.events import rules
from events.events.service import event_service
from events.share.rules import Shared, calendar_file, qr_png
from kit.errors import Invalid
from kit.openapi import errors
from kit.principal import principal_of
from kit.rows import rows_of
from kit.types import Id

router = APIRouter(prefix="/api", tags=["events"])

ICS = {"content": {"text/calendar": {"schema": {"type": "string"}}}, "description": "An iCalendar file"}
PNG = {"content": {"image/png": {"schema": {"type": "string", "format": "binary"}}}, "description": "A QR code"}


def _link(request: Request, event_id: int) -> str:
    return f"{request.app.state.settings.public_url.rstrip('/')}/event/{event_id}"


@router.get("/events/{event_id}/calendar.ics", response_class=Response, responses={200: ICS, **errors(400, 404)})
async def calendar(event_id: Id, request: Request) -> Response:
    event = await event_service.page(rows_of(request), event_id, principal_of(request))
    start, end = rules.parse_local(event.get("dateStart")), rules.parse_local(event.get("dateEnd"))
    if start is None or end is None:
        raise Invalid(rules.DATE_REQUIRED)
    shared = Shared(
        id=event_id,
        title=event.get("title") or "",
        description=event.get("description") or "",
        location=event.get("locationAddress") or "",
        link=_link(request, event_id),
        zone=event.get("timeZone") or rules.PLATFORM_ZONE,
        local_start=start,
        local_end=end,
    )
    return Response(
        calendar_file(shared),
        media_type="text/calendar; charset=utf-8",
        headers={"content-disposition": f'attachment; filename="event-{event_id}.ics"', "cache-control": "no-cache"},
    )


@router.get("/events/{event_id}/qr.png", response_class=Response, responses={200: PNG, **errors(404)})
async def qr_code(event_id: Id, request: Request) -> Response:
    await event_service.page(rows_of(request), event_id, principal_of(request))  # 404 unless visible
    return Response(qr_png(_link(request, event_id)), media_type="image/png", headers={"cache-control": "max-age=3600"})
