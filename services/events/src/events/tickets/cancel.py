"""Cancelling a published event (docs/decisions.md, *Events: cancelling, deleting, the door list*): the event is
marked cancelled (it stays readable, sells and checks in nothing), every paid card ticket is refunded at the
processor and the refund recorded on the ticket (amount, when, the processor's reference), the other tickets are
withdrawn, and the holders and battle registrants are told (events.event.cancelled: identity notifies and mails
them; battles closes registration).

A refund the processor refuses (or that cannot reach it) is recorded on its ticket (`refund_error`), the ticket
stays issued, and the answer lists it: calling cancel again retries exactly those (each refund's key makes a
retry one refund). Cash taken at the door is handed back there: those tickets stay issued, counted in the answer,
for the per-ticket refund."""

from __future__ import annotations

from typing import Any

from sqlalchemy import select, union
from sqlalchemy.ext.asyncio import AsyncSession

from events import publish
from events.events import rules as event_rules
from events.events.service import EventAccess, event_service
from events.models import Battle, BattleEntry, Payment, Ticket
from events.payments.provider import PaymentProvider, ProviderRefused
from events.payments.stripe_provider import ProviderUnavailable
from events.tickets.repository import OPEN, ticket_repository
from kit.db import utcnow
from kit.errors import Invalid

UNREACHABLE = "The payment processor could not be reached"


def refund_key(ticket_id: int) -> str:
    """The same for the editor's per-ticket refund and the cancellation's: one refund per ticket, whoever asks."""
    return f"cypher:refund:{ticket_id}"


async def refund_at_provider(
    session: AsyncSession, provider: PaymentProvider, ticket: Ticket, payment: Payment
) -> None:
    """Gives the payment back and records it on the ticket; raises ProviderRefused or ProviderUnavailable (nothing
    recorded)."""
    refund = await provider.refund(payment.provider_ref or "", amount=payment.amount_cents, key=refund_key(ticket.id))
    payment.status, payment.updated_at = "refunded", utcnow()
    ticket.status = "refunded"
    ticket.refunded_at = utcnow()
    ticket.refund_cents = refund.amount
    ticket.refund_ref = refund.ref
    ticket.refund_error = None
    ticket.updated_at = utcnow()


async def _people(session: AsyncSession, event_id: int) -> list[int]:
    """Who is told: the holders of its issued tickets and the dancers registered in its battles."""
    holders = select(Ticket.user_id).where(Ticket.event_id == event_id, Ticket.status == "issued")
    registrants = (
        select(BattleEntry.user_id)
        .join(Battle, Battle.id == BattleEntry.battle_id)
        .where(Battle.event_id == event_id, ~Battle.deleted, BattleEntry.registered)
    )
    both = union(holders, registrants).subquery()
    return list(await session.scalars(select(both.c.user_id).order_by(both.c.user_id)))  # union: distinct


async def _stop_open_payments(session: AsyncSession, provider: PaymentProvider, event_id: int) -> None:
    """A card payment still open (the buyer had the card form up) is cancelled at the processor, so nothing is
    charged for a cancelled event; a processor that refuses (it succeeded meanwhile) leaves it to its webhook, and
    the ticket it issues is refunded by the next cancel call."""
    open_payments = await session.scalars(
        select(Payment).where(Payment.event_id == event_id, Payment.status.in_(OPEN), Payment.provider == provider.name)
    )
    for payment in list(open_payments):
        try:
            await provider.cancel(payment.provider_ref or "")
        except (ProviderRefused, ProviderUnavailable):
            continue
        if await ticket_repository.settle(session, payment.id, "cancelled"):
            await ticket_repository.close_ticket(session, payment.id)


async def cancel(session: AsyncSession, provider: PaymentProvider, access: EventAccess) -> dict[str, Any]:
    """Idempotent: a second call changes nothing but retrying the refunds that failed."""
    event = access.event  # locked by the editors' dependency: one cancellation at a time
    try:
        event_rules.cancellable(event.status)
    except ValueError as exc:
        raise Invalid(str(exc)) from None
    first = event.cancelled_at is None
    people = await _people(session, event.id) if first else []
    if first:
        event.cancelled_at = utcnow()
        event.updated_at = utcnow()

    failed: list[dict[str, Any]] = []
    refunded = cash_to_return = 0
    tickets = await session.scalars(
        select(Ticket)
        .where(Ticket.event_id == event.id, Ticket.status == "issued")
        .order_by(Ticket.id)
        .with_for_update()
        .execution_options(populate_existing=True)
    )
    for ticket in list(tickets):
        payment = await session.get(Payment, ticket.payment_id) if ticket.payment_id is not None else None
        if ticket.method == "card" and payment is not None and payment.status == "succeeded":
            try:
                if payment.provider != provider.name:
                    raise ProviderRefused(f"Paid through {payment.provider}, which is not the current processor")
                await refund_at_provider(session, provider, ticket, payment)
                refunded += 1
            except (ProviderRefused, ProviderUnavailable) as exc:
                ticket.refund_error = (exc.message if isinstance(exc, ProviderRefused) else UNREACHABLE)[:300]
                ticket.updated_at = utcnow()
                failed.append(
                    {
                        "ticketId": ticket.id,
                        "userId": ticket.user_id,
                        "amount": payment.amount_cents,
                        "message": ticket.refund_error,
                    }
                )
        elif ticket.method == "cash" and ticket.paid_at is not None:
            cash_to_return += 1  # handed back at the door: the per-ticket refund records it
        else:
            # free, given at the door, cash not yet paid: nothing was paid, the ticket is withdrawn
            ticket.status, ticket.updated_at = "cancelled", utcnow()
    await _stop_open_payments(session, provider, event.id)
    await session.flush()
    if first:
        await publish.event_cancelled(session, event, people)
    if first or refunded:
        await publish.attendees_changed(session, event.id)
    return {
        "event": await event_service.answer(session, event.id, access.principal),
        "refunded": refunded,
        "failed": failed,
        "cashToReturn": cash_to_return,
    }
