"""Cancelling a published event: refunds through the provider recorded on each ticket, a failed refund kept and
retried, the other tickets withdrawn, events.event.cancelled to the people concerned, idempotent; and deleting is
for drafts only."""

from __future__ import annotations

from datetime import UTC, datetime

import httpx
from event.cast import EVENT_ADMIN, HOST, ORGANIZER, STRANGER
from event.factories import create_event, headers
from fastapi import FastAPI
from sqlalchemy.ext.asyncio import AsyncSession
from tickets.cast import BUYER, OTHER_BUYER, SUCCEEDS
from tickets.factories import buy, card_purchase, confirm, event_with_tiers, message
from tickets.factories import payments as all_payments
from tickets.factories import tickets as all_tickets

from events.events import rules as event_rules
from events.events.schemas import Cancellation
from events.models import Battle, BattleEntry
from events.payments.local import REFUND_REFUSED
from kit.testing import collect_events

DANCER = 40


async def paid(client: httpx.AsyncClient, event_id: int, tier_id: int, who: int) -> int:
    bought = await card_purchase(client, event_id, tier_id, who)
    response = await confirm(client, bought["payment"]["id"], {"card": SUCCEEDS}, who=who)
    assert response.status_code == 200 and response.json()["ticket"]["status"] == "issued", response.text
    return int(response.json()["ticket"]["id"])


async def cancel(client: httpx.AsyncClient, event_id: int, who: int = ORGANIZER) -> httpx.Response:
    return await client.post(f"/api/events/{event_id}/cancel", headers=headers(who))


async def registered(session: AsyncSession, event_id: int, *user_ids: int) -> None:
    """A battle of the event with these dancers registered, as the battles service's announcements leave it."""
    at = datetime.now(UTC)
    session.add(Battle(id=900 + event_id, event_id=event_id, title="Top Rock", crew_size=1, changed_at=at))
    for user_id in user_ids:
        session.add(BattleEntry(battle_id=900 + event_id, user_id=user_id, registered=True, changed_at=at))
    await session.commit()


class TestCancel:
    async def test_refunds_every_paid_ticket_and_tells_everyone(
        self, client: httpx.AsyncClient, session: AsyncSession, app: FastAPI, nats_url: str
    ) -> None:
        event, (card_tier, cash_tier) = await event_with_tiers(session, 1000, 500, lat=40.7, lng=-74.0)
        first = await paid(client, event.id, card_tier.id, BUYER)
        cash = await buy(client, event.id, cash_tier.id, "cash", who=OTHER_BUYER)  # not paid yet
        await registered(session, event.id, DANCER, BUYER)

        response = await cancel(client, event.id)
        assert response.status_code == 200, response.text
        body = response.json()
        Cancellation.model_validate(body)
        assert body["refunded"] == 1 and body["failed"] == [] and body["cashToReturn"] == 0
        assert body["event"]["cancelledAt"] is not None and body["event"]["status"] == "published"
        assert body["event"]["permissions"]["showCheckin"] is False

        by_id = {t.id: t for t in await all_tickets(session)}
        refunded = by_id[first]
        assert refunded.status == "refunded" and refunded.refund_cents == refunded.total_cents
        assert refunded.refunded_at is not None and refunded.refund_ref and refunded.refund_error is None
        assert by_id[cash.json()["ticket"]["id"]].status == "cancelled"  # nothing paid: withdrawn
        assert [p.status for p in await all_payments(session)] == ["refunded"]
        # the local provider recorded one refund of the whole amount, under the ticket's key
        (recorded,) = app.state.payments.refunds.values()
        assert recorded.amount == refunded.total_cents and recorded.ref == refunded.refund_ref

        (announced,) = await collect_events(nats_url, "events.event.cancelled", count=1)
        assert announced.data["id"] == event.id and announced.data["cancelledAt"] is not None
        assert announced.data["userIds"] == sorted({BUYER, OTHER_BUYER, DANCER})
        assert f"event:{event.id}" in announced.topics

        page = (await client.get(f"/api/events/{event.id}")).json()
        assert page["cancelledAt"] == body["event"]["cancelledAt"]  # still readable, shown cancelled

    async def test_a_second_cancel_changes_nothing(
        self, client: httpx.AsyncClient, session: AsyncSession, app: FastAPI, nats_url: str
    ) -> None:
        event, (tier,) = await event_with_tiers(session, 1000, lat=40.7, lng=-74.0)
        await paid(client, event.id, tier.id, BUYER)
        first = (await cancel(client, event.id)).json()
        again = await cancel(client, event.id)
        assert again.status_code == 200 and again.json()["refunded"] == 0 and again.json()["failed"] == []
        assert again.json()["event"]["cancelledAt"] == first["event"]["cancelledAt"]
        assert len(app.state.payments.refunds) == 1
        announced = await collect_events(nats_url, "events.event.cancelled", count=2, timeout=1.5)
        assert len(announced) == 1

    async def test_a_failed_refund_stays_visible_and_is_retried(
        self, client: httpx.AsyncClient, session: AsyncSession, app: FastAPI
    ) -> None:
        event, (tier,) = await event_with_tiers(session, 1000, lat=40.7, lng=-74.0)
        ticket_id = await paid(client, event.id, tier.id, BUYER)
        (payment,) = await all_payments(session)
        app.state.payments.refuse_refunds.add(payment.provider_ref)

        body = (await cancel(client, event.id)).json()
        assert body["refunded"] == 0
        assert body["failed"] == [
            {"ticketId": ticket_id, "userId": BUYER, "amount": payment.amount_cents, "message": REFUND_REFUSED}
        ]
        (ticket,) = await all_tickets(session)
        assert ticket.status == "issued" and ticket.refund_error == REFUND_REFUSED and ticket.refunded_at is None
        assert (await all_payments(session))[0].status == "succeeded"  # the money is still the buyer's due
        door = (await client.get(f"/api/events/{event.id}/attendees", headers=headers(ORGANIZER))).json()
        assert [t["refundError"] for t in door["attendees"][0]["tickets"]] == [REFUND_REFUSED]  # shown to editors

        app.state.payments.refuse_refunds.clear()
        retried = (await cancel(client, event.id)).json()
        assert retried["refunded"] == 1 and retried["failed"] == []
        (ticket,) = await all_tickets(session)
        assert ticket.status == "refunded" and ticket.refund_error is None and ticket.refund_cents == 1189

    async def test_editors_only_and_published_only(self, client: httpx.AsyncClient, session: AsyncSession) -> None:
        event = await create_event(session, admins=[EVENT_ADMIN], hosts=[HOST])
        assert (await client.post(f"/api/events/{event.id}/cancel")).status_code == 401
        for who in (HOST, STRANGER):
            assert (await cancel(client, event.id, who)).status_code == 403
        assert (await client.get(f"/api/events/{event.id}")).json()["cancelledAt"] is None
        assert (await cancel(client, event.id, EVENT_ADMIN)).status_code == 200
        draft = await create_event(session, status="draft")
        response = await cancel(client, draft.id)
        assert response.status_code == 400 and message(response) == event_rules.DRAFT_NOT_CANCELLABLE

    async def test_a_cancelled_event_sells_nothing(self, client: httpx.AsyncClient, session: AsyncSession) -> None:
        event, (tier,) = await event_with_tiers(session, 0)
        await cancel(client, event.id)
        response = await buy(client, event.id, tier.id, "free")
        assert response.status_code == 400 and message(response) == event_rules.CANCELLED


class TestCancelledDoor:
    async def test_nobody_checks_in_and_no_staff_ticket(self, client: httpx.AsyncClient, session: AsyncSession) -> None:
        event = await create_event(session, start=None, end=None, lat=40.7, lng=-74.0)
        await cancel(client, event.id)
        for path, body in (
            (f"/api/events/{event.id}/checkin/{DANCER}", None),
            (f"/api/events/{event.id}/staff-ticket", {"userId": DANCER}),
        ):
            response = await client.post(path, json=body, headers=headers(ORGANIZER))
            assert response.status_code == 400 and message(response) == event_rules.CANCELLED, path
        response = await client.post(f"/api/events/{event.id}/checkin", headers=headers(DANCER))
        assert response.status_code == 400 and message(response) == event_rules.CANCELLED
        assert (await client.get(f"/api/events/{event.id}/attendees", headers=headers(ORGANIZER))).json()["total"] == 0


class TestDelete:
    async def test_a_published_event_is_refused(
        self, client: httpx.AsyncClient, session: AsyncSession, nats_url: str
    ) -> None:
        event = await create_event(session)
        response = await client.post(f"/api/events/{event.id}/delete", headers=headers(ORGANIZER))
        assert response.status_code == 409 and message(response) == event_rules.PUBLISHED_NOT_DELETABLE
        assert (await client.get(f"/api/events/{event.id}")).status_code == 200
        assert await collect_events(nats_url, "events.event.deleted", count=1, timeout=1.0) == []
