"""After the purchase: the caller's tickets, the ticket's secret and QR code, refunds by the event's editors, and
what the event page shows of tickets (editors and everyone else)."""

from __future__ import annotations

from typing import Any
from urllib.parse import unquote

import httpx
import segno
from event.cast import EVENT_ADMIN, HOST, ORGANIZER, PLATFORM_ADMIN, STRANGER
from event.factories import create_event, headers
from sqlalchemy.ext.asyncio import AsyncSession
from tickets.cast import BUYER, OTHER_BUYER, SUCCEEDS
from tickets.factories import buy, card_purchase, confirm, event_with_tiers, message, payments, tickets

from events.events.schemas import Event as EventModel
from events.tickets import rules
from events.tickets.schemas import Ticket as TicketModel


async def paid_ticket(client: httpx.AsyncClient, event_id: int, tier_id: int, who: int = BUYER) -> dict[str, Any]:
    bought = await card_purchase(client, event_id, tier_id, who)
    response = await confirm(client, bought["payment"]["id"], {"card": SUCCEEDS}, who=who)
    assert response.status_code == 200, response.text
    return dict(response.json()["ticket"])


class TestMine:
    async def test_the_callers_issued_tickets(self, client: httpx.AsyncClient, session: AsyncSession) -> None:
        event, (card_tier, cash_tier) = await event_with_tiers(session, 1000, 500)
        ticket = await paid_ticket(client, event.id, card_tier.id)
        other, _ = await event_with_tiers(session, 0)
        await buy(client, event.id, cash_tier.id, "cash", who=OTHER_BUYER)
        response = await client.get(f"/api/events/{event.id}/tickets", headers=headers(BUYER))
        assert response.status_code == 200
        assert response.json() == [ticket]
        TicketModel.model_validate(response.json()[0])
        cash = (await client.get(f"/api/events/{event.id}/tickets", headers=headers(OTHER_BUYER))).json()
        assert [(t["method"], t["paid"], t["status"]) for t in cash] == [("cash", False, "issued")]
        assert (await client.get(f"/api/events/{other.id}/tickets", headers=headers(BUYER))).json() == []

    async def test_a_pending_ticket_is_not_listed(self, client: httpx.AsyncClient, session: AsyncSession) -> None:
        event, (tier,) = await event_with_tiers(session, 1000)
        await card_purchase(client, event.id, tier.id)
        assert (await client.get(f"/api/events/{event.id}/tickets", headers=headers(BUYER))).json() == []

    async def test_a_guest_and_an_unknown_event(self, client: httpx.AsyncClient, session: AsyncSession) -> None:
        event = await create_event(session)
        assert (await client.get(f"/api/events/{event.id}/tickets")).status_code == 401
        assert (await client.get("/api/events/999/tickets", headers=headers(BUYER))).status_code == 404
        draft = await create_event(session, status="draft")
        assert (await client.get(f"/api/events/{draft.id}/tickets", headers=headers(BUYER))).status_code == 404


class TestSecret:
    async def test_the_qr_code_encodes_the_secret_and_nothing_else_shows_it(
        self, client: httpx.AsyncClient, session: AsyncSession
    ) -> None:
        event, (tier,) = await event_with_tiers(session, 1000)
        bought = await card_purchase(client, event.id, tier.id)
        confirmed = await confirm(client, bought["payment"]["id"], {"card": SUCCEEDS})
        page = await client.get(f"/api/events/{event.id}", headers=headers(BUYER))
        mine = await client.get(f"/api/events/{event.id}/tickets", headers=headers(BUYER))
        (stored,) = await tickets(session)
        secret = stored.secret
        assert len(secret) >= 40 and secret != str(stored.id) and not secret.isdigit()
        ticket = confirmed.json()["ticket"]
        assert ticket["qr"].startswith("data:image/svg+xml") and "<svg" in unquote(ticket["qr"])
        # The QR code is segno's of the secret: the same symbol, module for module.
        assert ticket["qr"] == segno.make(secret, error="m").svg_data_uri(scale=4, border=2)
        assert ticket["qr"] != segno.make(str(stored.id), error="m").svg_data_uri(scale=4, border=2)
        for answer in (bought, confirmed.json(), page.json(), mine.json()):
            text = str(answer)
            assert secret not in text
        without_qr = {k: v for k, v in ticket.items() if k != "qr"}
        assert secret not in str(without_qr)

    async def test_secrets_are_unique(self, client: httpx.AsyncClient, session: AsyncSession) -> None:
        event, (tier,) = await event_with_tiers(session, 0)
        for who in range(30, 40):
            assert (await buy(client, event.id, tier.id, "free", who=who)).status_code == 201
        assert len({t.secret for t in await tickets(session)}) == 10

    async def test_no_qr_unless_issued(self, client: httpx.AsyncClient, session: AsyncSession) -> None:
        event, (tier,) = await event_with_tiers(session, 1000)
        bought = await card_purchase(client, event.id, tier.id)
        assert bought["ticket"]["qr"] is None


class TestRefund:
    async def test_the_organizer_refunds_a_card_ticket(self, client: httpx.AsyncClient, session: AsyncSession) -> None:
        event, (tier,) = await event_with_tiers(session, 1000)
        ticket = await paid_ticket(client, event.id, tier.id)
        response = await client.post(f"/api/admin/tickets/{ticket['id']}/refund", headers=headers(ORGANIZER))
        assert response.status_code == 200, response.text
        body = response.json()
        TicketModel.model_validate(body)
        assert body["status"] == "refunded" and body["qr"] is None
        assert (await payments(session))[0].status == "refunded"
        again = await client.post(f"/api/admin/tickets/{ticket['id']}/refund", headers=headers(ORGANIZER))
        assert again.status_code == 200 and again.json() == body
        assert (await client.get(f"/api/events/{event.id}/tickets", headers=headers(BUYER))).json() == []

    async def test_editors_may(self, client: httpx.AsyncClient, session: AsyncSession) -> None:
        event, (tier,) = await event_with_tiers(session, 500, admins=[EVENT_ADMIN])
        for who in (EVENT_ADMIN, PLATFORM_ADMIN):
            bought = await buy(client, event.id, tier.id, "cash", who=who + 100)
            ticket_id = bought.json()["ticket"]["id"]
            response = await client.post(
                f"/api/admin/tickets/{ticket_id}/refund", headers=headers(who, admin=who == PLATFORM_ADMIN)
            )
            assert response.status_code == 200 and response.json()["status"] == "refunded"

    async def test_nobody_else_may(self, client: httpx.AsyncClient, session: AsyncSession) -> None:
        event, (tier,) = await event_with_tiers(session, 1000, hosts=[HOST])
        ticket = await paid_ticket(client, event.id, tier.id)
        url = f"/api/admin/tickets/{ticket['id']}/refund"
        for who in (BUYER, STRANGER, HOST):
            assert (await client.post(url, headers=headers(who))).status_code == 403
        assert (await client.post(url)).status_code == 401
        assert (await client.post("/api/admin/tickets/999/refund", headers=headers(ORGANIZER))).status_code == 404
        assert (await tickets(session))[0].status == "issued" and (await payments(session))[0].status == "succeeded"

    async def test_a_pending_ticket_is_not_refunded(self, client: httpx.AsyncClient, session: AsyncSession) -> None:
        event, (tier,) = await event_with_tiers(session, 1000)
        bought = await card_purchase(client, event.id, tier.id)
        response = await client.post(f"/api/admin/tickets/{bought['ticket']['id']}/refund", headers=headers(ORGANIZER))
        assert response.status_code == 400 and message(response) == rules.NOT_REFUNDABLE


class TestEventPage:
    async def test_prices_for_everyone_sums_for_editors(self, client: httpx.AsyncClient, session: AsyncSession) -> None:
        event, (ga, vip) = await event_with_tiers(session, 1000, 2000)
        await paid_ticket(client, event.id, ga.id)
        await paid_ticket(client, event.id, ga.id, who=OTHER_BUYER)
        await buy(client, event.id, vip.id, "cash", who=STRANGER)  # unpaid cash: not in the sums
        editor = (await client.get(f"/api/events/{event.id}", headers=headers(ORGANIZER))).json()
        EventModel.model_validate(editor)
        first, second = editor["tiers"]
        assert first | {"description": None} == {
            "id": ga.id,
            "title": "Tier 1",
            "cost": 1000,
            "description": None,
            "ticketCost": 1000,
            "ticketFees": 100,
            "ticketTaxes": 89,
            "ticketTotalSum": 1189,
            "fees": 200,
            "taxes": 178,
            "totalSum": 2378,
            "sold": 2,
        }
        assert (second["ticketTotalSum"], second["fees"], second["taxes"], second["totalSum"]) == (2328, 0, 0, 0)
        assert second["sold"] == 0  # unpaid cash is not sold yet
        assert editor["isFree"] is False and editor["tickets"] == [] and editor["permissions"]["hasTicket"] is False
        for who in (STRANGER, None):
            seen = (await client.get(f"/api/events/{event.id}", headers=headers(who) if who else {})).json()
            assert [(t["ticketTotalSum"], t["fees"], t["taxes"], t["totalSum"], t["sold"]) for t in seen["tiers"]] == [
                (1189, 0, 0, 0, 0),
                (2328, 0, 0, 0, 0),
            ]
        buyer = (await client.get(f"/api/events/{event.id}", headers=headers(BUYER))).json()
        assert buyer["permissions"]["hasTicket"] is True
        assert buyer["tickets"] == [{"title": "Tier 1", "ticketFees": 100, "ticketTaxes": 89, "ticketSum": 1189}]
        cash = (await client.get(f"/api/events/{event.id}", headers=headers(STRANGER))).json()
        assert cash["permissions"]["hasTicket"] is True and cash["tickets"][0]["ticketSum"] == 2328

    async def test_free_events(self, client: httpx.AsyncClient, session: AsyncSession) -> None:
        bare = await create_event(session)
        zero, _ = await event_with_tiers(session, 0, 0)
        for event in (bare, zero):
            body = (await client.get(f"/api/events/{event.id}")).json()
            assert body["isFree"] is True and body["permissions"]["hasTicket"] is False and body["tickets"] == []

    async def test_a_pending_or_refunded_ticket_is_no_ticket(
        self, client: httpx.AsyncClient, session: AsyncSession
    ) -> None:
        event, (tier,) = await event_with_tiers(session, 1000)
        await card_purchase(client, event.id, tier.id)
        body = (await client.get(f"/api/events/{event.id}", headers=headers(BUYER))).json()
        assert body["permissions"]["hasTicket"] is False and body["tickets"] == []
