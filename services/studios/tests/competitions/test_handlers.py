"""The projection of the battles' and events' events (published to NATS as those services will): each member's
events with their battles and ranks, the studio's competitions, battlesEntered and totalWins; applied once, an
older announcement arriving late ignored."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from typing import Any

import httpx
from sqlalchemy.ext.asyncio import AsyncSession
from studio.factories import create_studio

from contracts.battles import (
    BattleCreated,
    BattleDeleted,
    ParticipantRegistered,
    ParticipantUnregistered,
    Winners,
    WinnersSet,
)
from contracts.events import EventDeleted, EventPublished
from kit.events import Envelope
from kit.testing import eventually, publish

T0 = datetime(2026, 6, 1, 18, 0, tzinfo=UTC)


def event(kind: Any, event_id: int, title: str, starts: datetime, **more: Any) -> Envelope:
    payload = kind(
        id=event_id,
        org_id=None,
        organizer_id=1,
        title=title,
        image=f"img-{event_id}",
        status="published",
        starts_at=starts.isoformat(),
        ends_at=(starts + timedelta(hours=5)).isoformat(),
        time_zone="UTC",
        location_address="Queens, NY, United States",
        lat=40.7,
        lng=-73.8,
    )
    return Envelope.of(payload, **more)


async def setup_world(nats_url: str) -> None:
    """Two events; battles 10 (1 vs 1) and 11 (crews of 3) at event 1, battle 20 at event 2. Dancers 5 (teacher)
    and 6 (student) enter; 9 (nobody's) too."""
    await publish(nats_url, event(EventPublished, 1, "Queens Jam", T0))
    await publish(nats_url, event(EventPublished, 2, "Summer Clash", T0 + timedelta(days=30)))
    for battle_id, event_id, title, size in ((10, 1, "Bboy", 1), (11, 1, "Crew", 3), (20, 2, "Open", None)):
        await publish(nats_url, BattleCreated(id=battle_id, event_id=event_id, title=title, crew_size=size))
    for battle_id, event_id, user_id in ((10, 1, 5), (10, 1, 6), (11, 1, 6), (20, 2, 5), (10, 1, 9)):
        await publish(nats_url, ParticipantRegistered(battle_id=battle_id, event_id=event_id, user_id=user_id))
    winners = [Winners(place="1st Place", user_ids=[6]), Winners(place="2nd Place", user_ids=[5])]
    await publish(nats_url, WinnersSet(battle_id=10, event_id=1, start_date=T0.date(), winners=winners))
    await publish(
        nats_url,
        WinnersSet(battle_id=11, event_id=1, start_date=T0.date(), winners=[Winners(place="Top 4", user_ids=[6])]),
    )


async def world_settled(client: httpx.AsyncClient, studio_id: int) -> None:
    """Every announcement of setup_world applied (each consumer runs at its own pace)."""

    async def check() -> bool:
        found = (await client.get(f"/api/studios/{studio_id}/events")).json()
        ranks = {battle["id"]: battle["rank"] for event in found for battle in event["battles"]}
        return ranks == {10: 1, 11: 4, 20: None}

    await eventually(check)
    await settled(client, studio_id, (3, 1))


async def settled(client: httpx.AsyncClient, studio_id: int, expected: tuple[int, int]) -> dict[str, Any]:
    async def check() -> dict[str, Any] | None:
        page = (await client.get(f"/api/studios/{studio_id}")).json()
        return page if (page["battlesEntered"], page["totalWins"]) == expected else None

    return await eventually(check)


async def test_members_events_competitions_and_counts(
    client: httpx.AsyncClient, session: AsyncSession, nats_url: str
) -> None:
    studio = await create_studio(session, teachers=[5], students=[6])
    await setup_world(nats_url)
    await world_settled(client, studio.id)

    (student,) = (await client.get(f"/api/studios/{studio.id}/students")).json()
    assert student["events"] == [
        {
            "id": 1,
            "title": "Queens Jam",
            "image": "img-1",
            "city": "Queens",
            "state": "NY",
            "dateStart": "2026-06-01T18:00:00Z",
            "battles": [
                {"id": 10, "title": "Bboy", "crewSize": 1, "rank": 1},
                {"id": 11, "title": "Crew", "crewSize": 3, "rank": 4},
            ],
        }
    ]
    (teacher,) = (await client.get(f"/api/studios/{studio.id}/teachers")).json()
    assert [(e["id"], [(b["id"], b["rank"]) for b in e["battles"]]) for e in teacher["events"]] == [
        (2, [(20, None)]),
        (1, [(10, 2)]),
    ]

    competitions = (await client.get(f"/api/studios/{studio.id}/events")).json()
    assert [e["id"] for e in competitions] == [2, 1]  # date-desc
    assert competitions[1]["battles"] == [
        {"id": 10, "title": "Bboy", "crewSize": 1, "rank": 1},  # the best of the studio's members
        {"id": 11, "title": "Crew", "crewSize": 3, "rank": 4},
    ]
    url = f"/api/studios/{studio.id}/events"
    assert [e["id"] for e in (await client.get(url, params={"sortBy": "date-asc"})).json()] == [1, 2]
    assert [e["id"] for e in (await client.get(url, params={"sortBy": "name-asc"})).json()] == [1, 2]
    assert [e["id"] for e in (await client.get(url, params={"sortBy": "name-desc"})).json()] == [2, 1]
    assert [e["id"] for e in (await client.get(url, params={"keyword": "summer"})).json()] == [2]
    assert [e["id"] for e in (await client.get(url, params={"p": 1, "pp": 1})).json()] == [1]


async def test_applied_once_and_a_late_older_announcement_is_ignored(
    client: httpx.AsyncClient, session: AsyncSession, nats_url: str
) -> None:
    studio = await create_studio(session, students=[6])
    await publish(nats_url, event(EventPublished, 1, "Queens Jam", T0))
    await publish(nats_url, BattleCreated(id=10, event_id=1, title="Bboy", crew_size=1))
    entry = Envelope.of(ParticipantRegistered(battle_id=10, event_id=1, user_id=6))
    await publish(nats_url, entry)
    await publish(nats_url, entry, msg_id="a second delivery")
    win = Envelope.of(
        WinnersSet(battle_id=10, event_id=1, start_date=T0.date(), winners=[Winners(place="1st Place", user_ids=[6])])
    )
    await publish(nats_url, win)
    await publish(nats_url, win, msg_id="again")
    await settled(client, studio.id, (1, 1))
    # winners set earlier than those applied arrive late: ignored
    older = WinnersSet(battle_id=10, event_id=1, start_date=T0.date(), winners=[])
    await publish(nats_url, Envelope.of(older, occurred_at=win.occurred_at - timedelta(minutes=5)))
    # an unregistration older than the registration applied: ignored too
    stale = ParticipantUnregistered(battle_id=10, event_id=1, user_id=6)
    await publish(nats_url, Envelope.of(stale, occurred_at=entry.occurred_at - timedelta(minutes=5)))
    # markers behind them on the same consumers: once they show, the stale ones have been handled
    await publish(nats_url, BattleCreated(id=12, event_id=1, title="Marker", crew_size=1))
    await publish(nats_url, ParticipantRegistered(battle_id=12, event_id=1, user_id=6))
    marker = [Winners(place="Top 8", user_ids=[6])]
    await publish(nats_url, WinnersSet(battle_id=12, event_id=1, start_date=T0.date(), winners=marker))

    async def markers_applied() -> bool:
        found = (await client.get(f"/api/studios/{studio.id}/events")).json()
        return {b["id"]: b["rank"] for e in found for b in e["battles"]} == {10: 1, 12: 8}

    await eventually(markers_applied)
    page = (await client.get(f"/api/studios/{studio.id}")).json()
    assert (page["battlesEntered"], page["totalWins"]) == (2, 1)


async def test_unregistered_deleted_and_unpublished_leave_the_lists(
    client: httpx.AsyncClient, session: AsyncSession, nats_url: str
) -> None:
    studio = await create_studio(session, teachers=[5], students=[6])
    await setup_world(nats_url)
    await world_settled(client, studio.id)
    await publish(nats_url, ParticipantUnregistered(battle_id=11, event_id=1, user_id=6))
    await settled(client, studio.id, (2, 1))
    await publish(nats_url, BattleDeleted(id=20, event_id=2, title="Open", crew_size=None))
    await settled(client, studio.id, (1, 1))
    await publish(nats_url, event(EventDeleted, 1, "Queens Jam", T0))
    await settled(client, studio.id, (0, 0))
    assert (await client.get(f"/api/studios/{studio.id}/events")).json() == []


async def test_a_member_removed_no_longer_counts(
    client: httpx.AsyncClient, session: AsyncSession, nats_url: str
) -> None:
    studio = await create_studio(session, teachers=[5], students=[6])
    await setup_world(nats_url)
    await world_settled(client, studio.id)
    from studio.factories import ADMIN, headers

    await client.delete(f"/api/studios/{studio.id}/students/6", headers=headers(ADMIN))
    page = (await client.get(f"/api/studios/{studio.id}")).json()
    assert (page["battlesEntered"], page["totalWins"]) == (2, 0)
