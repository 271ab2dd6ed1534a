"""POST /api/events/{id}/tickets: every method, its refusals, who may buy, and the idempotency of a purchase."""

from __future__ import annotations

import asyncio

import httpx
from event.cast import ORGANIZER, STRANGER
from event.factories import create_event, headers
from sqlalchemy.ext.asyncio import AsyncSession
from tickets.cast import BUYER, OTHER_BUYER
from tickets.factories import buy, event_with_tiers, keyed, message, payments, tickets

from events.tickets import rules
from events.tickets.schemas import Purchased
from kit.testing import collect_events


class TestFree:
    async def test_a_free_tier_issues_at_once(
        self, client: httpx.AsyncClient, session: AsyncSession, nats_url: str
    ) -> None:
        event, (tier,) = await event_with_tiers(session, 0)
        response = await buy(client, event.id, tier.id, "free")
        assert response.status_code == 201, response.text
        body = response.json()
        Purchased.model_validate(body)
        ticket = body["ticket"]
        assert body["payment"] is None
        assert ticket["status"] == "issued" and ticket["method"] == "free" and ticket["paid"] is True
        assert (ticket["ticketCost"], ticket["ticketFees"], ticket["ticketTaxes"], ticket["ticketSum"]) == (0, 0, 0, 0)
        assert ticket["title"] == "Tier 1" and ticket["tierId"] == tier.id and ticket["eventId"] == event.id
        assert ticket["qr"].startswith("data:image/svg+xml")
        (issued,) = await collect_events(nats_url, "events.ticket.issued", count=1)
        assert issued.topics == [f"user:{BUYER}"]
        stored = (await tickets(session))[0]
        assert issued.data == {
            "ticketId": stored.id,
            "eventId": event.id,
            "userId": BUYER,
            "eventTitle": "Battle of the Year",
            "title": "Tier 1",
            "secret": stored.secret,
            "ticketSum": 0,
        }

    async def test_a_free_event_without_tiers_is_an_rsvp(
        self, client: httpx.AsyncClient, session: AsyncSession
    ) -> None:
        event = await create_event(session)
        response = await buy(client, event.id, None, "free")
        assert response.status_code == 201, response.text
        ticket = response.json()["ticket"]
        assert ticket["tierId"] is None and ticket["title"] == rules.RSVP_TITLE and ticket["status"] == "issued"

    async def test_a_second_ticket_is_refused(self, client: httpx.AsyncClient, session: AsyncSession) -> None:
        event = await create_event(session)
        assert (await buy(client, event.id, None, "free")).status_code == 201
        again = await buy(client, event.id, None, "free")
        assert again.status_code == 400 and message(again) == rules.HAS_TICKET
        assert len(await tickets(session)) == 1


class TestCash:
    async def test_issued_unpaid_to_pay_at_the_door(self, client: httpx.AsyncClient, session: AsyncSession) -> None:
        event, (tier,) = await event_with_tiers(session, 2000)
        response = await buy(client, event.id, tier.id, "cash")
        assert response.status_code == 201, response.text
        body = response.json()
        assert body["payment"] is None
        ticket = body["ticket"]
        assert ticket["status"] == "issued" and ticket["method"] == "cash" and ticket["paid"] is False
        assert (ticket["ticketCost"], ticket["ticketFees"], ticket["ticketTaxes"], ticket["ticketSum"]) == (
            2000,
            150,
            178,
            2328,
        )
        assert ticket["qr"] is not None
        assert await payments(session) == []


class TestCard:
    async def test_a_pending_ticket_and_a_payment_at_the_provider(
        self, client: httpx.AsyncClient, session: AsyncSession
    ) -> None:
        event, (_, tier) = await event_with_tiers(session, 0, 1000)
        response = await buy(client, event.id, tier.id, "card")
        assert response.status_code == 201, response.text
        body = response.json()
        Purchased.model_validate(body)
        payment, ticket = body["payment"], body["ticket"]
        assert payment["provider"] == "test" and payment["status"] == "pending" and payment["amount"] == 1189
        assert payment["message"] == "" and payment["clientSecret"]
        assert ticket["status"] == "pending" and ticket["paid"] is False and ticket["qr"] is None
        (stored,) = await payments(session)
        assert stored.provider_ref and stored.amount_cents == 1189 and stored.user_id == BUYER


class TestRefusals:
    async def test_a_tier_of_another_event(self, client: httpx.AsyncClient, session: AsyncSession) -> None:
        event, _ = await event_with_tiers(session, 1000)
        _, (foreign,) = await event_with_tiers(session, 1000)
        response = await buy(client, event.id, foreign.id, "card")
        assert response.status_code == 400 and message(response) == rules.TIER_NOT_OF_EVENT

    async def test_free_for_a_paid_tier(self, client: httpx.AsyncClient, session: AsyncSession) -> None:
        event, (tier,) = await event_with_tiers(session, 1000)
        response = await buy(client, event.id, tier.id, "free")
        assert response.status_code == 400 and message(response) == rules.FREE_FOR_PAID

    async def test_card_or_cash_for_a_free_tier(self, client: httpx.AsyncClient, session: AsyncSession) -> None:
        event, (tier,) = await event_with_tiers(session, 0)
        for method in ("card", "cash"):
            response = await buy(client, event.id, tier.id, method)
            assert response.status_code == 400 and message(response) == rules.PAID_FOR_FREE
        assert await tickets(session) == [] and await payments(session) == []

    async def test_no_tier_when_the_event_has_tiers(self, client: httpx.AsyncClient, session: AsyncSession) -> None:
        event, _ = await event_with_tiers(session, 0)
        response = await buy(client, event.id, None, "free")
        assert response.status_code == 400 and message(response) == rules.CHOOSE_TIER

    async def test_a_bad_method(self, client: httpx.AsyncClient, session: AsyncSession) -> None:
        event, (tier,) = await event_with_tiers(session, 1000)
        response = await buy(client, event.id, tier.id, "bitcoin")
        assert response.status_code == 400

    async def test_without_an_idempotency_key(self, client: httpx.AsyncClient, session: AsyncSession) -> None:
        event, (tier,) = await event_with_tiers(session, 1000)
        response = await client.post(
            f"/api/events/{event.id}/tickets", json={"tierId": tier.id, "method": "card"}, headers=headers(BUYER)
        )
        assert response.status_code == 400 and message(response) == rules.KEY_REQUIRED

    async def test_a_finished_event(self, client: httpx.AsyncClient, session: AsyncSession) -> None:
        event, (tier,) = await event_with_tiers(session, 0, start="2020-01-01T12:00", end="2020-01-01T18:00")
        response = await buy(client, event.id, tier.id, "free")
        assert response.status_code == 400 and message(response) == rules.FINISHED

    async def test_a_draft(self, client: httpx.AsyncClient, session: AsyncSession) -> None:
        event, (tier,) = await event_with_tiers(session, 0, status="draft")
        assert (await buy(client, event.id, tier.id, "free")).status_code == 404
        by_organizer = await buy(client, event.id, tier.id, "free", who=ORGANIZER)
        assert by_organizer.status_code == 400 and message(by_organizer) == rules.NOT_ON_SALE

    async def test_an_unknown_event(self, client: httpx.AsyncClient) -> None:
        assert (await buy(client, 999, None, "free")).status_code == 404

    async def test_a_guest(self, client: httpx.AsyncClient, session: AsyncSession) -> None:
        event = await create_event(session)
        response = await client.post(
            f"/api/events/{event.id}/tickets",
            json={"tierId": None, "method": "free"},
            headers={"Idempotency-Key": "k"},
        )
        assert response.status_code == 401


class TestIdempotency:
    async def test_the_same_key_twice_is_one_purchase(self, client: httpx.AsyncClient, session: AsyncSession) -> None:
        event, (tier,) = await event_with_tiers(session, 1000)
        first = await buy(client, event.id, tier.id, "card", key="attempt-1")
        second = await buy(client, event.id, tier.id, "card", key="attempt-1")
        assert first.status_code == second.status_code == 201
        assert first.json() == second.json()
        assert len(await payments(session)) == 1 and len(await tickets(session)) == 1

    async def test_the_same_key_at_once_is_one_purchase(self, client: httpx.AsyncClient, session: AsyncSession) -> None:
        event, (tier,) = await event_with_tiers(session, 1000)
        answers = await asyncio.gather(*(buy(client, event.id, tier.id, "card", key="same") for _ in range(6)))
        assert {a.status_code for a in answers} == {201}
        assert len({a.text for a in answers}) == 1
        assert len(await payments(session)) == 1 and len(await tickets(session)) == 1

    async def test_two_tabs_share_one_payment(self, client: httpx.AsyncClient, session: AsyncSession) -> None:
        """Two purchase attempts (two keys) of the same tier at once: one payment, one ticket."""
        event, (tier,) = await event_with_tiers(session, 1000)
        answers = await asyncio.gather(*(buy(client, event.id, tier.id, "card") for _ in range(4)))
        assert {a.status_code for a in answers} == {201}
        assert len({a.json()["payment"]["id"] for a in answers}) == 1
        assert len(await payments(session)) == 1 and len(await tickets(session)) == 1

    async def test_the_same_key_for_another_purchase_is_refused(
        self, client: httpx.AsyncClient, session: AsyncSession
    ) -> None:
        event, (paid, free) = await event_with_tiers(session, 1000, 0)
        assert (await buy(client, event.id, paid.id, "card", key="k1")).status_code == 201
        reused = await buy(client, event.id, free.id, "free", key="k1")
        assert reused.status_code == 400 and len(await tickets(session)) == 1

    async def test_buyers_do_not_share_keys(self, client: httpx.AsyncClient, session: AsyncSession) -> None:
        event, (tier,) = await event_with_tiers(session, 1000)
        one = await buy(client, event.id, tier.id, "card", key="k")
        other = await buy(client, event.id, tier.id, "card", who=OTHER_BUYER, key="k")
        assert one.status_code == other.status_code == 201
        assert one.json()["payment"]["id"] != other.json()["payment"]["id"]
        assert len(await payments(session)) == 2


async def test_a_stranger_buys_with_their_own_key(client: httpx.AsyncClient, session: AsyncSession) -> None:
    event, (tier,) = await event_with_tiers(session, 0)
    response = await client.post(
        f"/api/events/{event.id}/tickets", json={"tierId": tier.id, "method": "free"}, headers=keyed(STRANGER)
    )
    assert response.status_code == 201
