"""POST /api/payments/webhook/{provider}: signed deliveries settle a payment once; forged ones change nothing.
The test provider's own signature, and Stripe's (verified by the stripe package, on payloads signed here: no
request leaves the machine)."""

from __future__ import annotations

import asyncio
import hashlib
import hmac
import json
import time
from typing import Any

import httpx
import pytest
from event.factories import create_event, headers
from fastapi import FastAPI
from pydantic import ValidationError
from sqlalchemy.ext.asyncio import AsyncSession
from tickets.cast import BUYER, SUCCEEDS
from tickets.factories import card_purchase, confirm, event_with_tiers, message, payments, tickets

from events.config import Settings
from events.models import Payment, Ticket
from events.payments import local
from events.payments.local import TestProvider
from events.tickets import rules
from kit.testing import collect_events
from kit.testing.plugin import AppClient

WEBHOOK = "/api/payments/webhook/test"


def delivery(ref: str, amount: int, outcome: str = "succeeded", event_id: str = "evt_1") -> bytes:
    return json.dumps({"id": event_id, "type": f"payment.{outcome}", "data": {"ref": ref, "amount": amount}}).encode()


def signed(body: bytes, secret: str, timestamp: int | None = None) -> dict[str, str]:
    return {"Cypher-Signature": local.sign(secret, body, timestamp or int(time.time()))}


async def pending(client: httpx.AsyncClient, session: AsyncSession) -> Payment:
    event, (tier,) = await event_with_tiers(session, 1000)
    await card_purchase(client, event.id, tier.id)
    (payment,) = await payments(session)
    return payment


async def issued_count(nats_url: str) -> int:
    return len(await collect_events(nats_url, "events.ticket.issued", count=10, timeout=1.5))


class TestTheTestProvider:
    async def test_its_confirmation_travels_over_http(
        self, app: FastAPI, client: httpx.AsyncClient, session: AsyncSession, settings: Settings
    ) -> None:
        """The provider alone (no confirm route): its webhook reaches the app's real path and issues."""
        payment = await pending(client, session)
        async with TestProvider(f"{app.state.url}{WEBHOOK}", settings.test_webhook_secret) as provider:
            outcome = await provider.confirm(payment.provider_ref or "", amount=payment.amount_cents, card=SUCCEEDS)
        assert outcome.status == "succeeded"
        assert (await payments(session))[0].status == "succeeded" and (await tickets(session))[0].status == "issued"

    async def test_a_signed_delivery_issues_once(
        self, client: httpx.AsyncClient, session: AsyncSession, settings: Settings, nats_url: str
    ) -> None:
        payment = await pending(client, session)
        body = delivery(payment.provider_ref or "", 1189)
        for _ in range(3):
            response = await client.post(WEBHOOK, content=body, headers=signed(body, settings.test_webhook_secret))
            assert response.status_code == 200 and response.json() == {"received": True}
        assert (await payments(session))[0].status == "succeeded"
        (ticket,) = await tickets(session)
        assert ticket.status == "issued" and ticket.paid_at is not None
        assert await issued_count(nats_url) == 1

    async def test_a_confirm_racing_its_webhook(
        self, client: httpx.AsyncClient, session: AsyncSession, settings: Settings, nats_url: str
    ) -> None:
        payment = await pending(client, session)
        body = delivery(payment.provider_ref or "", 1189)
        hooks = [
            client.post(WEBHOOK, content=body, headers=signed(body, settings.test_webhook_secret)) for _ in range(3)
        ]
        answers = await asyncio.gather(confirm(client, payment.id, {"card": SUCCEEDS}), *hooks)
        assert {a.status_code for a in answers} == {200}
        assert answers[0].json()["ticket"]["status"] == "issued"
        assert await issued_count(nats_url) == 1

    async def test_a_decline_cancels_the_pending_ticket(
        self, client: httpx.AsyncClient, session: AsyncSession, settings: Settings
    ) -> None:
        payment = await pending(client, session)
        body = json.dumps(
            {
                "id": "e",
                "type": "payment.declined",
                "data": {"ref": payment.provider_ref, "amount": 1189, "message": "No"},
            }
        ).encode()
        response = await client.post(WEBHOOK, content=body, headers=signed(body, settings.test_webhook_secret))
        assert response.status_code == 200
        (stored,) = await payments(session)
        assert (
            stored.status == "declined" and stored.message == "No" and (await tickets(session))[0].status == "cancelled"
        )

    async def test_another_amount_changes_nothing(
        self, client: httpx.AsyncClient, session: AsyncSession, settings: Settings
    ) -> None:
        payment = await pending(client, session)
        huge = delivery(payment.provider_ref or "", 10**20)
        response = await client.post(WEBHOOK, content=huge, headers=signed(huge, settings.test_webhook_secret))
        assert response.status_code == 200
        body = delivery(payment.provider_ref or "", 1)
        assert (
            await client.post(WEBHOOK, content=body, headers=signed(body, settings.test_webhook_secret))
        ).status_code == 200
        assert (await payments(session))[0].status == "pending" and (await tickets(session))[0].status == "pending"

    async def test_an_unknown_payment_is_acknowledged(self, client: httpx.AsyncClient, settings: Settings) -> None:
        body = delivery("tp_nobody", 100)
        assert (
            await client.post(WEBHOOK, content=body, headers=signed(body, settings.test_webhook_secret))
        ).status_code == 200


class TestForged:
    @pytest.mark.parametrize(
        "forge",
        [
            lambda body, secret: signed(body, "not-the-secret"),
            lambda body, secret: signed(body + b" ", secret) | {},  # signed another body
            lambda body, secret: signed(body, secret, int(time.time()) - 3600),  # replayed an hour later
            lambda body, secret: {},
            lambda body, secret: {"Cypher-Signature": "t=abc,v1=00"},
            lambda body, secret: {"Cypher-Signature": "garbage"},
        ],
    )
    async def test_refused_and_nothing_changes(
        self, client: httpx.AsyncClient, session: AsyncSession, settings: Settings, forge: Any
    ) -> None:
        payment = await pending(client, session)
        body = delivery(payment.provider_ref or "", 1189)
        response = await client.post(WEBHOOK, content=body, headers=forge(body, settings.test_webhook_secret))
        assert response.status_code == 400 and message(response) == rules.INVALID_SIGNATURE == "Invalid signature"
        assert (await payments(session))[0].status == "pending" and (await tickets(session))[0].status == "pending"

    async def test_a_body_that_is_not_json(self, client: httpx.AsyncClient, settings: Settings) -> None:
        body = b"\xff\x00 not json"
        response = await client.post(WEBHOOK, content=body, headers=signed(body, settings.test_webhook_secret))
        assert response.status_code == 400

    async def test_another_provider_path(self, client: httpx.AsyncClient) -> None:
        response = await client.post("/api/payments/webhook/stripe", content=b"{}")
        assert response.status_code == 404
        assert (await client.post("/api/payments/webhook/paypal", content=b"{}")).status_code == 404


STRIPE = {
    "payments_provider": "stripe",
    "stripe_secret_key": "sk_test_not_used",
    "stripe_publishable_key": "pk_test_123",
    "stripe_webhook_secret": "whsec_test_secret",
}


def stripe_signed(payload: bytes, secret: str, timestamp: int | None = None) -> dict[str, str]:
    """Stripe's scheme: `t=<time>,v1=<hex HMAC-SHA256 of "<t>.<payload>" with the endpoint's secret>`."""
    t = timestamp or int(time.time())
    digest = hmac.new(secret.encode(), f"{t}.".encode() + payload, hashlib.sha256).hexdigest()
    return {"Stripe-Signature": f"t={t},v1={digest}", "content-type": "application/json"}


def stripe_event(kind: str, intent: dict[str, Any]) -> bytes:
    return json.dumps(
        {"id": "evt_123", "object": "event", "type": kind, "data": {"object": {"object": "payment_intent"} | intent}}
    ).encode()


async def stripe_payment(session: AsyncSession) -> tuple[int, int]:
    event = await create_event(session)
    payment = Payment(
        event_id=event.id, user_id=BUYER, key="k", provider="stripe", provider_ref="pi_123", amount_cents=1189
    )
    session.add(payment)
    await session.flush()
    ticket = Ticket(
        event_id=event.id,
        user_id=BUYER,
        payment_id=payment.id,
        title="GA",
        method="card",
        secret="s" * 43,
        cost_cents=1000,
        fees_cents=100,
        taxes_cents=89,
        total_cents=1189,
    )
    session.add(ticket)
    await session.commit()
    return event.id, payment.id


class TestStripe:
    async def test_the_spa_gets_the_publishable_key(self, app_with: AppClient) -> None:
        async with app_with(**STRIPE) as client:
            response = await client.get("/api/payments/config")
        assert response.json() == {"provider": "stripe", "publishableKey": "pk_test_123", "currency": "usd"}

    async def test_a_signed_success_issues_once(
        self, app_with: AppClient, session: AsyncSession, nats_url: str
    ) -> None:
        await stripe_payment(session)
        payload = stripe_event("payment_intent.succeeded", {"id": "pi_123", "amount": 1189, "amount_received": 1189})
        async with app_with(**STRIPE) as client:
            for _ in range(2):
                response = await client.post(
                    "/api/payments/webhook/stripe", content=payload, headers=stripe_signed(payload, "whsec_test_secret")
                )
                assert response.status_code == 200, response.text
        assert (await payments(session))[0].status == "succeeded" and (await tickets(session))[0].status == "issued"
        assert await issued_count(nats_url) == 1

    async def test_a_failure_keeps_stripes_message(self, app_with: AppClient, session: AsyncSession) -> None:
        await stripe_payment(session)
        payload = stripe_event(
            "payment_intent.payment_failed",
            {"id": "pi_123", "amount": 1189, "last_payment_error": {"message": "Your card was declined."}},
        )
        async with app_with(**STRIPE) as client:
            response = await client.post(
                "/api/payments/webhook/stripe", content=payload, headers=stripe_signed(payload, "whsec_test_secret")
            )
        assert response.status_code == 200
        (payment,) = await payments(session)
        assert payment.status == "declined" and payment.message == "Your card was declined."

    async def test_a_forged_signature(self, app_with: AppClient, session: AsyncSession) -> None:
        await stripe_payment(session)
        payload = stripe_event("payment_intent.succeeded", {"id": "pi_123", "amount": 1189, "amount_received": 1189})
        async with app_with(**STRIPE) as client:
            for forged in (
                stripe_signed(payload, "whsec_other"),
                stripe_signed(payload, "whsec_test_secret", int(time.time()) - 3600),
                {"content-type": "application/json"},
            ):
                response = await client.post("/api/payments/webhook/stripe", content=payload, headers=forged)
                assert response.status_code == 400 and message(response) == "Invalid signature"
            assert (await client.post(WEBHOOK, content=b"{}")).status_code == 404
        assert (await payments(session))[0].status == "pending"

    async def test_other_event_types_are_acknowledged(self, app_with: AppClient, session: AsyncSession) -> None:
        await stripe_payment(session)
        payload = stripe_event("payment_intent.created", {"id": "pi_123", "amount": 1189})
        async with app_with(**STRIPE) as client:
            response = await client.post(
                "/api/payments/webhook/stripe", content=payload, headers=stripe_signed(payload, "whsec_test_secret")
            )
        assert response.status_code == 200 and (await payments(session))[0].status == "pending"

    def test_stripe_needs_its_keys(self) -> None:
        with pytest.raises(ValidationError, match="EVENTS_STRIPE_SECRET_KEY"):
            Settings(payments_provider="stripe")


async def test_the_buyer_reads_nothing_secret(client: httpx.AsyncClient, session: AsyncSession) -> None:
    """Not a webhook test, but the same fixtures: GET of a payment after the webhook shows it settled."""
    payment = await pending(client, session)
    await confirm(client, payment.id, {"card": SUCCEEDS})
    response = await client.get(f"/api/payments/{payment.id}", headers=headers(BUYER))
    assert response.json()["payment"]["status"] == "succeeded" and response.json()["ticket"]["status"] == "issued"
