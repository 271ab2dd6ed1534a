"""Events with tiers, and purchases through the API, as the tickets tests need them."""

from __future__ import annotations

import uuid
from typing import Any

import httpx
from event.cast import ORGANIZER
from event.factories import create_event, headers
from sqlalchemy import select
from sqlalchemy.ext.asyncio import AsyncSession
from tickets.cast import BUYER

from events.models import Event, Payment, Ticket, Tier


async def event_with_tiers(session: AsyncSession, *costs: int, **overrides: Any) -> tuple[Event, list[Tier]]:
    event = await create_event(session, **overrides)
    tiers = [
        Tier(event_id=event.id, position=n, title=f"Tier {n + 1}", cost_cents=cost, description="")
        for n, cost in enumerate(costs)
    ]
    session.add_all(tiers)
    await session.commit()
    return event, tiers


def keyed(who: int, key: str | None = None) -> dict[str, str]:
    return headers(who) | {"Idempotency-Key": key or str(uuid.uuid4())}


async def buy(
    client: httpx.AsyncClient, event_id: int, tier_id: int | None, method: str, who: int = BUYER, key: str | None = None
) -> httpx.Response:
    return await client.post(
        f"/api/events/{event_id}/tickets", json={"tierId": tier_id, "method": method}, headers=keyed(who, key)
    )


async def confirm(client: httpx.AsyncClient, payment_id: int, body: dict[str, Any], who: int = BUYER) -> httpx.Response:
    return await client.post(f"/api/payments/{payment_id}/confirm", json=body, headers=headers(who))


async def card_purchase(client: httpx.AsyncClient, event_id: int, tier_id: int, who: int = BUYER) -> dict[str, Any]:
    response = await buy(client, event_id, tier_id, "card", who)
    assert response.status_code == 201, response.text
    return dict(response.json())


async def pending_payment(client: httpx.AsyncClient, session: AsyncSession) -> int:
    """A card purchase of a $10 ticket, its payment pending: the payment's id."""
    event, (tier,) = await event_with_tiers(session, 1000)
    return int((await card_purchase(client, event.id, tier.id))["payment"]["id"])


async def tickets(session: AsyncSession) -> list[Ticket]:
    statement = select(Ticket).order_by(Ticket.id).execution_options(populate_existing=True)
    return list(await session.scalars(statement))


async def payments(session: AsyncSession) -> list[Payment]:
    statement = select(Payment).order_by(Payment.id).execution_options(populate_existing=True)
    return list(await session.scalars(statement))


def message(response: httpx.Response) -> str:
    return str(response.json()["error"]["message"])


__all__ = ["ORGANIZER", "headers"]
