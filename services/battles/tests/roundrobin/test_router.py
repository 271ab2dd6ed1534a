"""Round-robin groups through the API: made from the prelims' best at Add to bracket, their battles judged as
sparrings (ending nothing), ranked by rounds won then votes, ties broken by tie-break rounds, the bracket seeded
from the rankings with two of a group in opposite halves, undone back to the groups."""

from __future__ import annotations

from typing import Any

import httpx
from battle.cast import JUDGE, ORGANIZER, STRANGER
from battle.factories import create_battle, finish_prelims, headers, prelims_battle, score
from sparrings.factories import score as judge
from sqlalchemy.ext.asyncio import AsyncSession


def error(response: httpx.Response) -> str:
    return str(response.json()["error"]["message"])


async def groups(client: httpx.AsyncClient, battle_id: int, by: int | None = None) -> dict[str, Any]:
    response = await client.get(f"/api/battles/{battle_id}/groups", headers=headers(by) if by else None)
    assert response.status_code == 200, response.text
    return dict(response.json())


def members(found: dict[str, Any]) -> dict[str, list[int]]:
    return {g["name"]: [x["id"] for x in g["standings"]] for g in found["groups"]}


async def decide(client: httpx.AsyncClient, sparring_id: int, red_wins: bool, rounds: int = 2) -> None:
    """JUDGE gives one side every round (9 to 7; a group battle has two), then the organizer finishes it."""
    red, blue = (9.0, 7.0) if red_wins else (7.0, 9.0)
    scored = await judge(client, sparring_id, JUDGE, *((n, red, blue) for n in range(1, rounds + 1)))
    assert scored.status_code == 200, scored.text
    finished = await client.post(f"/api/sparrings/{sparring_id}/finish", headers=headers(ORGANIZER))
    assert finished.status_code == 200, finished.text


async def round_robin_battle(client: httpx.AsyncClient, session: AsyncSession, dancers: int, size: int) -> int:
    """`dancers` (10 best, 11 next ...) through the prelims into round-robin groups before a bracket of `size`."""
    battle = await prelims_battle(client, session, dancers, bracketSize=size, roundRobin=True)
    assert battle["roundRobin"] is True
    for at in range(dancers):
        await score(client, battle["id"], 10 + at, 10 - at * 0.5)
    await finish_prelims(client, battle["id"])
    return int(battle["id"])


async def test_groups_are_made_ranked_and_seed_the_bracket(client: httpx.AsyncClient, session: AsyncSession) -> None:
    b = await round_robin_battle(client, session, 9, 4)  # 9 registered, the best 8 go into groups for a Top 4
    found = await groups(client, b)
    # snake-wise from the prelims: Group A 10 13 14 17, Group B 11 12 15 16; 18 did not pass
    assert members(found) == {"Group A": [10, 13, 14, 17], "Group B": [11, 12, 15, 16]}
    assert (found["made"], found["bracket"], found["advance"], found["rounds"]) == (True, False, 2, 2)
    assert [len(g["battles"]) for g in found["groups"]] == [6, 6]  # every pair of a group once
    pairs = {frozenset((x["red"]["id"], x["blue"]["id"])) for x in found["groups"][0]["battles"]}
    assert len(pairs) == 6 and all(len(p) == 2 for p in pairs)
    assert found["blocked"] == "Every group battle must be decided before Add to bracket"
    before = (await client.get(f"/api/battles/{b}/brackets")).json()
    assert (before["left"], before["final"]) == ([], None)  # no bracket yet
    # the groups' battles are there for the scoreboards' choices, by group
    assert [(sp["level"], sp["round"]) for sp in before["groups"]] == [("Group A", 1)] * 6 + [("Group B", 2)] * 6
    early = await client.post(f"/api/battles/{b}/groups/bracket", headers=headers(ORGANIZER))
    assert (early.status_code, error(early)) == (409, "Every group battle must be decided before Add to bracket")
    # the lower number wins every group battle: 10 > 13 > 14 > 17, 11 > 12 > 15 > 16
    for group in found["groups"]:
        for battle in group["battles"]:
            await decide(client, battle["sparringId"], battle["red"]["id"] < battle["blue"]["id"])
    page = (await client.get(f"/api/battles/{b}")).json()
    assert (page["status"], page["winners"]) == ("prelims-finished", [])  # the groups end nothing
    ranked = await groups(client, b)
    a = ranked["groups"][0]["standings"]
    assert [(x["id"], x["rounds"], x["votes"], x["tied"], x["advances"]) for x in a] == [
        (10, 6, 6, False, True),
        (13, 4, 4, False, True),
        (14, 2, 2, False, False),
        (17, 0, 0, False, False),
    ]
    assert members(ranked)["Group B"] == [11, 12, 15, 16] and ranked["blocked"] is None
    refused = await client.post(f"/api/battles/{b}/groups/bracket", headers=headers(STRANGER))
    assert refused.status_code == 403
    built = await client.post(f"/api/battles/{b}/groups/bracket", headers=headers(ORGANIZER))
    assert built.status_code == 200, built.text
    assert built.json()["bracket"] is True
    bracket = (await client.get(f"/api/battles/{b}/brackets")).json()
    semis = [(sp["red"]["id"], sp["blue"]["id"]) for half in ("left", "right") for sp in bracket[half][0]]
    # the groups' winners seeded 1 and 2, the runners-up 3 and 4, each away from their group's winner: two of a
    # group meet in the final at the earliest
    assert semis == [(10, 12), (11, 13)]
    again = await client.post(f"/api/battles/{b}/groups/bracket", headers=headers(ORGANIZER))
    assert (again.status_code, error(again)) == (409, "The bracket is built from the groups")
    # a group battle is not reset under the bracket built from it
    first = ranked["groups"][0]["battles"][0]["sparringId"]
    reset = await client.delete(f"/api/sparrings/{first}/judge", headers=headers(ORGANIZER))
    assert reset.status_code == 409 and "undo the bracket first" in error(reset)
    # undone back to the groups, then built again
    undone = await client.delete(f"/api/battles/{b}/groups/bracket", headers=headers(ORGANIZER))
    assert undone.status_code == 200, undone.text
    assert undone.json()["bracket"] is False
    assert (await client.get(f"/api/battles/{b}/brackets")).json()["left"] == []
    assert (await client.post(f"/api/battles/{b}/groups/bracket", headers=headers(ORGANIZER))).status_code == 200
    # the bracket ends the battle: the final decides the places
    bracket = (await client.get(f"/api/battles/{b}/brackets")).json()
    for half in ("left", "right"):
        sp = bracket[half][0][0]
        await decide(client, sp["sparringId"], True, rounds=1)
    final = (await client.get(f"/api/battles/{b}/brackets")).json()["final"]
    await decide(client, final["sparringId"], True, rounds=1)
    page = (await client.get(f"/api/battles/{b}")).json()
    assert page["status"] == "finished"
    places: dict[int, list[int]] = {}
    for winner in page["winners"]:
        places.setdefault(winner["place"], []).extend(p["id"] for p in winner["participants"])
    assert {place: sorted(ids) for place, ids in places.items()} == {1: [10], 2: [11], 4: [12, 13]}


async def test_a_tie_at_the_top_waits_for_tie_break_rounds(client: httpx.AsyncClient, session: AsyncSession) -> None:
    """Three dancers each beating one other 2-0: all equal on rounds and votes; Add to bracket waits until
    tie-break rounds have ordered them."""
    b = await round_robin_battle(client, session, 3, 2)
    found = await groups(client, b)
    assert members(found) == {"Group A": [10, 11, 12]}
    beats = {(10, 11), (11, 12), (12, 10)}
    for battle in found["groups"][0]["battles"]:
        red, blue = battle["red"]["id"], battle["blue"]["id"]
        await decide(client, battle["sparringId"], (red, blue) in beats)
    tied = await groups(client, b)
    assert [(x["rounds"], x["votes"], x["tied"]) for x in tied["groups"][0]["standings"]] == [(2, 2, True)] * 3
    assert tied["blocked"] == "Group A has a tie: a tie-break round decides it before Add to bracket"
    refused = await client.post(f"/api/battles/{b}/groups/bracket", headers=headers(ORGANIZER))
    assert (refused.status_code, error(refused)) == (409, tied["blocked"])
    stranger = await client.post(f"/api/battles/{b}/groups/tiebreak/12", headers=headers(STRANGER))
    assert stranger.status_code == 403
    one = await client.post(f"/api/battles/{b}/groups/tiebreak/12", headers=headers(ORGANIZER))
    assert one.status_code == 200, one.text
    standings = one.json()["groups"][0]["standings"]
    assert [(x["id"], x["tied"]) for x in standings] == [(12, False), (10, True), (11, True)]
    twice = await client.post(f"/api/battles/{b}/groups/tiebreak/12", headers=headers(ORGANIZER))
    assert (twice.status_code, error(twice)) == (400, "12 is not tied in their group")
    two = await client.post(f"/api/battles/{b}/groups/tiebreak/11", headers=headers(ORGANIZER))
    assert [(x["id"], x["tied"]) for x in two.json()["groups"][0]["standings"]] == [
        (12, False),
        (11, False),
        (10, False),
    ]
    assert two.json()["blocked"] is None
    assert (await client.post(f"/api/battles/{b}/groups/bracket", headers=headers(ORGANIZER))).status_code == 200
    final = (await client.get(f"/api/battles/{b}/brackets")).json()["final"]
    assert (final["red"]["id"], final["blue"]["id"]) == (12, 11)


async def test_the_choice_is_fixed_once_the_prelims_are_finished(
    client: httpx.AsyncClient, session: AsyncSession
) -> None:
    b = await round_robin_battle(client, session, 4, 2)
    page = (await client.get(f"/api/battles/{b}", headers=headers(ORGANIZER))).json()
    off = await client.put(
        f"/api/battles/{b}", json={"title": page["title"], "roundRobin": False}, headers=headers(ORGANIZER)
    )
    assert (off.status_code, error(off)) == (409, "Round-robin groups can be turned on or off until Add to bracket")
    same = await client.put(
        f"/api/battles/{b}", json={"title": page["title"], "roundRobin": True}, headers=headers(ORGANIZER)
    )
    assert same.status_code == 200, same.text
    assert (await groups(client, b))["made"] is True
    # without groups, the battle has none to show
    other = await create_battle(client, style="bracket")
    missing = await client.get(f"/api/battles/{other['id']}/groups")
    assert (missing.status_code, error(missing)) == (404, "This battle has no round-robin groups")


async def test_a_battle_decided_by_choice_counts_as_every_round_won(
    client: httpx.AsyncClient, session: AsyncSession
) -> None:
    """Without the judges' marks (the organizer chose the winner on the sparring page), the winner took both rounds
    and nobody has a judge's vote."""
    b = await round_robin_battle(client, session, 3, 2)
    first = (await groups(client, b))["groups"][0]["battles"][0]
    chosen = await client.post(
        f"/api/admin/sparrings/{first['sparringId']}/set-winner/{first['blue']['id']}", headers=headers(ORGANIZER)
    )
    assert chosen.status_code == 200, chosen.text
    found = await groups(client, b)
    battle = found["groups"][0]["battles"][0]
    assert (battle["status"], battle["winner"], battle["redRounds"], battle["blueRounds"]) == (
        "finished",
        first["blue"]["id"],
        0,
        2,
    )
    standings = {x["id"]: (x["rounds"], x["votes"]) for x in found["groups"][0]["standings"]}
    assert standings[first["blue"]["id"]] == (2, 0) and standings[first["red"]["id"]] == (0, 0)
