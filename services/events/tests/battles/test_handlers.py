"""The event page's battle chips (docs/product/events.md, Battles on the event page), kept from the battles
service's announcements: battles.battle.* for the chips, battles.participant.* for the caller's isRegistered."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from typing import Any

import httpx
from event.cast import DJ, STRANGER
from event.factories import create_event, headers
from sqlalchemy.ext.asyncio import AsyncSession

from contracts.base import Event
from contracts.battles import (
    BattleCreated,
    BattleDeleted,
    BattleUpdated,
    ParticipantRegistered,
    ParticipantUnregistered,
)
from events.battles import rules
from events.models import Org
from kit.events import Envelope
from kit.testing import eventually, publish

DANCER = 11


def battle(
    kind: type[Any],
    battle_id: int,
    event_id: int,
    title: str = "Top Rock",
    crew_size: int | None = 1,
    org_id: int | None = None,
) -> Any:
    return kind(id=battle_id, event_id=event_id, title=title, crew_size=crew_size, org_id=org_id)


def entry(kind: type[Any], battle_id: int, event_id: int, user_id: int = DANCER) -> Any:
    return kind(battle_id=battle_id, event_id=event_id, user_id=user_id, crew_id=None)


def late(event: Event) -> Envelope:
    """Made five minutes ago, delivered after what was published before it."""
    return Envelope.of(event, occurred_at=datetime.now(UTC) - timedelta(minutes=5))


async def battles_of(client: httpx.AsyncClient, event_id: int, who: int | None = None) -> list[dict[str, Any]]:
    response = await client.get(f"/api/events/{event_id}", headers=headers(who) if who else None)
    assert response.status_code == 200
    return list(response.json()["battles"])


async def until(
    client: httpx.AsyncClient, event_id: int, expected: list[dict[str, Any]], who: int | None = None
) -> None:
    async def check() -> bool:
        return await battles_of(client, event_id, who) == expected

    await eventually(check)


def chip(battle_id: int, title: str, crew_size: int, *, registered: bool = False) -> dict[str, Any]:
    return {"id": battle_id, "title": title, "crewSize": crew_size, "isRegistered": registered, "orgChip": None}


class TestBattleChips:
    async def test_none_before_any_battle(self, client: httpx.AsyncClient, session: AsyncSession) -> None:
        event = await create_event(session)
        assert await battles_of(client, event.id) == []

    async def test_the_events_battles_by_id_unlimited_as_10000(
        self, client: httpx.AsyncClient, session: AsyncSession, nats_url: str
    ) -> None:
        event = await create_event(session)
        other = await create_event(session)
        await publish(nats_url, battle(BattleCreated, 8, event.id, "Crew Clash", crew_size=None))
        await publish(nats_url, battle(BattleCreated, 3, event.id, "Top Rock", crew_size=1))
        await publish(nats_url, battle(BattleCreated, 5, event.id, "Two on Two", crew_size=2))
        await publish(nats_url, battle(BattleCreated, 4, other.id, "Elsewhere"))
        await until(
            client,
            event.id,
            [chip(3, "Top Rock", 1), chip(5, "Two on Two", 2), chip(8, "Crew Clash", rules.UNLIMITED)],
        )
        # the consumer may take the other event's battle last: wait for it too (failed once on a loaded machine)
        await until(client, other.id, [chip(4, "Elsewhere", 1)])

    async def test_updated_and_deleted_as_of_their_time(
        self, client: httpx.AsyncClient, session: AsyncSession, nats_url: str
    ) -> None:
        event = await create_event(session)
        await publish(nats_url, battle(BattleCreated, 1, event.id, "Battle"))
        await publish(nats_url, battle(BattleCreated, 2, event.id, "Battle"))
        await publish(nats_url, battle(BattleUpdated, 1, event.id, "Top Rock", crew_size=3))
        await publish(nats_url, battle(BattleDeleted, 2, event.id, "Battle"))
        # Older than the update and the deletion, delivered after them: neither is undone.
        await publish(nats_url, late(battle(BattleUpdated, 1, event.id, "Old title")))
        await publish(nats_url, late(battle(BattleUpdated, 2, event.id, "Revived")))
        await publish(nats_url, battle(BattleCreated, 3, event.id, "Footwork"))
        await until(client, event.id, [chip(1, "Top Rock", 3), chip(3, "Footwork", 1)])

    async def test_the_organization_a_battle_is_for(
        self, client: httpx.AsyncClient, session: AsyncSession, nats_url: str
    ) -> None:
        event = await create_event(session)
        session.add(Org(id=77, name="Queens Breakers", image="org-image", status="published"))
        await session.commit()
        await publish(nats_url, battle(BattleCreated, 1, event.id, "Top Rock", org_id=77))
        await publish(nats_url, battle(BattleCreated, 2, event.id, "Footwork", org_id=78))  # not projected yet
        await publish(nats_url, battle(BattleCreated, 3, event.id, "Open"))
        await until(
            client,
            event.id,
            [
                chip(1, "Top Rock", 1) | {"orgChip": {"id": 77, "image": "org-image"}},
                chip(2, "Footwork", 1) | {"orgChip": {"id": 78, "image": None}},
                chip(3, "Open", 1),
            ],
        )
        await publish(nats_url, battle(BattleUpdated, 1, event.id, "Top Rock"))  # no longer for an organization
        await until(
            client,
            event.id,
            [
                chip(1, "Top Rock", 1),
                chip(2, "Footwork", 1) | {"orgChip": {"id": 78, "image": None}},
                chip(3, "Open", 1),
            ],
        )


class TestIsRegistered:
    async def test_the_callers_own_registration(
        self, client: httpx.AsyncClient, session: AsyncSession, nats_url: str
    ) -> None:
        event = await create_event(session)
        await publish(nats_url, battle(BattleCreated, 1, event.id, "Top Rock"))
        await publish(nats_url, battle(BattleCreated, 2, event.id, "Crew Clash", crew_size=4))
        await publish(nats_url, entry(ParticipantRegistered, 2, event.id))
        await publish(nats_url, entry(ParticipantRegistered, 1, event.id, user_id=DJ))
        expected = [chip(1, "Top Rock", 1), chip(2, "Crew Clash", 4, registered=True)]
        await until(client, event.id, expected, who=DANCER)
        assert await battles_of(client, event.id, STRANGER) == [chip(1, "Top Rock", 1), chip(2, "Crew Clash", 4)]
        assert await battles_of(client, event.id) == [chip(1, "Top Rock", 1), chip(2, "Crew Clash", 4)]  # a guest

    async def test_unregistered_and_a_late_older_registration(
        self, client: httpx.AsyncClient, session: AsyncSession, nats_url: str
    ) -> None:
        event = await create_event(session)
        await publish(nats_url, battle(BattleCreated, 1, event.id, "Top Rock"))
        await publish(nats_url, entry(ParticipantRegistered, 1, event.id))
        await until(client, event.id, [chip(1, "Top Rock", 1, registered=True)], who=DANCER)
        await publish(nats_url, entry(ParticipantUnregistered, 1, event.id))
        await publish(nats_url, late(entry(ParticipantRegistered, 1, event.id)))
        await publish(nats_url, entry(ParticipantRegistered, 1, event.id, user_id=DJ))
        await until(client, event.id, [chip(1, "Top Rock", 1, registered=True)], who=DJ)
        assert await battles_of(client, event.id, DANCER) == [chip(1, "Top Rock", 1)]

    async def test_a_registration_read_before_its_battle(
        self, client: httpx.AsyncClient, session: AsyncSession, nats_url: str
    ) -> None:
        """The two streams' consumers run apart: an entry may arrive before its battle's creation."""
        event = await create_event(session)
        await publish(nats_url, entry(ParticipantRegistered, 1, event.id))
        await publish(nats_url, battle(BattleCreated, 1, event.id, "Top Rock"))
        await until(client, event.id, [chip(1, "Top Rock", 1, registered=True)], who=DANCER)


class TestSchema:
    async def test_the_openapi_describes_the_chips(self, client: httpx.AsyncClient) -> None:
        schemas = (await client.get("/openapi.json")).json()["components"]["schemas"]
        assert "battles" in schemas["Event"]["properties"]
        assert set(schemas["EventBattle"]["properties"]) == {"id", "title", "crewSize", "isRegistered", "orgChip"}
