"""Seven to smoke through the API: started by the battle's admins from its competitors in arrival order, each
battle on the floor decided once, the champion's places recorded and announced, the last decision undone."""

from __future__ import annotations

from typing import Any

import httpx
from battle.cast import ORGANIZER, STRANGER
from battle.factories import create_battle, create_event, create_profiles, headers, register_dancers, winners_announced
from sqlalchemy.ext.asyncio import AsyncSession

from battles.models import Battle


def error(response: httpx.Response) -> str:
    return str(response.json()["error"]["message"])


async def smoke_battle(client: httpx.AsyncClient, session: AsyncSession, *dancers: int, **fields: Any) -> int:
    await create_event(session, period="now")
    await create_profiles(session, *dancers)
    battle = await create_battle(client, style="smoke", **fields)
    assert battle["style"] == "smoke"
    if dancers:
        await register_dancers(client, battle["id"], *dancers)
    return int(battle["id"])


def floor(smoke: dict[str, Any]) -> tuple[int | None, int | None, list[int]]:
    holder, challenger = smoke["holder"], smoke["challenger"]
    return (holder and holder["id"], challenger and challenger["id"], [q["id"] for q in smoke["queue"]])


async def test_started_in_arrival_order_by_an_admin_only(client: httpx.AsyncClient, session: AsyncSession) -> None:
    b = await smoke_battle(client, session, 10, 11, 12)
    before = (await client.get(f"/api/battles/{b}/smoke")).json()
    assert (before["started"], before["target"], before["holder"], before["canEdit"]) == (False, 7, None, False)
    refused = await client.post(f"/api/battles/{b}/smoke/start", headers=headers(STRANGER))
    assert refused.status_code == 403
    started = await client.post(f"/api/battles/{b}/smoke/start", headers=headers(ORGANIZER))
    assert started.status_code == 200, started.text
    smoke = started.json()
    assert (smoke["started"], smoke["number"], smoke["canEdit"]) == (True, 1, True)
    assert floor(smoke) == (10, 11, [12])
    assert smoke["holder"]["name"] == "Dancer 10"
    again = await client.post(f"/api/battles/{b}/smoke/start", headers=headers(ORGANIZER))
    assert (again.status_code, error(again)) == (409, "Seven to smoke has started")
    # its dancers stay in the queue: nobody leaves, nor is removed, once it has started
    page = (await client.get(f"/api/battles/{b}", headers=headers(12))).json()
    assert (page["isRegistered"], page["canUnregister"]) == (True, False)
    left = await client.delete(f"/api/battles/{b}/dancer", headers=headers(12))
    assert (left.status_code, error(left)) == (409, "Seven to smoke has started: its dancers stay in the queue")
    assert floor((await client.get(f"/api/battles/{b}/smoke")).json()) == (10, 11, [12])
    # nor does anyone join a queue already set
    await create_profiles(session, 13)
    late = (await client.get(f"/api/battles/{b}", headers=headers(13))).json()["permissions"]
    closed = "Seven to smoke has started: registration is closed."
    assert (late["registerButtonEnabled"], late["registerButtonDisableReason"]) == (False, closed)
    joined = await client.post(f"/api/battles/{b}/dancer", headers=headers(13))
    assert (joined.status_code, error(joined)) == (400, closed)


async def test_refusals_change_nothing(client: httpx.AsyncClient, session: AsyncSession) -> None:
    b = await smoke_battle(client, session, 10)
    few = await client.post(f"/api/battles/{b}/smoke/start", headers=headers(ORGANIZER))
    assert (few.status_code, error(few)) == (400, "Seven to smoke needs at least two dancers")
    early = await client.post(f"/api/battles/{b}/smoke/1/winner/10", headers=headers(ORGANIZER))
    assert (early.status_code, error(early)) == (409, "Seven to smoke has not started")
    classic = await create_battle(client, style="classic")
    not_smoke = await client.get(f"/api/battles/{classic['id']}/smoke")
    assert (not_smoke.status_code, error(not_smoke)) == (404, "This battle is not seven to smoke")
    assert (await client.get(f"/api/battles/{b}/smoke")).json()["started"] is False


async def test_first_to_seven_is_the_champion_a_decision_counts_once_and_the_last_is_undone(
    client: httpx.AsyncClient, session: AsyncSession, nats_url: str
) -> None:
    b = await smoke_battle(client, session, 10, 11, 12)
    assert (await client.post(f"/api/battles/{b}/smoke/start", headers=headers(ORGANIZER))).status_code == 200
    path = f"/api/battles/{b}/smoke"
    first = await client.post(f"{path}/1/winner/11", headers=headers(ORGANIZER))  # the challenger wins
    assert floor(first.json()) == (11, 12, [10])
    assert [(row["id"], row["points"]) for row in first.json()["standings"]] == [(11, 1), (10, 0), (12, 0)]
    # sent again: nothing changes; another winner for it, or a dancer off the floor, is refused
    assert (await client.post(f"{path}/1/winner/11", headers=headers(ORGANIZER))).json() == first.json()
    other = await client.post(f"{path}/1/winner/10", headers=headers(ORGANIZER))
    assert (other.status_code, error(other)) == (409, "Battle 1 is decided already")
    off = await client.post(f"{path}/2/winner/10", headers=headers(ORGANIZER))
    assert (off.status_code, error(off)) == (409, "The winner is not on the floor")
    ahead = await client.post(f"{path}/3/winner/11", headers=headers(ORGANIZER))
    assert (ahead.status_code, error(ahead)) == (409, "Battle 3 is not on the floor yet")
    stranger = await client.post(f"{path}/2/winner/11", headers=headers(STRANGER))
    assert stranger.status_code == 403
    for number in range(2, 8):
        done = await client.post(f"{path}/{number}/winner/11", headers=headers(ORGANIZER))
        assert done.status_code == 200, done.text
    smoke = done.json()
    assert (smoke["champion"]["id"], smoke["holder"], smoke["queue"]) == (11, None, [])
    assert [m["number"] for m in smoke["meetings"]] == [7, 6, 5, 4, 3, 2, 1]
    over = await client.post(f"{path}/8/winner/11", headers=headers(ORGANIZER))
    assert (over.status_code, error(over)) == (409, "The battle is over")
    page = (await client.get(f"/api/battles/{b}")).json()
    assert {p["id"]: p["place"] for p in page["participants"]} == {11: 1, 10: 2, 12: None}
    stored = await session.get(Battle, b, populate_existing=True)
    assert stored is not None and stored.status == "finished"
    await winners_announced(nats_url, page | {"id": b}, ("1st Place", [11]), ("2nd Place", [10]))
    # a wrong tap: the last battle is undone (only the last), the places go with it
    not_last = await client.delete(f"{path}/3", headers=headers(ORGANIZER))
    assert (not_last.status_code, error(not_last)) == (409, "Only the last battle decided can be undone")
    undone = await client.delete(f"{path}/7", headers=headers(ORGANIZER))
    assert undone.status_code == 200, undone.text
    assert (undone.json()["champion"], undone.json()["number"]) == (None, 7)
    await session.refresh(stored)
    assert stored.status == "prelims-finished"
    page = (await client.get(f"/api/battles/{b}")).json()
    assert {p["place"] for p in page["participants"]} == {None}


async def test_a_battle_hiding_its_participants_names_nobody_to_the_public(
    client: httpx.AsyncClient, session: AsyncSession
) -> None:
    b = await smoke_battle(client, session, 10, 11, hideParticipants=True)
    smoke = (await client.post(f"/api/battles/{b}/smoke/start", headers=headers(ORGANIZER))).json()
    assert smoke["holder"]["name"] == "Dancer 10"  # the battle's admins see who dances, as on its floor
    public = (await client.get(f"/api/battles/{b}/smoke")).json()
    assert all(side["name"] == "Hidden" and side["id"] < 0 for side in (public["holder"], public["challenger"]))
    decided = await client.post(f"/api/battles/{b}/smoke/1/winner/10", headers=headers(ORGANIZER))
    assert decided.status_code == 200, decided.text
    public = (await client.get(f"/api/battles/{b}/smoke")).json()
    assert public["standings"][0]["points"] == 1 and public["standings"][0]["name"] == "Hidden"
    assert "Dancer" not in str(public)
