from __future__ import annotations

from typing import Annotated

from fastapi import APIRouter, Body, Depends, Request, Response

from events.events.schemas import (
    Cancellation,
    Carpet,
    CarpetIn,
    CarpetsUpdate,
    Event,
    EventCreated,
    EventUpdate,
    RoleChange,
    Staff,
)
from events.events.service import EventAccess, event_service
from events.payments.resource import ProviderDep
from events.tickets import cancel as cancellation
from kit.db import SessionDep
from kit.images import ImageRefsDep
from kit.openapi import errors
from kit.places import GeocoderDep
from kit.principal import UserDep, principal_of
from kit.profiles import IdentityDep
from kit.rows import answer, rows_of
from kit.types import Id

router = APIRouter(prefix="/api", tags=["events"])


async def editable_event(event_id: Id, session: SessionDep, principal: UserDep) -> EventAccess:
    return await event_service.editable(session, event_id, principal)


EventEditor = Annotated[EventAccess, Depends(editable_event)]


@router.post("/events", status_code=201, response_model=EventCreated)
async def create_event(session: SessionDep, principal: UserDep, identity: IdentityDep) -> EventCreated:
    """An empty draft with the caller as its organizer."""
    event = await event_service.create(session, identity, principal)
    return EventCreated(id=event.id)


@router.get("/events/{event_id}", response_model=Event, responses=errors(404))
async def get_event(request: Request, event_id: Id) -> Response:
    # A hot read: one statement on kit.rows, no dependency but the path's (docs/development.md).
    return answer(await event_service.page(rows_of(request), event_id, principal_of(request)))


@router.post("/events/{event_id}", response_model=Event, responses=errors(403, 404))
async def save_event(
    body: EventUpdate, access: EventEditor, session: SessionDep, images: ImageRefsDep, geocoder: GeocoderDep
) -> Response:
    return answer(await event_service.save(session, images, geocoder, access, body))


@router.post("/events/{event_id}/publish", response_model=Event, responses=errors(403, 404))
async def publish_event(access: EventEditor, session: SessionDep) -> Response:
    return answer(await event_service.publish(session, access))


@router.post("/events/{event_id}/delete", status_code=204, responses=errors(403, 404, 409))
async def delete_event(access: EventEditor, session: SessionDep) -> Response:
    """Drafts only: a published event is cancelled instead (409)."""
    await event_service.delete(session, access)
    return Response(status_code=204)


@router.post("/events/{event_id}/cancel", response_model=Cancellation, responses=errors(403, 404))
async def cancel_event(access: EventEditor, session: SessionDep, provider: ProviderDep) -> Response:
    """A published event called off: its paid tickets refunded, its people told. Again: retries failed refunds."""
    return answer(await cancellation.cancel(session, provider, access))


@router.post("/events/{event_id}/role", response_model=Staff, responses=errors(403, 404))
async def add_staff(body: RoleChange, access: EventEditor, session: SessionDep, identity: IdentityDep) -> Response:
    return answer(await event_service.add_role(session, identity, access, body))


@router.delete("/events/{event_id}/role", response_model=Staff, responses=errors(403, 404))
async def remove_staff(body: RoleChange, access: EventEditor, session: SessionDep) -> Response:
    return answer(await event_service.remove_role(session, access, body))


@router.post("/events/{event_id}/carpets", response_model=list[Carpet], responses=errors(403, 404))
async def save_carpets(
    body: Annotated[CarpetsUpdate | list[CarpetIn], Body()], access: EventEditor, session: SessionDep
) -> Response:
    """The seed's payload is `{carpets: [...]}`; a bare list is taken too (the same list)."""
    given = body.carpets if isinstance(body, CarpetsUpdate) else body
    return answer(await event_service.carpets(session, access, given))
