"""The bracket: read before and after Add to bracket, seeded by hand (decided sparrings locked, a competitor in two
spots refused as a whole), announced."""

from __future__ import annotations

from typing import Any

import httpx
from battle.cast import EVENT_ID, JUDGE, ORGANIZER, STRANGER
from battle.factories import create_crew, create_profiles, finish_prelims, headers, prelims_battle, score
from sqlalchemy.ext.asyncio import AsyncSession

from kit.testing import collect_events


async def bracket(client: httpx.AsyncClient, battle_id: int, by: int | None = None) -> dict[str, Any]:
    response = await client.get(f"/api/battles/{battle_id}/brackets", headers=headers(by) if by else None)
    assert response.status_code == 200, response.text
    return dict(response.json())


def spots(found: dict[str, Any]) -> dict[int, tuple[Any, Any, str]]:
    every = [sp for half in ("left", "right") for r in found[half] for sp in r] + [found["final"]]
    return {
        sp["sparringId"]: (sp["red"] and sp["red"]["id"], sp["blue"] and sp["blue"]["id"], sp["status"]) for sp in every
    }


async def seeded_battle(client: httpx.AsyncClient, session: AsyncSession) -> tuple[int, dict[str, Any]]:
    """5 dancers (10 best ... 14) in a bracket of 8: 10, 11 and 12 have byes; 13 meets 14."""
    battle = await prelims_battle(client, session, 5)
    b = battle["id"]
    for user_id, points in ((10, 10), (11, 9), (12, 8), (13, 7), (14, 6)):
        await score(client, b, user_id, points)
    await finish_prelims(client, b)
    return b, await bracket(client, b, ORGANIZER)


async def test_empty_before_add_to_bracket(client: httpx.AsyncClient, session: AsyncSession) -> None:
    battle = await prelims_battle(client, session, 2)
    found = await bracket(client, battle["id"], ORGANIZER)
    assert found == {
        "left": [],
        "right": [],
        "final": None,
        "third": None,
        "groups": [],
        "levels": [{"name": "Top 8", "rounds": 1}, {"name": "Semi-final", "rounds": 1}, {"name": "Final", "rounds": 1}],
        "bracketSize": 8,
        "canEdit": True,
    }
    assert (await bracket(client, battle["id"]))["canEdit"] is False
    assert (await client.get("/api/battles/999999/brackets")).status_code == 404


async def test_add_to_bracket_builds_the_battle_for_third_place_when_two_semi_finals_will_have_a_loser(
    client: httpx.AsyncClient, session: AsyncSession
) -> None:
    """5 dancers in a Top 8: 10, 11 and 12 have byes, 13 meets 14, both semi-finals are danced: their losers will
    meet for third place (waiting for them)."""
    battle = await prelims_battle(client, session, 5, thirdPlace=True)
    b = battle["id"]
    assert battle["thirdPlace"] is True
    for user_id, points in ((10, 10), (11, 9), (12, 8), (13, 7), (14, 6)):
        await score(client, b, user_id, points)
    await finish_prelims(client, b)
    third = (await bracket(client, b))["third"]
    assert (third["level"], third["red"], third["blue"], third["status"], third["winner"]) == (
        "Third place",
        None,
        None,
        "waiting",
        0,
    )


async def test_three_dancers_have_no_battle_for_third_place(client: httpx.AsyncClient, session: AsyncSession) -> None:
    few = (await prelims_battle(client, session, 3, thirdPlace=True))["id"]
    for user_id, points in ((10, 9), (11, 8), (12, 7)):
        await score(client, few, user_id, points)
    await finish_prelims(client, few)
    assert (await bracket(client, few))["third"] is None


async def test_a_bracket_of_two_is_the_final(client: httpx.AsyncClient, session: AsyncSession) -> None:
    battle = await prelims_battle(client, session, 3, bracketSize=2)
    b = battle["id"]
    for user_id, points in ((10, 5), (11, 9), (12, 7)):
        await score(client, b, user_id, points)
    await finish_prelims(client, b)
    found = await bracket(client, b)
    assert (found["left"], found["right"]) == ([], [])
    assert (found["final"]["red"]["id"], found["final"]["blue"]["id"], found["final"]["status"]) == (11, 12, "ready")
    assert found["final"]["level"] == "Final"


async def test_three_into_eight_have_their_byes_in_every_round(
    client: httpx.AsyncClient, session: AsyncSession
) -> None:
    """Seed 1 has nobody in its Top 8 sparring nor in its semi-final: it waits in the final for the winner of the
    one sparring danced, seeds 2 v 3. Before, the semi-final waited for a side that could never come."""
    battle = await prelims_battle(client, session, 3)
    b = battle["id"]
    for user_id, points in ((10, 9), (11, 8), (12, 7)):
        await score(client, b, user_id, points)
    await finish_prelims(client, b)
    found = await bracket(client, b, ORGANIZER)
    left, right = found["left"], found["right"]
    assert [(sp["red"] and sp["red"]["id"], sp["blue"], sp["winner"], sp["status"]) for sp in left[0]] == [
        (10, None, 10, "finished"),  # 1 v 8: a bye
        (None, None, 0, "finished"),  # 4 v 5: nobody, nothing to dance
    ]
    assert (left[1][0]["red"]["id"], left[1][0]["blue"], left[1][0]["winner"]) == (10, None, 10)  # a bye again
    assert [sp["status"] for sp in right[0]] == ["finished", "finished"]  # 2 v 7 and 3 v 6: byes
    assert (right[1][0]["red"]["id"], right[1][0]["blue"]["id"], right[1][0]["status"]) == (11, 12, "ready")
    assert (found["final"]["red"]["id"], found["final"]["blue"], found["final"]["status"]) == (10, None, "waiting")
    # nothing to seed where nobody can come; the bracket is still undone (byes are not decisions)
    refused = await client.post(
        f"/api/battles/{b}/seed",
        json=[{"sparringId": left[0][1]["sparringId"], "red": 11, "blue": None}],
        headers=headers(ORGANIZER),
    )
    assert refused.status_code == 409 and refused.json()["error"]["message"] == "A decided sparring cannot be changed"
    undone = await client.delete(f"/api/battles/{b}/brackets", headers=headers(ORGANIZER))
    assert undone.status_code == 200, undone.text


async def test_seed(client: httpx.AsyncClient, session: AsyncSession, nats_url: str) -> None:
    b, found = await seeded_battle(client, session)
    left_first, left_second = found["left"][0]
    assert left_first["status"] == "finished"  # 10's bye
    path = f"/api/battles/{b}/seed"
    # 14 moves to the semi-final beside 10; 13 stays alone
    body = [
        {"sparringId": left_second["sparringId"], "red": 13, "blue": 0},
        {"sparringId": found["left"][1][0]["sparringId"], "red": 10, "blue": 14},
    ]
    done = await client.post(path, json=body, headers=headers(ORGANIZER))
    assert done.status_code == 200, done.text
    after = spots(done.json())
    assert after[left_second["sparringId"]] == (13, None, "waiting")
    assert after[found["left"][1][0]["sparringId"]] == (10, 14, "ready")
    (event,) = await collect_events(nats_url, "battles.bracket.seeded", count=1)
    assert event.data == {
        "battleId": b,
        "eventId": EVENT_ID,
        "sparringIds": sorted([left_second["sparringId"], found["left"][1][0]["sparringId"]]),
    }
    assert f"battle:{b}" in event.topics and f"event:{EVENT_ID}" in event.topics


async def test_seed_refusals_change_nothing(client: httpx.AsyncClient, session: AsyncSession) -> None:
    b, found = await seeded_battle(client, session)
    before = spots(found)
    path = f"/api/battles/{b}/seed"
    bye, pair = found["left"][0]
    semi = found["left"][1][0]

    async def refused(body: list[dict[str, Any]], status: int, message: str | None = None, by: int = ORGANIZER) -> None:
        response = await client.post(path, json=body, headers=headers(by))
        assert response.status_code == status, response.text
        if message is not None:
            assert response.json()["error"]["message"] == message
        assert spots(await bracket(client, b)) == before

    twice = [
        {"sparringId": pair["sparringId"], "red": 13, "blue": 14},
        {"sparringId": semi["sparringId"], "red": 10, "blue": 14},
    ]
    await refused(twice, 400, "The same participant is in two spots")
    await refused(
        [{"sparringId": pair["sparringId"], "red": 13, "blue": 13}], 400, "The same participant is in two spots"
    )
    await refused(
        [{"sparringId": bye["sparringId"], "red": 13, "blue": 10}], 409, "A decided sparring cannot be changed"
    )
    await refused([{"sparringId": pair["sparringId"], "red": 99, "blue": 13}], 400)
    await refused([{"sparringId": 999999, "red": 13, "blue": 14}], 404)
    await refused([{"sparringId": pair["sparringId"], "red": 14, "blue": 13}], 403, by=STRANGER)
    await refused([{"sparringId": pair["sparringId"], "red": 14, "blue": 13}], 403, by=JUDGE)
    assert (await client.post(path, json=[])).status_code == 401
    other = await client.post(f"/api/events/{EVENT_ID}/add-battle", headers=headers(ORGANIZER))
    foreign = await client.post(
        f"/api/battles/{other.json()['id']}/seed",
        json=[{"sparringId": pair["sparringId"], "red": 14, "blue": 13}],
        headers=headers(ORGANIZER),
    )
    assert foreign.status_code == 404


async def test_crews_in_two_spots(client: httpx.AsyncClient, session: AsyncSession) -> None:
    battle = await prelims_battle(client, session, 0, crewSize=2)
    b = battle["id"]
    await create_profiles(session, 20, 21, 22, 23, 24, 25)
    crews = [
        await create_crew(client, b, "A", 20, 21),
        await create_crew(client, b, "B", 22, 23),
        await create_crew(client, b, "C", 24, 25),
    ]
    for crew_id, points in zip(crews, (9, 8, 7), strict=True):
        await score(client, b, crew_id, points, crew=True)
    await finish_prelims(client, b)
    found = await bracket(client, b)
    first = found["left"][0][0]
    assert first["red"] == {"id": crews[0], "name": "A", "avatar": None}
    assert first["winner"] == crews[0]  # seed 1's bye
    semi = found["right"][1][0]  # seeds 2 and 3 (undecided)
    refused = await client.post(
        f"/api/battles/{b}/seed",
        json=[{"sparringId": semi["sparringId"], "red": crews[1], "blue": crews[1]}],
        headers=headers(ORGANIZER),
    )
    assert refused.status_code == 400
    assert refused.json()["error"]["message"] == "The same crew is in two spots"
