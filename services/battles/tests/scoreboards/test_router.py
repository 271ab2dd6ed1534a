"""Scoreboards: the carpets projected from `events.carpets.updated`, one board per carpet built by the event's
editors, a sparring shown by its admins (hosts too), the boards read by anyone, and the live topics."""

from __future__ import annotations

import asyncio
from datetime import timedelta
from typing import Any

import httpx
from battle.cast import EVENT_ADMIN, EVENT_ID, HOST, JUDGE, ORGANIZER, PLATFORM_ADMIN, STRANGER
from battle.factories import create_battle, create_event, headers
from sparrings.factories import SEMI_LEFT, SEMI_RIGHT, bracket_battle, outbox, read, score
from sqlalchemy import func, select, text
from sqlalchemy.ext.asyncio import AsyncSession

from battles.models import Carpet, Scoreboard, Sparring
from contracts.events import Carpet as CarpetPayload
from contracts.events import CarpetsUpdated
from kit.db import utcnow
from kit.events import Envelope
from kit.testing import eventually, publish

BOARDS = f"/api/events/{EVENT_ID}/scoreboards"


async def create_carpets(session: AsyncSession, *names: str, event_id: int = EVENT_ID, first_id: int = 1) -> None:
    for position, name in enumerate(names):
        session.add(
            Carpet(id=first_id + position, event_id=event_id, name=name, position=position, changed_at=utcnow())
        )
    await session.commit()


def carpets_event(*carpets: tuple[int, str]) -> CarpetsUpdated:
    return CarpetsUpdated(event_id=EVENT_ID, carpets=[CarpetPayload(id=i, name=n) for i, n in carpets])


class TestCarpets:
    async def test_projected_as_announced(
        self, client: httpx.AsyncClient, session: AsyncSession, nats_url: str
    ) -> None:
        first = await publish(nats_url, carpets_event((1, "Main"), (2, "Side")))

        async def carpets() -> list[tuple[int, str, int, bool]]:
            found = await session.execute(
                select(Carpet.id, Carpet.name, Carpet.position, Carpet.present)
                .order_by(Carpet.id)
                .execution_options(populate_existing=True)
            )
            return [tuple(row) for row in found]  # type: ignore[misc]

        async def two() -> bool:
            assert await carpets() == [(1, "Main", 0, True), (2, "Side", 1, True)]
            return True

        await eventually(two)
        later = Envelope.of(carpets_event((2, "Side B"), (3, "Kids")))
        await publish(nats_url, later)

        async def moved() -> bool:
            assert await carpets() == [(1, "Main", 0, False), (2, "Side B", 0, True), (3, "Kids", 1, True)]
            return True

        await eventually(moved)
        # The first announcement again, late (older than the second): nothing changes.
        stale = Envelope.of(carpets_event((1, "Main"), (2, "Side")))
        stale.occurred_at = first.occurred_at - timedelta(seconds=1)
        await publish(nats_url, stale)
        marker = Envelope.of(CarpetsUpdated(event_id=EVENT_ID + 1, carpets=[CarpetPayload(id=9, name="Other")]))
        await publish(nats_url, marker)  # consumed after the stale one (one consumer, in order)

        async def marked() -> bool:
            assert (9, "Other", 0, True) in await carpets()
            return True

        await eventually(marked)
        assert (await carpets())[:3] == [(1, "Main", 0, False), (2, "Side B", 0, True), (3, "Kids", 1, True)]


class TestBuild:
    async def test_one_board_per_present_carpet(self, client: httpx.AsyncClient, session: AsyncSession) -> None:
        await create_event(session)
        await create_carpets(session, "Main", "Side")
        assert (await client.get(BOARDS)).json() == []
        built = await client.post(f"{BOARDS}/init", headers=headers(ORGANIZER))
        assert built.status_code == 200, built.text
        assert built.json() == [
            {"carpetId": 1, "carpetName": "Main", "eventId": EVENT_ID, "sparring": None},
            {"carpetId": 2, "carpetName": "Side", "eventId": EVENT_ID, "sparring": None},
        ]
        assert (await client.get(BOARDS)).json() == built.json()
        assert (await client.get(f"{BOARDS}/2")).json() == built.json()[1]
        await session.execute(text("UPDATE carpet SET present = false WHERE id = 1"))
        await session.commit()
        again = await client.post(f"{BOARDS}/init", headers=headers(EVENT_ADMIN))
        assert [b["carpetId"] for b in again.json()] == [2]
        assert (await client.get(f"{BOARDS}/1")).status_code == 404
        admin = await client.post(f"{BOARDS}/init", headers=headers(PLATFORM_ADMIN, admin=True))
        assert admin.status_code == 200

    async def test_editors_only(self, client: httpx.AsyncClient, session: AsyncSession) -> None:
        await create_event(session)
        await create_carpets(session, "Main")
        assert (await client.post(f"{BOARDS}/init")).status_code == 401
        for user in (HOST, STRANGER, JUDGE):
            assert (await client.post(f"{BOARDS}/init", headers=headers(user))).status_code == 403
        assert (await client.get(BOARDS)).json() == []
        unknown = await client.post("/api/events/424242/scoreboards/init", headers=headers(ORGANIZER))
        assert unknown.status_code == 404
        assert (await client.get("/api/events/424242/scoreboards")).status_code == 404

    async def test_a_draft_events_boards_are_its_editors(
        self, client: httpx.AsyncClient, session: AsyncSession
    ) -> None:
        await create_event(session, status="draft")
        await create_carpets(session, "Main")
        assert (await client.post(f"{BOARDS}/init", headers=headers(ORGANIZER))).status_code == 200
        assert (await client.get(BOARDS)).status_code == 404
        assert (await client.get(f"{BOARDS}/1", headers=headers(STRANGER))).status_code == 404
        assert (await client.get(BOARDS, headers=headers(ORGANIZER))).status_code == 200


def shown(found: list[dict[str, Any]]) -> list[tuple[int, str, int | None]]:
    return [(b["carpetId"], b["carpetName"], b["sparring"]["sparringId"] if b["sparring"] else None) for b in found]


async def boards(client: httpx.AsyncClient) -> list[tuple[int, str, int | None]]:
    return shown((await client.get(BOARDS)).json())


async def changes(session: AsyncSession) -> list[tuple[int, int | None]]:
    found = await outbox(session, "battles.scoreboard.changed")
    return [(c["data"]["carpetId"], c["data"]["sparringId"]) for c in found]


async def projected(session: AsyncSession, count: int) -> None:
    async def arrived() -> bool:
        found = await session.scalar(select(func.count()).select_from(Carpet).where(Carpet.event_id == EVENT_ID))
        assert found == count
        return True

    await eventually(arrived)


async def semi_on_two_carpets(client: httpx.AsyncClient, session: AsyncSession, nats_url: str) -> Sparring:
    """A bracket's left semi-final, the carpets Main (1) and Side (2) projected with their boards: the semi."""
    _, rows = await bracket_battle(client, session)
    await publish(nats_url, carpets_event((1, "Main"), (2, "Side")))
    await projected(session, 2)
    await eventually(lambda: boards(client))
    return rows[SEMI_LEFT]


class TestFollow:
    """One board per carpet of an event with a battle, whatever arrives first (the wizard saves carpets before
    its battles are added), following the carpets as they are renamed and removed."""

    async def test_carpets_then_a_battle(self, client: httpx.AsyncClient, session: AsyncSession, nats_url: str) -> None:
        await create_event(session)
        await publish(nats_url, carpets_event((1, "Main"), (2, "Side")))
        await projected(session, 2)
        assert await boards(client) == []  # nothing to show yet
        await create_battle(client)
        assert await boards(client) == [(1, "Main", None), (2, "Side", None)]
        assert await changes(session) == [(1, None), (2, None)]  # the event page's Display mode re-reads
        await create_battle(client)  # a second battle: the same boards
        assert await boards(client) == [(1, "Main", None), (2, "Side", None)]
        assert len(await changes(session)) == 2

    async def test_a_battle_then_carpets(self, client: httpx.AsyncClient, session: AsyncSession, nats_url: str) -> None:
        await create_event(session)
        await create_battle(client)
        assert await boards(client) == []
        await publish(nats_url, carpets_event((1, "Main"), (2, "Side")))

        async def built() -> bool:
            assert await boards(client) == [(1, "Main", None), (2, "Side", None)]
            return True

        await eventually(built)
        await publish(nats_url, carpets_event((1, "Main"), (2, "Side"), (3, "Kids")))

        async def added() -> bool:
            assert await boards(client) == [(1, "Main", None), (2, "Side", None), (3, "Kids", None)]
            return True

        await eventually(added)
        assert await changes(session) == [(1, None), (2, None), (3, None)]

    async def test_a_renamed_carpet_keeps_its_sparring(
        self, client: httpx.AsyncClient, session: AsyncSession, nats_url: str
    ) -> None:
        semi = await semi_on_two_carpets(client, session, nats_url)
        put = await client.post(f"{BOARDS}/1", json={"sparringId": semi.id}, headers=headers(HOST))
        assert put.status_code == 200, put.text
        await publish(nats_url, carpets_event((1, "Main floor"), (2, "Side")))

        async def renamed() -> bool:
            assert await boards(client) == [(1, "Main floor", semi.id), (2, "Side", None)]
            return True

        await eventually(renamed)
        assert (await read(client, semi))["carpetId"] == 1
        assert (await client.get(f"{BOARDS}/1")).json()["carpetName"] == "Main floor"
        # the board's screen is told (the same sparring, its carpet's new name on the next read)
        assert await changes(session) == [(1, None), (2, None), (1, semi.id), (1, semi.id)]

    async def test_a_removed_carpet_takes_its_board(
        self, client: httpx.AsyncClient, session: AsyncSession, nats_url: str
    ) -> None:
        semi = await semi_on_two_carpets(client, session, nats_url)
        await client.post(f"{BOARDS}/1", json={"sparringId": semi.id}, headers=headers(HOST))
        await publish(nats_url, carpets_event((2, "Side")))

        async def removed() -> bool:
            assert await boards(client) == [(2, "Side", None)]
            return True

        await eventually(removed)
        assert (await client.get(f"{BOARDS}/1")).status_code == 404
        assert (await read(client, semi))["carpetId"] is None  # released: shown on no board
        assert (await changes(session))[-1] == (1, None)
        changed = (await outbox(session, "battles.scoreboard.changed"))[-1]
        assert changed["topics"] == ["carpet:1", f"event:{EVENT_ID}"]
        await score(client, semi, JUDGE, (1, 8, 7))
        (scored,) = await outbox(session, "battles.sparring.scored")
        assert scored["topics"] == [f"sparring:{semi.id}"]  # no longer on the removed carpet's topic

    async def test_init_twice_and_at_once(self, client: httpx.AsyncClient, session: AsyncSession) -> None:
        await create_event(session)
        await create_carpets(session, "Main", "Side")
        await create_battle(client)
        together = await asyncio.gather(*(client.post(f"{BOARDS}/init", headers=headers(ORGANIZER)) for _ in range(4)))
        assert {r.status_code for r in together} == {200}
        again = await client.post(f"{BOARDS}/init", headers=headers(ORGANIZER))
        assert all(shown(r.json()) == [(1, "Main", None), (2, "Side", None)] for r in [*together, again])
        count = await session.scalar(select(func.count()).select_from(Scoreboard))
        assert count == 2
        assert await changes(session) == [(1, None), (2, None)]  # made once

    async def test_the_boards_stay_when_the_battles_go(self, client: httpx.AsyncClient, session: AsyncSession) -> None:
        battle, rows = await bracket_battle(client, session)
        await create_carpets(session, "Main", "Side")
        await client.post(f"{BOARDS}/init", headers=headers(ORGANIZER))
        await client.post(f"{BOARDS}/2", json={"sparringId": rows[SEMI_LEFT].id}, headers=headers(HOST))
        deleted = await client.delete(f"/api/battles/{battle['id']}", headers=headers(ORGANIZER))
        assert deleted.status_code == 204
        assert await boards(client) == [(1, "Main", None), (2, "Side", None)]  # a projector keeps its board
        assert (await changes(session))[-1] == (2, None)  # the board showing its sparring, emptied


class TestShow:
    async def test_a_board_shows_a_sparring_live(self, client: httpx.AsyncClient, session: AsyncSession) -> None:
        battle, rows = await bracket_battle(client, session)
        await create_carpets(session, "Main", "Side")
        await client.post(f"{BOARDS}/init", headers=headers(ORGANIZER))
        semi = rows[SEMI_LEFT]
        shown = await client.post(f"{BOARDS}/1", json={"sparringId": semi.id}, headers=headers(HOST))
        assert shown.status_code == 200, shown.text
        board = shown.json()
        assert (board["carpetId"], board["carpetName"], board["eventId"]) == (1, "Main", EVENT_ID)
        assert board["sparring"] == await read(client, semi, HOST)
        assert board["sparring"]["carpetId"] == 1
        assert board["sparring"]["permissions"]["canFinish"]  # the caller's flags
        public = (await client.get(f"{BOARDS}/1")).json()
        assert public["sparring"]["sparringId"] == semi.id
        assert not public["sparring"]["permissions"]["canFinish"]
        *built, changed = await outbox(session, "battles.scoreboard.changed")
        assert [c["data"]["carpetId"] for c in built] == [1, 2]  # the boards made (showing nothing)
        assert changed["data"] == {"eventId": EVENT_ID, "carpetId": 1, "sparringId": semi.id}
        assert changed["topics"] == ["carpet:1", f"event:{EVENT_ID}"]
        # Its changes now reach the board too.
        await score(client, semi, JUDGE, (1, 8, 7))
        (scored,) = await outbox(session, "battles.sparring.scored")
        assert scored["topics"] == [f"sparring:{semi.id}", "carpet:1"]
        assert (await client.get(f"{BOARDS}/1")).json()["sparring"]["red"]["totalPoints"] == 8

    async def test_one_board_per_sparring_and_cleared(self, client: httpx.AsyncClient, session: AsyncSession) -> None:
        _, rows = await bracket_battle(client, session)
        await create_carpets(session, "Main", "Side")
        await client.post(f"{BOARDS}/init", headers=headers(ORGANIZER))
        semi, other = rows[SEMI_LEFT], rows[SEMI_RIGHT]
        await client.post(f"{BOARDS}/1", json={"sparringId": semi.id}, headers=headers(HOST))
        moved = await client.post(f"{BOARDS}/2", json={"sparringId": semi.id}, headers=headers(HOST))
        assert moved.json()["sparring"]["carpetId"] == 2
        assert (await client.get(f"{BOARDS}/1")).json()["sparring"] is None
        await client.post(f"{BOARDS}/1", json={"sparringId": other.id}, headers=headers(HOST))
        replaced = await client.post(f"{BOARDS}/1", json={"sparringId": semi.id}, headers=headers(HOST))
        assert replaced.json()["sparring"]["sparringId"] == semi.id
        assert (await read(client, other))["carpetId"] is None
        assert (await client.get(f"{BOARDS}/2")).json()["sparring"] is None
        cleared = await client.post(f"{BOARDS}/1", json={"sparringId": None}, headers=headers(ORGANIZER))
        assert cleared.json()["sparring"] is None
        assert (await read(client, semi))["carpetId"] is None
        changes = [c["data"] for c in await outbox(session, "battles.scoreboard.changed")]
        assert [(c["carpetId"], c["sparringId"]) for c in changes] == [
            (1, None),  # the boards made
            (2, None),
            (1, semi.id),
            (1, None),  # board 1 lost it to board 2
            (2, semi.id),
            (1, other.id),
            (2, None),
            (1, semi.id),
            (1, None),
        ]

    async def test_admins_of_the_event_only(self, client: httpx.AsyncClient, session: AsyncSession) -> None:
        _, rows = await bracket_battle(client, session)
        await create_carpets(session, "Main")
        await client.post(f"{BOARDS}/init", headers=headers(ORGANIZER))
        body = {"sparringId": rows[SEMI_LEFT].id}
        assert (await client.post(f"{BOARDS}/1", json=body)).status_code == 401
        for user in (STRANGER, JUDGE, 10):
            assert (await client.post(f"{BOARDS}/1", json=body, headers=headers(user))).status_code == 403
        assert (await client.post(f"{BOARDS}/7", json=body, headers=headers(HOST))).status_code == 404
        missing = await client.post(f"{BOARDS}/1", json={"sparringId": 424242}, headers=headers(HOST))
        assert missing.status_code == 404
        assert (await client.get(f"{BOARDS}/1")).json()["sparring"] is None
        assert [c["data"]["sparringId"] for c in await outbox(session, "battles.scoreboard.changed")] == [None]

    async def test_a_sparring_of_another_event_is_not_shown(
        self, client: httpx.AsyncClient, session: AsyncSession
    ) -> None:
        _, rows = await bracket_battle(client, session)
        await create_event(session, event_id=EVENT_ID + 1)
        await create_carpets(session, "Elsewhere", event_id=EVENT_ID + 1, first_id=5)
        other_boards = f"/api/events/{EVENT_ID + 1}/scoreboards"
        assert (await client.post(f"{other_boards}/init", headers=headers(ORGANIZER))).status_code == 200
        refused = await client.post(f"{other_boards}/5", json={"sparringId": rows[SEMI_LEFT].id}, headers=headers(HOST))
        assert refused.status_code == 404
        assert (await read(client, rows[SEMI_LEFT]))["carpetId"] is None
