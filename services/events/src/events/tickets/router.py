"""Tickets and payments. Every write goes through the kit's session, so an `Idempotency-Key` sent
with it is honoured: a retried purchase replays the first answer instead of buying again."""

from __future__ import annotations

from fastapi import APIRouter, Request, Response

from events.payments.resource import ProviderDep
from events.tickets.schemas import (
    Confirmation,
    PaymentsConfig,
    PaymentState,
    Purchase,
    Purchased,
    Received,
    Ticket,
)
from events.tickets.service import ticket_service
from kit.db import SessionDep, reads
from kit.idempotency import HEADER
from kit.openapi import errors
from kit.principal import UserDep
from kit.rows import answer
from kit.types import Id

router = APIRouter(prefix="/api", tags=["tickets"])


@router.get("/payments/config", response_model=PaymentsConfig)
async def payments_config(provider: ProviderDep) -> Response:
    """Which processor the SPA loads (only Stripe's script needs loading, and only when configured)."""
    return answer(ticket_service.config(provider))


@router.post("/events/{event_id}/tickets", status_code=201, response_model=Purchased, responses=errors(404, 503))
async def buy_ticket(
    event_id: Id, body: Purchase, request: Request, principal: UserDep, session: SessionDep, provider: ProviderDep
) -> Response:
    found = await ticket_service.purchase(session, provider, principal, event_id, body, request.headers.get(HEADER))
    response = answer(found)
    response.status_code = 201
    return response


@router.get("/events/{event_id}/tickets", response_model=list[Ticket], responses=errors(404))
@reads
async def my_tickets(event_id: Id, principal: UserDep, session: SessionDep) -> Response:
    return answer(await ticket_service.mine(session, principal, event_id))


@router.get("/payments/{payment_id}", response_model=PaymentState, responses=errors(403, 404, 503))
@reads
async def get_payment(payment_id: Id, principal: UserDep, session: SessionDep, provider: ProviderDep) -> Response:
    return answer(await ticket_service.read(session, provider, principal, payment_id))


@router.post("/payments/{payment_id}/confirm", response_model=PaymentState, responses=errors(403, 404, 503))
async def confirm_payment(
    payment_id: Id, body: Confirmation, principal: UserDep, session: SessionDep, provider: ProviderDep
) -> Response:
    return answer(await ticket_service.confirm(session, provider, principal, payment_id, body))


@router.post("/payments/{payment_id}/cancel", response_model=PaymentState, responses=errors(403, 404, 503))
async def cancel_payment(payment_id: Id, principal: UserDep, session: SessionDep, provider: ProviderDep) -> Response:
    return answer(await ticket_service.cancel(session, provider, principal, payment_id))


@router.post("/payments/webhook/{provider_name}", response_model=Received, responses=errors(400, 404))
async def payment_webhook(provider_name: str, request: Request, session: SessionDep, provider: ProviderDep) -> Response:
    """Public: the processor's signature is the authentication. A repeated delivery is a 200 that changes
    nothing."""
    await ticket_service.webhook(session, provider, provider_name, await request.body(), request.headers)
    return answer({"received": True})


@router.post("/admin/tickets/{ticket_id}/refund", response_model=Ticket, responses=errors(403, 404, 503))
async def refund_ticket(ticket_id: Id, principal: UserDep, session: SessionDep, provider: ProviderDep) -> Response:
    return answer(await ticket_service.refund(session, provider, principal, ticket_id))
