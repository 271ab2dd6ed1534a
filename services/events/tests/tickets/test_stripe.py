"""The Stripe provider end to end against a stand-in of Stripe's API at its transport: the purchase creates a
payment intent with the buyer's key and answers its client secret, the signed webhook issues the ticket, a
server-side confirm only reads the intent, cancel and refund reach Stripe, and Stripe being down is a 503 that
stores nothing."""

from __future__ import annotations

import hashlib
import hmac
import json
import time
from collections.abc import AsyncIterator

import httpx
import pytest
from event.cast import ORGANIZER
from event.factories import headers
from sqlalchemy.ext.asyncio import AsyncSession
from tickets.cast import BUYER
from tickets.factories import buy, event_with_tiers, message, payments, pending_payment, tickets
from tickets.stripe_stand_in import StripeState, stripe_stand_in

from kit.local import free_port
from kit.testing import serve_app
from kit.testing.plugin import AppClient

SECRET = "whsec_stand_in"


@pytest.fixture
async def stripe_api() -> AsyncIterator[tuple[StripeState, str]]:
    state, port = StripeState(), free_port()
    async with serve_app(stripe_stand_in(state), port):
        yield state, f"http://127.0.0.1:{port}"


def stripe_settings(api_base: str) -> dict[str, str]:
    return {
        "payments_provider": "stripe",
        "stripe_secret_key": "sk_test_stand_in",
        "stripe_publishable_key": "pk_test_stand_in",
        "stripe_webhook_secret": SECRET,
        "stripe_api_base": api_base,
    }


async def succeeded_webhook(client: httpx.AsyncClient, ref: str, amount: int) -> httpx.Response:
    intent = {"id": ref, "object": "payment_intent", "amount": amount, "amount_received": amount}
    payload = json.dumps({"id": "evt_1", "type": "payment_intent.succeeded", "data": {"object": intent}}).encode()
    t = int(time.time())
    signature = hmac.new(SECRET.encode(), f"{t}.".encode() + payload, hashlib.sha256).hexdigest()
    return await client.post(
        "/api/payments/webhook/stripe", content=payload, headers={"Stripe-Signature": f"t={t},v1={signature}"}
    )


class TestStripe:
    async def test_a_purchase_paid_in_the_browser(
        self, app_with: AppClient, session: AsyncSession, stripe_api: tuple[StripeState, str]
    ) -> None:
        state, base = stripe_api
        event, (tier,) = await event_with_tiers(session, 1000)
        async with app_with(**stripe_settings(base)) as client:
            first = await buy(client, event.id, tier.id, "card", key="attempt-1")
            assert first.status_code == 201, first.text
            payment = first.json()["payment"]
            assert payment["provider"] == "stripe" and payment["clientSecret"] == "pi_1_secret_abc"
            assert payment["amount"] == 1189 and state.keys == [f"cypher:{BUYER}:attempt-1"]
            assert state.intents["pi_1"]["amount"] == 1189 and state.intents["pi_1"]["currency"] == "usd"
            polled = await client.get(f"/api/payments/{payment['id']}", headers=headers(BUYER))
            assert polled.json()["payment"]["status"] == "pending" and polled.json()["ticket"]["status"] == "pending"
            assert (await succeeded_webhook(client, "pi_1", 1189)).status_code == 200
            polled = await client.get(f"/api/payments/{payment['id']}", headers=headers(BUYER))
            assert polled.json()["payment"] | {"clientSecret": None} == payment | {
                "status": "succeeded",
                "clientSecret": None,
            }
            assert polled.json()["ticket"]["status"] == "issued"
            refund = await client.post(
                f"/api/admin/tickets/{polled.json()['ticket']['id']}/refund", headers=headers(ORGANIZER)
            )
            assert refund.status_code == 200 and refund.json()["status"] == "refunded"
        assert state.refunds[0]["payment_intent"] == "pi_1" and state.refunds[0]["amount"] == 1189
        assert (await payments(session))[0].status == "refunded"

    async def test_a_confirm_reads_the_intent_and_charges_nothing(
        self, app_with: AppClient, session: AsyncSession, stripe_api: tuple[StripeState, str]
    ) -> None:
        state, base = stripe_api
        async with app_with(**stripe_settings(base)) as client:
            payment_id = await pending_payment(client, session)
            still = await client.post(f"/api/payments/{payment_id}/confirm", json={}, headers=headers(BUYER))
            assert still.status_code == 200 and still.json()["payment"]["status"] == "pending"
            state.intents["pi_1"]["status"] = "succeeded"  # the browser confirmed; the webhook is late
            done = await client.post(f"/api/payments/{payment_id}/confirm", json={}, headers=headers(BUYER))
            assert done.json()["payment"]["status"] == "succeeded" and done.json()["ticket"]["status"] == "issued"
            assert (await succeeded_webhook(client, "pi_1", 1189)).status_code == 200  # late: changes nothing
        assert len(state.intents) == 1 and [t.status for t in await tickets(session)] == ["issued"]

    async def test_cancel_reaches_stripe(
        self, app_with: AppClient, session: AsyncSession, stripe_api: tuple[StripeState, str]
    ) -> None:
        state, base = stripe_api
        async with app_with(**stripe_settings(base)) as client:
            payment_id = await pending_payment(client, session)
            state.intents["pi_1"]["status"] = "succeeded"  # paid in the browser, the webhook not yet here
            refused = await client.post(f"/api/payments/{payment_id}/cancel", headers=headers(BUYER))
            assert refused.status_code == 400 and "succeeded" in message(refused)
            state.intents["pi_1"]["status"] = "requires_payment_method"
            cancelled = await client.post(f"/api/payments/{payment_id}/cancel", headers=headers(BUYER))
            assert cancelled.status_code == 200 and cancelled.json()["payment"]["status"] == "cancelled"
        assert state.intents["pi_1"]["status"] == "canceled"

    async def test_stripe_unreachable_is_a_503_that_stores_nothing(
        self, app_with: AppClient, session: AsyncSession
    ) -> None:
        event, (tier,) = await event_with_tiers(session, 1000)
        async with app_with(**stripe_settings(f"http://127.0.0.1:{free_port()}")) as client:
            response = await buy(client, event.id, tier.id, "card", key="k")
            assert response.status_code == 503 and "payment processor" in message(response)
        assert await payments(session) == [] and await tickets(session) == []
