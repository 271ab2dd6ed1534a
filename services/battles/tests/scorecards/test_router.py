"""A competitor's scorecard through the API, on a bracket of 4 (10 vs 13 and 11 vs 12, then the final), judges 5
and 6: private to the competitor and the battle's insiders until the final is decided, then public; a hidden
battle's only to them; each sparring from the competitor's side, per round and per judge."""

from __future__ import annotations

from typing import Any

import httpx
from battle.cast import HOST, JUDGE, ORGANIZER, STRANGER
from battle.factories import headers
from sparrings.factories import FINAL, JUDGE_2, SEMI_LEFT, SEMI_RIGHT, VOTER, bracket_battle, path, score
from sqlalchemy.ext.asyncio import AsyncSession


async def card(client: httpx.AsyncClient, battle: int, competitor: int, user: int | None = None) -> httpx.Response:
    return await client.get(f"/api/battles/{battle}/scorecards/{competitor}", headers=headers(user) if user else None)


def message(response: httpx.Response) -> str:
    return response.json()["error"]["message"]  # type: ignore[no-any-return]


async def judged(client: httpx.AsyncClient, sparring: Any, *points: tuple[float, float]) -> None:
    """Both judges score the sparring's one round, then the host finishes it."""
    for judge, (red, blue) in zip((JUDGE, JUDGE_2), points, strict=True):
        assert (await score(client, sparring, judge, (1, red, blue))).status_code == 200
    done = await client.post(f"{path(sparring)}/finish", headers=headers(HOST))
    assert done.status_code == 200, done.text


async def test_private_until_the_final_is_decided_then_public(client: httpx.AsyncClient, session: AsyncSession) -> None:
    battle, rows = await bracket_battle(client, session)
    b = battle["id"]
    voted = await client.post(f"{path(rows[SEMI_LEFT])}/audience/blue", headers=headers(VOTER))  # one for 13
    assert voted.status_code == 200, voted.text
    await judged(client, rows[SEMI_LEFT], (9, 8), (8.5, 8))  # 10 beats 13: 17.5 to 16

    for who in (None, STRANGER, 11):  # a guest, a stranger, another dancer
        refused = await card(client, b, 10, who)
        assert (refused.status_code, message(refused)) == (403, "A scorecard is public once the battle is decided")
    for who in (10, JUDGE, HOST, ORGANIZER):  # the dancer, a judge, the battle's admins
        assert (await card(client, b, 10, who)).status_code == 200, who

    mine = (await card(client, b, 10, 10)).json()
    assert mine["decided"] is False and mine["competitor"] == {"id": 10, "name": "Dancer 10", "avatar": "avatar-10"}
    semi = mine["sparrings"][0]
    assert (semi["level"], semi["color"], semi["status"], semi["result"]) == ("Semi-final", "red", "finished", "won")
    assert semi["opponent"] == {"id": 13, "name": "Dancer 13", "avatar": "avatar-13"}
    assert semi["rounds"] == [
        {
            "round": 1,
            "scores": [
                {
                    "judge": {"id": JUDGE, "dancerName": f"Dancer {JUDGE}", "avatar": f"avatar-{JUDGE}"},
                    "mine": 9,
                    "theirs": 8,
                    "faders": None,
                },
                {
                    "judge": {"id": JUDGE_2, "dancerName": f"Dancer {JUDGE_2}", "avatar": f"avatar-{JUDGE_2}"},
                    "mine": 8.5,
                    "theirs": 8,
                    "faders": None,
                },
            ],
            "mine": 17.5,
            "theirs": 16,
            "decision": None,  # points: the totals decide, not the rounds
        }
    ]
    assert (semi["mine"], semi["theirs"], semi["votesMine"], semi["votesTheirs"]) == (17.5, 16, 0, 1)
    assert [s["level"] for s in mine["sparrings"]] == ["Semi-final", "Final"]  # moved on: the final, undecided
    assert mine["sparrings"][1]["result"] is None and mine["sparrings"][1]["opponent"] is None

    # 13 lost: their card is the same sparring from the blue side
    lost = (await card(client, b, 13, 13)).json()["sparrings"]
    assert [(s["color"], s["result"], s["mine"], s["theirs"], s["votesMine"]) for s in lost] == [
        ("blue", "lost", 16, 17.5, 1)
    ]

    await judged(client, rows[SEMI_RIGHT], (7, 9), (7, 9))  # 12 beats 11
    await judged(client, rows[FINAL], (8, 9), (8, 9.5))  # 12 beats 10: champion
    public = await card(client, b, 12)
    assert public.status_code == 200, public.text
    champion = public.json()
    assert champion["decided"] is True
    assert [(s["level"], s["color"], s["result"], s["mine"], s["theirs"]) for s in champion["sparrings"]] == [
        ("Semi-final", "blue", "won", 18, 14),
        ("Final", "blue", "won", 18.5, 16),
    ]
    assert (await card(client, b, 10, STRANGER)).json()["sparrings"][1]["result"] == "lost"


async def test_a_competitor_not_in_the_battle_is_not_found(client: httpx.AsyncClient, session: AsyncSession) -> None:
    battle, _ = await bracket_battle(client, session)
    missing = await card(client, battle["id"], 999, ORGANIZER)
    assert (missing.status_code, message(missing)) == (404, "Competitor not found")
    assert (await card(client, 999999, 10, ORGANIZER)).status_code == 404


async def test_a_hidden_battle_shows_a_card_to_its_competitor_and_insiders_only(
    client: httpx.AsyncClient, session: AsyncSession
) -> None:
    battle, rows = await bracket_battle(client, session, hideParticipants=True)
    b = battle["id"]
    await judged(client, rows[SEMI_LEFT], (9, 8), (9, 8))
    for who in (None, STRANGER):
        refused = await card(client, b, 10, who)
        assert (refused.status_code, message(refused)) == (403, "This battle hides its participants")
    own = await card(client, b, 10, 10)
    assert own.status_code == 200
    # the competitor reads their own card, their opponent hidden as on the floor (no name, no real id)
    opponent = own.json()["sparrings"][0]["opponent"]
    assert opponent["name"] == "Hidden" and opponent["id"] < 0 and opponent["avatar"] is None
    assert "Dancer 13" not in own.text
    insider = await card(client, b, 10, HOST)
    assert insider.status_code == 200 and insider.json()["sparrings"][0]["opponent"]["name"] == "Dancer 13"
