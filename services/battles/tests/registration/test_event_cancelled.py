"""An event cancelled (the events service's events.event.cancelled) closes registration for its battles: the page
says why and a registration is refused; an announcement after it (a later save) keeps it cancelled."""

from __future__ import annotations

from typing import Any

import httpx
from battle.cast import DANCERS, EVENT_ID
from battle.factories import announced_event, create_battle, create_profiles, headers
from sqlalchemy.ext.asyncio import AsyncSession

from battles.models import EventView
from battles.registration import rules
from contracts.events import EventCancelled, EventCreated, EventUpdated
from kit.db import utcnow
from kit.testing import eventually, publish

DANCER = DANCERS[0]


def announced(kind: Any, title: str = "Queens Jam", **more: Any) -> Any:
    return announced_event(kind, title, location_address="Queens, NY, United States", lat=40.7, lng=-73.8, **more)


async def permissions(client: httpx.AsyncClient, battle_id: int) -> dict[str, Any]:
    response = await client.get(f"/api/battles/{battle_id}", headers=headers(DANCER))
    assert response.status_code == 200, response.text
    return dict(response.json()["permissions"])


class TestEventCancelled:
    async def test_registration_closes(self, client: httpx.AsyncClient, session: AsyncSession, nats_url: str) -> None:
        await create_profiles(session, DANCER)
        await publish(nats_url, announced(EventCreated))

        async def known() -> bool:
            session.expire_all()
            return await session.get(EventView, EVENT_ID) is not None

        await eventually(known)
        battle = await create_battle(client, title="Top Rock", crewSize=1)
        assert (await permissions(client, battle["id"]))["registerButtonEnabled"] is True

        cancelled_at = utcnow().isoformat()
        await publish(nats_url, announced(EventCancelled, cancelled_at=cancelled_at, user_ids=[DANCER]))

        async def closed() -> bool:
            return (await permissions(client, battle["id"]))["registerButtonEnabled"] is False

        await eventually(closed)
        assert (await permissions(client, battle["id"]))["registerButtonDisableReason"] == rules.CANCELLED
        refused = await client.post(f"/api/battles/{battle['id']}/dancer", headers=headers(DANCER))
        assert refused.status_code == 400 and refused.json()["error"]["message"] == rules.CANCELLED
        assert rules.CANCELLED == "This event has been cancelled."

        # a later save of the event carries its cancellation on
        await publish(nats_url, announced(EventUpdated, "Queens Jam (off)", cancelled_at=cancelled_at))

        async def saved() -> bool:
            session.expire_all()
            found = await session.get(EventView, EVENT_ID)
            return found is not None and found.title == "Queens Jam (off)"

        await eventually(saved)
        assert (await permissions(client, battle["id"]))["registerButtonEnabled"] is False
