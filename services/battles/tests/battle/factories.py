"""Events, staff, organizations, profiles and battles as tests need them, written straight to the projections (as
the other services' events would have left them) and through the API."""

from __future__ import annotations

from collections.abc import Sequence
from datetime import UTC, datetime, timedelta
from typing import Any

import httpx
from battle.cast import DANCERS, EVENT_ADMIN, EVENT_ID, HOST, JUDGE, ORG_ID, ORGANIZER
from sqlalchemy import select
from sqlalchemy.ext.asyncio import AsyncSession

from battles.brackets.rules import Spot, first_round, structure
from battles.models import (
    Battle,
    CheckIn,
    Entry,
    EventStaff,
    EventView,
    Org,
    OrgMember,
    Profile,
    Sparring,
    StudioMembership,
)
from kit.db import utcnow
from kit.events import Envelope
from kit.testing import as_user, collect_events


def headers(profile_id: int, *, admin: bool = False) -> dict[str, str]:
    return as_user(profile_id, profile_id, admin=admin)


async def create_event(
    session: AsyncSession,
    *,
    event_id: int = EVENT_ID,
    period: str = "future",
    org_id: int | None = ORG_ID,
    status: str = "published",
) -> EventView:
    now = utcnow()
    starts = {"future": now + timedelta(days=3), "now": now - timedelta(hours=1), "past": now - timedelta(days=3)}
    event = EventView(
        id=event_id,
        org_id=org_id,
        organizer_id=ORGANIZER,
        title="Queens Jam",
        starts_at=starts[period],
        ends_at=starts[period] + timedelta(hours=5),
        time_zone="UTC",
        status=status,
        deleted=False,
        changed_at=now,
    )
    session.add(event)
    for user_id, role in ((EVENT_ADMIN, "admin"), (HOST, "host")):
        session.add(EventStaff(event_id=event_id, user_id=user_id, role=role, present=True, changed_at=now))
    await session.commit()
    return event


def announced_event(kind: Any, title: str = "Queens Jam", **more: Any) -> Any:
    """The events service's announcement `kind` of the published event EVENT_ID, two days ahead, no place;
    `more` sets or overrides fields."""
    start = utcnow() + timedelta(days=2)
    fields = {
        "id": EVENT_ID,
        "org_id": ORG_ID,
        "organizer_id": ORGANIZER,
        "title": title,
        "image": None,
        "status": "published",
        "starts_at": start.isoformat(),
        "ends_at": (start + timedelta(hours=4)).isoformat(),
        "time_zone": "UTC",
        "location_address": None,
        "lat": None,
        "lng": None,
    }
    return kind(**(fields | more))


async def create_profiles(session: AsyncSession, *ids: int, names: dict[int, str | None] | None = None) -> None:
    for profile_id in ids:
        name = (names or {}).get(profile_id, f"Dancer {profile_id}")
        session.add(Profile(id=profile_id, dancer_name=name, avatar=f"avatar-{profile_id}", synced_at=utcnow()))
    await session.commit()


async def create_org(
    session: AsyncSession, *, agreement: bool = False, waiver: bool = False, members: tuple[int, ...] = ()
) -> Org:
    now = utcnow()
    document = {"title": "T", "subtitle": "", "version": "1", "text": "<p>Rules</p>"}
    org = Org(
        id=ORG_ID,
        name="Breaking League",
        image="org-img",
        agreement=document if agreement else {},
        waiver=document if waiver else {},
        changed_at=now,
        documents_changed_at=now,
    )
    session.add(org)
    for user_id in members:
        session.add(OrgMember(org_id=ORG_ID, user_id=user_id, member=True, changed_at=now))
    await session.commit()
    return org


async def check_in(
    session: AsyncSession, user_id: int, at: datetime | None = None, *, event_id: int = EVENT_ID
) -> None:
    session.add(CheckIn(event_id=event_id, user_id=user_id, checked_in_at=at or utcnow(), changed_at=utcnow()))
    await session.commit()


async def add_studio(session: AsyncSession, user_id: int, studio_id: int, name: str, *, published: bool = True) -> None:
    session.add(
        StudioMembership(
            studio_id=studio_id,
            user_id=user_id,
            role="student",
            studio_name=name,
            studio_image=None,
            published=published,
            present=True,
            changed_at=utcnow(),
        )
    )
    await session.commit()


async def create_battle(client: httpx.AsyncClient, *, event_id: int = EVENT_ID, **fields: Any) -> dict[str, Any]:
    """A battle added by the organizer, then saved with `fields` (title 'Battle' unless given)."""
    created = await client.post(f"/api/events/{event_id}/add-battle", headers=headers(ORGANIZER))
    assert created.status_code == 201, created.text
    battle = created.json()
    if fields:
        saved = await client.put(
            f"/api/battles/{battle['id']}", json={"title": "Battle"} | fields, headers=headers(ORGANIZER)
        )
        assert saved.status_code == 200, saved.text
        battle = saved.json()
    return battle


async def create_bracket(session: AsyncSession, battle_id: int, competitors: Sequence[int]) -> dict[Spot, Sparring]:
    """The battle's bracket rows as Add to bracket leaves them (`brackets.rules.structure` of its size and levels,
    linked winner to next): `competitors` (competitor ids: user ids, or crew ids in a crew battle) by seed in
    `first_round`'s spots; a first-round sparring with one side is a bye, decided at once for it. The battle's
    status becomes prelims-finished."""
    battle = (await session.scalars(select(Battle).where(Battle.id == battle_id))).one()
    entries = (await session.scalars(select(Entry).where(Entry.battle_id == battle_id))).all()
    entry_of = {(e.crew_id if e.crew_id is not None else e.user_id): e.id for e in entries}
    rows: dict[Spot, Sparring] = {}
    specs = structure(battle.bracket_size, battle.bracket_levels, third_place=battle.third_place)
    for spec in reversed(specs):  # the next one exists first (the battle for third place before the semi-finals)
        row = Sparring(
            battle_id=battle_id,
            side=spec.spot.side,
            round=spec.spot.round,
            position=spec.spot.position,
            level=spec.level,
            rounds=spec.rounds,
            extra_rounds=0,
            status="waiting",
            next_id=rows[spec.next].id if spec.next is not None else None,
            next_side=spec.next_side,
            loser_place=spec.loser_place,
            loser_next_id=rows[spec.loser_next].id if spec.loser_next is not None else None,
            loser_next_side=spec.loser_next_side,
        )
        session.add(row)
        await session.flush()
        rows[spec.spot] = row
    by_id = {row.id: row for row in rows.values()}
    for spot, seeds in first_round(battle.bracket_size).items():
        row = rows[spot]
        red, blue = (entry_of[competitors[seed - 1]] if seed <= len(competitors) else None for seed in seeds)
        row.red_entry_id, row.blue_entry_id = red, blue
        if red is not None and blue is not None:
            row.status = "ready"
        elif red is not None or blue is not None:
            row.winner_entry_id, row.status, row.finished_at = red or blue, "finished", utcnow()
            if row.next_id is not None:
                following = by_id[row.next_id]
                setattr(following, f"{row.next_side}_entry_id", row.winner_entry_id)
                if following.red_entry_id is not None and following.blue_entry_id is not None:
                    following.status = "ready"
    battle.status = "prelims-finished"
    await session.commit()
    return rows


OLD = datetime(1999, 12, 31, tzinfo=UTC)


async def add_judge(client: httpx.AsyncClient, battle_id: int, user_id: int = JUDGE) -> None:
    added = await client.post(
        f"/api/battles/{battle_id}/role", json={"userId": user_id, "role": "judge"}, headers=headers(ORGANIZER)
    )
    assert added.status_code == 200, added.text


async def register_dancers(client: httpx.AsyncClient, battle_id: int, *user_ids: int) -> None:
    """Dancers registered by the organizer (a single battle)."""
    done = await client.post(
        f"/api/admin/battles/{battle_id}/register", json={"userIds": list(user_ids)}, headers=headers(ORGANIZER)
    )
    assert done.status_code == 200, done.text


async def create_crew(client: httpx.AsyncClient, battle_id: int, name: str, captain: int, *others: int) -> int:
    """A crew registered by its captain, every other member having accepted; its id."""
    created = await client.post(
        f"/api/crews/{battle_id}",
        json={"eventId": EVENT_ID, "name": name, "userIds": list(others)},
        headers=headers(captain),
    )
    assert created.status_code == 201, created.text
    crew_id = next(c["id"] for c in created.json()["crews"] if c["name"] == name)
    for user_id in others:
        accepted = await client.post(f"/api/crews/{battle_id}/{crew_id}/accept", headers=headers(user_id))
        assert accepted.status_code == 200, accepted.text
    return int(crew_id)


async def prelims_battle(
    client: httpx.AsyncClient,
    session: AsyncSession,
    dancers: int = 5,
    *,
    checked_in: tuple[int, ...] = (),
    **fields: Any,
) -> dict[str, Any]:
    """A bracket battle (size 8 unless given) of the event under way, JUDGE its judge, dancers 10, 11, ...
    registered; `checked_in` checked in at the event first."""
    await create_event(session, period="now")
    users = list(range(DANCERS.start, DANCERS.start + dancers))
    await create_profiles(session, JUDGE, *users)
    for user_id in checked_in:
        await check_in(session, user_id)
    battle = await create_battle(client, **({"style": "bracket", "bracketSize": 8} | fields))
    await add_judge(client, battle["id"])
    if users and fields.get("crewSize", 1) == 1:
        await register_dancers(client, battle["id"], *users)
    return battle


async def score(
    client: httpx.AsyncClient,
    battle_id: int,
    competitor: int,
    points: float | None,
    *,
    round_: int = 1,
    judge: int = JUDGE,
    crew: bool = False,
) -> httpx.Response:
    """One judge's prelim points for one competitor (a dancer, or a crew when `crew`)."""
    item = {"crewId" if crew else "userId": competitor, "points": points, "mode": "new", "round": round_}
    return await client.post(f"/api/battles/{battle_id}/prelims", json=[item], headers=headers(judge))


async def finish_prelims(client: httpx.AsyncClient, battle_id: int) -> dict[str, Any]:
    """Randomize, then Add to bracket, as the organizer."""
    shuffled = await client.post(f"/api/battles/{battle_id}/reshuffle", headers=headers(ORGANIZER))
    assert shuffled.status_code == 200, shuffled.text
    finished = await client.post(f"/api/battles/{battle_id}/prelims/finish", headers=headers(ORGANIZER))
    assert finished.status_code == 200, finished.text
    return dict(finished.json())


async def winners_announced(nats_url: str, battle: dict[str, Any], *places: tuple[str, list[int]]) -> Envelope:
    """The one `battles.winners.set` of `battle` (of EVENT_ID at ORG_ID) names these places: (place, user ids)."""
    (winners,) = await collect_events(nats_url, "battles.winners.set", count=1)
    assert winners.data == {
        "battleId": battle["id"],
        "eventId": EVENT_ID,
        "orgId": ORG_ID,
        "startDate": battle["startDate"][:10],
        "winners": [{"place": place, "userIds": user_ids} for place, user_ids in places],
    }
    return winners
