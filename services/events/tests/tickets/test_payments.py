"""Paying by card on the test provider: each test card, the second confirmation, confirming twice, cancelling,
and who may touch a payment. A successful confirm's webhook travels over HTTP to the served app."""

from __future__ import annotations

import asyncio

import httpx
from event.cast import STRANGER
from event.factories import headers
from sqlalchemy.ext.asyncio import AsyncSession
from tickets.cast import BUYER, DECLINED, INSUFFICIENT, SUCCEEDS, TWO_STEPS
from tickets.factories import buy, card_purchase, confirm, event_with_tiers, message, payments, pending_payment, tickets

from events.payments import local
from events.tickets import rules
from events.tickets.schemas import PaymentState
from kit.testing import collect_events


async def issued_events(nats_url: str) -> int:
    return len(await collect_events(nats_url, "events.ticket.issued", count=10, timeout=1.5))


class TestCards:
    async def test_a_good_card_issues_the_ticket(
        self, client: httpx.AsyncClient, session: AsyncSession, nats_url: str
    ) -> None:
        payment_id = await pending_payment(client, session)
        response = await confirm(client, payment_id, {"card": SUCCEEDS})
        assert response.status_code == 200, response.text
        body = response.json()
        PaymentState.model_validate(body)
        assert body["payment"]["status"] == "succeeded" and body["payment"]["clientSecret"] is None
        ticket = body["ticket"]
        assert ticket["status"] == "issued" and ticket["paid"] is True and ticket["qr"].startswith("data:image/svg")
        (issued,) = await collect_events(nats_url, "events.ticket.issued", count=1)
        assert issued.data["ticketId"] == ticket["id"] and issued.data["ticketSum"] == 1189

    async def test_a_declined_card_says_why_and_stays_declined(
        self, client: httpx.AsyncClient, session: AsyncSession
    ) -> None:
        event, (tier,) = await event_with_tiers(session, 1000)
        bought = await card_purchase(client, event.id, tier.id)
        payment_id = bought["payment"]["id"]
        response = await confirm(client, payment_id, {"card": DECLINED})
        assert response.status_code == 400 and message(response) == local.DECLINED == "Your card was declined."
        (payment,) = await payments(session)
        (ticket,) = await tickets(session)
        assert payment.status == "declined" and payment.message == local.DECLINED and ticket.status == "cancelled"
        # A good card afterwards does not revive it: a new attempt is a new purchase.
        again = await confirm(client, payment_id, {"card": SUCCEEDS})
        assert again.status_code == 400 and message(again) == local.DECLINED
        assert (await payments(session))[0].status == "declined"
        read = await client.get(f"/api/payments/{payment_id}", headers=headers(BUYER))
        assert read.json()["payment"]["status"] == "declined" and read.json()["payment"]["message"] == local.DECLINED
        fresh = await buy(client, event.id, tier.id, "card")
        assert fresh.status_code == 201 and fresh.json()["payment"]["id"] != payment_id

    async def test_insufficient_funds(self, client: httpx.AsyncClient, session: AsyncSession) -> None:
        payment_id = await pending_payment(client, session)
        response = await confirm(client, payment_id, {"card": INSUFFICIENT})
        assert response.status_code == 400 and message(response) == "Your card has insufficient funds."
        assert (await payments(session))[0].status == "declined"

    async def test_an_unknown_number(self, client: httpx.AsyncClient, session: AsyncSession) -> None:
        payment_id = await pending_payment(client, session)
        response = await confirm(client, payment_id, {"card": "1234"})
        assert response.status_code == 400 and message(response) == local.INCORRECT_NUMBER

    async def test_no_card(self, client: httpx.AsyncClient, session: AsyncSession) -> None:
        payment_id = await pending_payment(client, session)
        response = await confirm(client, payment_id, {})
        assert response.status_code == 400 and message(response) == rules.CARD_REQUIRED
        assert (await payments(session))[0].status == "pending"

    async def test_a_card_that_needs_a_second_confirmation(
        self, client: httpx.AsyncClient, session: AsyncSession, nats_url: str
    ) -> None:
        payment_id = await pending_payment(client, session)
        first = await confirm(client, payment_id, {"card": TWO_STEPS})
        assert first.status_code == 200
        assert first.json()["payment"]["status"] == "requires_action" and first.json()["ticket"]["status"] == "pending"
        second = await confirm(client, payment_id, {"authenticate": True})
        assert second.status_code == 200
        assert second.json()["payment"]["status"] == "succeeded" and second.json()["ticket"]["status"] == "issued"
        assert await issued_events(nats_url) == 1

    async def test_authenticating_what_did_not_ask(self, client: httpx.AsyncClient, session: AsyncSession) -> None:
        payment_id = await pending_payment(client, session)
        response = await confirm(client, payment_id, {"authenticate": True})
        assert response.status_code == 400 and message(response) == rules.NOTHING_TO_AUTHENTICATE
        assert (await payments(session))[0].status == "pending"


class TestOnce:
    async def test_confirming_again_charges_and_issues_nothing_more(
        self, client: httpx.AsyncClient, session: AsyncSession, nats_url: str
    ) -> None:
        payment_id = await pending_payment(client, session)
        first = await confirm(client, payment_id, {"card": SUCCEEDS})
        second = await confirm(client, payment_id, {"card": SUCCEEDS})
        assert first.status_code == second.status_code == 200
        assert first.json() == second.json()
        assert await issued_events(nats_url) == 1

    async def test_two_tabs_confirming_at_once(
        self, client: httpx.AsyncClient, session: AsyncSession, nats_url: str
    ) -> None:
        payment_id = await pending_payment(client, session)
        answers = await asyncio.gather(*(confirm(client, payment_id, {"card": SUCCEEDS}) for _ in range(5)))
        assert {a.status_code for a in answers} == {200}
        assert {a.json()["ticket"]["status"] for a in answers} == {"issued"}
        (ticket,) = await tickets(session)
        assert ticket.status == "issued" and (await payments(session))[0].status == "succeeded"
        assert await issued_events(nats_url) == 1

    async def test_a_retried_confirm_with_its_key_replays(
        self, client: httpx.AsyncClient, session: AsyncSession
    ) -> None:
        payment_id = await pending_payment(client, session)
        url = f"/api/payments/{payment_id}/confirm"
        keyed = headers(BUYER) | {"Idempotency-Key": "confirm-1"}
        first = await client.post(url, json={"card": SUCCEEDS}, headers=keyed)
        second = await client.post(url, json={"card": SUCCEEDS}, headers=keyed)
        assert first.status_code == second.status_code == 200 and first.json() == second.json()


class TestCancel:
    async def test_a_pending_payment(self, client: httpx.AsyncClient, session: AsyncSession) -> None:
        payment_id = await pending_payment(client, session)
        response = await client.post(f"/api/payments/{payment_id}/cancel", headers=headers(BUYER))
        assert response.status_code == 200, response.text
        assert (
            response.json()["payment"]["status"] == "cancelled" and response.json()["ticket"]["status"] == "cancelled"
        )
        late = await confirm(client, payment_id, {"card": SUCCEEDS})
        assert late.status_code == 400 and message(late) == rules.PAYMENT_CLOSED
        assert (await tickets(session))[0].status == "cancelled"
        again = await client.post(f"/api/payments/{payment_id}/cancel", headers=headers(BUYER))
        assert again.status_code == 200 and again.json()["payment"]["status"] == "cancelled"

    async def test_a_succeeded_payment_is_not_cancelled(self, client: httpx.AsyncClient, session: AsyncSession) -> None:
        payment_id = await pending_payment(client, session)
        await confirm(client, payment_id, {"card": SUCCEEDS})
        response = await client.post(f"/api/payments/{payment_id}/cancel", headers=headers(BUYER))
        assert response.status_code == 400 and message(response) == rules.ALREADY_SUCCEEDED
        assert (await tickets(session))[0].status == "issued"


class TestWho:
    async def test_a_stranger_may_not_touch_a_payment(self, client: httpx.AsyncClient, session: AsyncSession) -> None:
        payment_id = await pending_payment(client, session)
        stranger = headers(STRANGER)
        assert (await client.get(f"/api/payments/{payment_id}", headers=stranger)).status_code == 403
        assert (await confirm(client, payment_id, {"card": SUCCEEDS}, who=STRANGER)).status_code == 403
        assert (await client.post(f"/api/payments/{payment_id}/cancel", headers=stranger)).status_code == 403
        assert (await payments(session))[0].status == "pending"

    async def test_a_guest(self, client: httpx.AsyncClient, session: AsyncSession) -> None:
        payment_id = await pending_payment(client, session)
        assert (await client.get(f"/api/payments/{payment_id}")).status_code == 401
        assert (await client.post(f"/api/payments/{payment_id}/confirm", json={"card": SUCCEEDS})).status_code == 401
        assert (await client.post(f"/api/payments/{payment_id}/cancel")).status_code == 401

    async def test_an_unknown_payment(self, client: httpx.AsyncClient) -> None:
        assert (await client.get("/api/payments/999", headers=headers(BUYER))).status_code == 404
        assert (await confirm(client, 999, {"card": SUCCEEDS})).status_code == 404
        assert (await client.post("/api/payments/999/cancel", headers=headers(BUYER))).status_code == 404

    async def test_the_buyer_reads_it(self, client: httpx.AsyncClient, session: AsyncSession) -> None:
        event, (tier,) = await event_with_tiers(session, 1000)
        bought = await card_purchase(client, event.id, tier.id)
        response = await client.get(f"/api/payments/{bought['payment']['id']}", headers=headers(BUYER))
        assert response.status_code == 200 and response.json() == bought


async def test_the_config(client: httpx.AsyncClient) -> None:
    response = await client.get("/api/payments/config")
    assert response.json() == {"provider": "test", "publishableKey": None, "currency": "usd"}


async def test_many_buyers_at_once_one_ticket_per_payment(
    client: httpx.AsyncClient, session: AsyncSession, nats_url: str
) -> None:
    """12 buyers of one tier at once, each purchase sent twice with its key, then every payment confirmed twice
    at once: 12 payments, 12 issued tickets, 12 events."""
    event, (tier,) = await event_with_tiers(session, 1000)
    buyers = range(40, 52)
    bought = await asyncio.gather(
        *(buy(client, event.id, tier.id, "card", who=who, key=f"key-{who}") for who in buyers for _ in range(2))
    )
    assert {b.status_code for b in bought} == {201}
    payment_of = {
        b.json()["payment"]["id"]: who for b, who in zip(bought, [w for w in buyers for _ in range(2)], strict=True)
    }
    assert len(payment_of) == 12
    confirmed = await asyncio.gather(
        *(confirm(client, pid, {"card": SUCCEEDS}, who=who) for pid, who in payment_of.items() for _ in range(2))
    )
    assert {c.status_code for c in confirmed} == {200}
    assert sorted(t.status for t in await tickets(session)) == ["issued"] * 12
    assert [p.status for p in await payments(session)] == ["succeeded"] * 12
    assert len(await collect_events(nats_url, "events.ticket.issued", count=20, timeout=2)) == 12
