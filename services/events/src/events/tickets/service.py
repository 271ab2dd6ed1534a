"""Buying a ticket and paying for it. A card ticket is issued exactly once per confirmed payment: the purchase
goes through the kit's idempotency keys (a retry replays the stored answer), a buyer's purchases of one event
are serialised (two tabs), and the payment's move to succeeded and the ticket's to issued are each one UPDATE
on the expected state (`ticket_repository.settle` / `issue`), whoever comes first of the confirm and the
webhook."""

from __future__ import annotations

import secrets
from typing import Any

import segno
from sqlalchemy.ext.asyncio import AsyncSession

from contracts.events import TicketIssued
from events import publish
from events.events import rules as event_rules
from events.events.service import EventNotFound
from events.models import Event, Payment, Ticket, Tier
from events.payments.provider import InvalidSignature, PaymentProvider, ProviderPayment, ProviderRefused
from events.payments.stripe_provider import ProviderUnavailable
from events.tickets import rules
from events.tickets.cancel import refund_at_provider
from events.tickets.exceptions import PaymentNotFound, ProcessorUnavailable, TicketNotFound
from events.tickets.repository import ticket_repository
from events.tickets.schemas import Confirmation, Purchase
from kit import outbox
from kit.db import utcnow
from kit.errors import Forbidden, Invalid, NotFound
from kit.principal import Principal


def qr_of(secret: str) -> str:
    """The ticket's QR code: an SVG data URI of its secret (never an id)."""
    return segno.make(secret, error="m").svg_data_uri(scale=4, border=2)


def ticket_of(ticket: Ticket) -> dict[str, Any]:
    return {
        "id": ticket.id,
        "eventId": ticket.event_id,
        "tierId": ticket.tier_id,
        "title": ticket.title,
        "method": ticket.method,
        "status": ticket.status,
        "paid": ticket.paid_at is not None,
        "ticketCost": ticket.cost_cents,
        "ticketFees": ticket.fees_cents,
        "ticketTaxes": ticket.taxes_cents,
        "ticketSum": ticket.total_cents,
        "createdAt": event_rules.utc_iso(ticket.created_at),
        "qr": qr_of(ticket.secret) if ticket.status == "issued" else None,
    }


def payment_of(payment: Payment, client_secret: str | None = None) -> dict[str, Any]:
    return {
        "id": payment.id,
        "provider": payment.provider,
        "status": payment.status,
        "amount": payment.amount_cents,
        "message": payment.message,
        "clientSecret": client_secret,
    }


async def _at_provider(operation: Any) -> Any:
    try:
        return await operation
    except ProviderUnavailable:
        raise ProcessorUnavailable() from None


class TicketService:
    def config(self, provider: PaymentProvider) -> dict[str, Any]:
        return {"provider": provider.name, "publishableKey": provider.publishable_key, "currency": rules.CURRENCY}

    # --- buying ---------------------------------------------------------------------------------------------

    async def _open_event(self, session: AsyncSession, event_id: int) -> Event:
        event = await ticket_repository.event(session, event_id)
        if event is None or event.deleted_at is not None:
            raise EventNotFound()
        return event

    async def purchase(
        self,
        session: AsyncSession,
        provider: PaymentProvider,
        principal: Principal,
        event_id: int,
        body: Purchase,
        key: str | None,
    ) -> dict[str, Any]:
        assert principal.profile_id is not None
        buyer = principal.profile_id
        if not key:
            raise Invalid(rules.KEY_REQUIRED)
        event = await self._open_event(session, event_id)
        if event.status != "published":
            # A draft exists for its editors only: anyone else does not see it at all.
            roles, org_admin = await ticket_repository.editor_standing(session, event, buyer)
            if not self._can_edit(event, principal, roles, org_admin):
                raise EventNotFound()
            raise Invalid(rules.NOT_ON_SALE)
        if event.cancelled_at is not None:
            raise Invalid(event_rules.CANCELLED)
        if event_rules.period(event.starts_at, event.ends_at, utcnow()) == "past":
            raise Invalid(rules.FINISHED)
        tiers = await ticket_repository.tiers(session, event.id)
        tier = self._tier(tiers, body)
        cost = tier.cost_cents if tier is not None else 0
        try:
            rules.check_method(cost, body.method)
        except ValueError as exc:
            raise Invalid(str(exc), field="method") from None

        await ticket_repository.lock_buyer(session, event.id, buyer)
        for held in await ticket_repository.held(session, event.id, buyer):
            if held.status == "issued":
                raise Invalid(rules.HAS_TICKET)
            if held.tier_id == body.tier_id and held.payment_id is not None and body.method == "card":
                # A second tab buying the same tier meets the first one's payment: one payment, one charge.
                return await self.state(
                    session, held.payment_id, await self._client_secret(provider, held.payment_id, session)
                )
            raise Invalid(rules.PAYMENT_IN_PROGRESS)

        one = rules.price(cost)
        ticket = Ticket(
            event_id=event.id,
            tier_id=tier.id if tier is not None else None,
            user_id=buyer,
            title=(tier.title or rules.TIER_TICKET_TITLE) if tier is not None else rules.RSVP_TITLE,
            method=body.method,
            secret=secrets.token_urlsafe(32),
            cost_cents=one.cost,
            fees_cents=one.fees,
            taxes_cents=one.taxes,
            total_cents=one.total,
        )
        if body.method != "card":
            ticket.status = "issued"
            ticket.paid_at = utcnow() if body.method == "free" else None  # cash is paid at the door
            await ticket_repository.add(session, ticket)
            await self.announce(session, event, ticket)
            return {"ticket": ticket_of(ticket), "payment": None}

        # The processor sees the buyer's key too: a retry after a lost answer finds the same payment there.
        created: ProviderPayment = await _at_provider(
            provider.create(
                amount=one.total,
                currency=rules.CURRENCY,
                key=f"cypher:{buyer}:{key}",
                metadata={"eventId": str(event.id), "userId": str(buyer)},
            )
        )
        payment = Payment(
            event_id=event.id,
            user_id=buyer,
            key=key,
            provider=provider.name,
            provider_ref=created.ref,
            amount_cents=one.total,
            currency=rules.CURRENCY,
            status="pending",
        )
        await ticket_repository.add(session, payment)
        ticket.payment_id = payment.id
        await ticket_repository.add(session, ticket)
        return {"ticket": ticket_of(ticket), "payment": payment_of(payment, created.client_secret)}

    @staticmethod
    def _tier(tiers: list[Tier], body: Purchase) -> Tier | None:
        if body.tier_id is None:
            if tiers:
                raise Invalid(rules.CHOOSE_TIER, field="tierId")
            return None  # a free event without tiers: an RSVP
        tier = next((t for t in tiers if t.id == body.tier_id), None)
        if tier is None:
            raise Invalid(rules.TIER_NOT_OF_EVENT, field="tierId")
        return tier

    @staticmethod
    def _can_edit(event: Event, principal: Principal, roles: frozenset[str], org_admin: bool) -> bool:
        return event_rules.can_edit(
            principal.profile_id,
            event.organizer_id,
            roles,
            org_admin=org_admin,
            is_platform_admin=principal.is_platform_admin,
        )

    async def announce(self, session: AsyncSession, event: Event | None, ticket: Ticket) -> None:
        if event is None:
            event = await ticket_repository.event(session, ticket.event_id)
        await outbox.add(
            session,
            TicketIssued(
                ticket_id=ticket.id,
                event_id=ticket.event_id,
                user_id=ticket.user_id,
                event_title=event.title if event is not None else "",
                title=ticket.title,
                secret=ticket.secret,
                ticket_sum=ticket.total_cents,
            ),
        )
        await publish.attendees_changed(session, ticket.event_id)

    # --- paying ---------------------------------------------------------------------------------------------

    async def _own_payment(self, session: AsyncSession, principal: Principal, payment_id: int) -> Payment:
        payment = await ticket_repository.payment(session, payment_id)
        if payment is None:
            raise PaymentNotFound()
        if payment.user_id != principal.profile_id:
            raise Forbidden()
        return payment

    async def state(self, session: AsyncSession, payment_id: int, client_secret: str | None = None) -> dict[str, Any]:
        payment = await ticket_repository.payment(session, payment_id)
        ticket = await ticket_repository.ticket_of_payment(session, payment_id)
        assert payment is not None and ticket is not None
        return {"payment": payment_of(payment, client_secret), "ticket": ticket_of(ticket)}

    async def _client_secret(self, provider: PaymentProvider, payment_id: int, session: AsyncSession) -> str | None:
        """What the browser needs to confirm with the processor, while there is something to confirm."""
        payment = await ticket_repository.payment(session, payment_id)
        if payment is None or payment.status not in ("pending", "requires_action") or payment.provider != provider.name:
            return None
        secret: str | None = await _at_provider(provider.client_secret(payment.provider_ref or ""))
        return secret

    async def read(
        self, session: AsyncSession, provider: PaymentProvider, principal: Principal, payment_id: int
    ) -> dict[str, Any]:
        payment = await self._own_payment(session, principal, payment_id)
        return await self.state(session, payment.id, await self._client_secret(provider, payment.id, session))

    async def confirm(
        self,
        session: AsyncSession,
        provider: PaymentProvider,
        principal: Principal,
        payment_id: int,
        body: Confirmation,
    ) -> dict[str, Any]:
        payment = await self._own_payment(session, principal, payment_id)
        if payment.status == "succeeded":
            return await self.state(session, payment.id)  # a second tab's confirm: already paid, once
        if payment.status not in ("pending", "requires_action"):
            raise Invalid(payment.message or rules.PAYMENT_CLOSED)
        if payment.provider != provider.name:
            raise Invalid(rules.PAYMENT_CLOSED)
        card = rules.card_number(body.card)
        if body.authenticate and card is None:
            if payment.status != "requires_action":
                raise Invalid(rules.NOTHING_TO_AUTHENTICATE)
        elif card is None and provider.name == "test":
            raise Invalid(rules.CARD_REQUIRED, field="card")
        # No lock is held while the processor works: its webhook (a request of its own) settles the payment
        # before `confirm` returns, and the settling below then finds nothing left to do.
        outcome: ProviderPayment = await _at_provider(
            provider.confirm(
                payment.provider_ref or "",
                amount=payment.amount_cents,
                card=card,
                authenticate=body.authenticate and card is None,
            )
        )
        if outcome.status == "succeeded":
            await self.settle(session, payment.id, "succeeded", amount=payment.amount_cents)
        elif outcome.status == "declined":
            await self.settle(session, payment.id, "declined", outcome.message)
            await session.flush()
            current = await ticket_repository.payment(session, payment.id)
            # The decline is kept (persist): the payment stays declined and a new attempt is a new purchase.
            raise Invalid(current.message if current and current.message else outcome.message, persist=True)
        elif outcome.status == "requires_action":
            await ticket_repository.mark(session, payment.id, "requires_action", before=("pending",))
        return await self.state(session, payment.id)

    async def settle(
        self, session: AsyncSession, payment_id: int, outcome: str, message: str = "", *, amount: int | None = None
    ) -> None:
        """Apply a processor's final word on a payment, once: a repeated or late word changes nothing."""
        if not await ticket_repository.settle(session, payment_id, outcome, message, amount):
            return
        if outcome == "succeeded":
            ticket = await ticket_repository.issue(session, payment_id)
            if ticket is not None:
                await self.announce(session, None, ticket)
        else:
            await ticket_repository.close_ticket(session, payment_id)

    async def cancel(
        self, session: AsyncSession, provider: PaymentProvider, principal: Principal, payment_id: int
    ) -> dict[str, Any]:
        payment = await self._own_payment(session, principal, payment_id)
        if payment.status == "succeeded":
            raise Invalid(rules.ALREADY_SUCCEEDED)
        if payment.status in ("pending", "requires_action"):
            try:
                await _at_provider(provider.cancel(payment.provider_ref or ""))
            except ProviderRefused as exc:
                raise Invalid(exc.message) from None
            await self.settle(session, payment.id, "cancelled")
            current = await ticket_repository.payment(session, payment.id)
            if current is not None and current.status == "succeeded":
                raise Invalid(rules.ALREADY_SUCCEEDED)  # the webhook was faster
        return await self.state(session, payment.id)

    async def webhook(
        self, session: AsyncSession, provider: PaymentProvider, name: str, payload: bytes, headers: Any
    ) -> None:
        if name != provider.name:
            raise NotFound(rules.UNKNOWN_PROVIDER)
        try:
            event = provider.parse_webhook(payload, headers)
        except InvalidSignature:
            raise Invalid(rules.INVALID_SIGNATURE, code="invalid_signature") from None
        if event is None:
            return
        payment = await ticket_repository.payment_by_ref(session, provider.name, event.ref)
        if payment is None:
            return  # not one of ours (another integration on the same account): acknowledged, ignored
        await self.settle(session, payment.id, event.outcome, event.message, amount=event.amount)

    # --- after the purchase ---------------------------------------------------------------------------------

    async def mine(self, session: AsyncSession, principal: Principal, event_id: int) -> list[dict[str, Any]]:
        assert principal.profile_id is not None
        event = await self._open_event(session, event_id)
        if event.status != "published":
            roles, org_admin = await ticket_repository.editor_standing(session, event, principal.profile_id)
            if not self._can_edit(event, principal, roles, org_admin):
                raise EventNotFound()
        return [ticket_of(t) for t in await ticket_repository.issued(session, event.id, principal.profile_id)]

    async def refund(
        self, session: AsyncSession, provider: PaymentProvider, principal: Principal, ticket_id: int
    ) -> dict[str, Any]:
        """By the event's editors. A card ticket is refunded at the processor (its key makes a repeated refund
        one refund); cash is handed back at the door; a free ticket is just withdrawn."""
        assert principal.profile_id is not None
        ticket = await ticket_repository.ticket_for_update(session, ticket_id)
        if ticket is None:
            raise TicketNotFound()
        event = await ticket_repository.event(session, ticket.event_id)
        if event is None:
            raise TicketNotFound()
        roles, org_admin = await ticket_repository.editor_standing(session, event, principal.profile_id)
        if not self._can_edit(event, principal, roles, org_admin):
            raise Forbidden()
        if ticket.status == "refunded":
            return ticket_of(ticket)
        if ticket.status != "issued":
            raise Invalid(rules.NOT_REFUNDABLE)
        if ticket.method == "card" and ticket.payment_id is not None:
            payment = await ticket_repository.payment(session, ticket.payment_id)
            if payment is not None and payment.status == "succeeded":
                if payment.provider != provider.name:
                    raise Invalid(rules.PAYMENT_CLOSED)
                try:
                    await _at_provider(refund_at_provider(session, provider, ticket, payment))
                except ProviderRefused as exc:
                    raise Invalid(exc.message) from None
        ticket.status = "refunded"
        ticket.updated_at = utcnow()
        await session.flush()
        await publish.attendees_changed(session, ticket.event_id)
        return ticket_of(ticket)


ticket_service = TicketService()
