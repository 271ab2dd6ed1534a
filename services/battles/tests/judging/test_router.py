"""The judging modes through the API on a bracket of 4 with three judges (docs/product/judging.md): a battle
chooses its mode in the wizard's save, fixed once a judge scored; each mode's rounds, refusals, the per-round
decisions as they come in, Finish by rounds won, the scorecard's votes and faders, and the events announced."""

from __future__ import annotations

from typing import Any

import httpx
from battle.cast import HOST, JUDGE, ORGANIZER
from battle.factories import headers
from sparrings.factories import FINAL, JUDGE_2, SEMI_LEFT, bracket_battle, outbox, path, read
from sqlalchemy.ext.asyncio import AsyncSession

from battles.models import Sparring

JUDGE_3 = 7
JUDGES = (JUDGE, JUDGE_2, JUDGE_3)
TWO_ROUNDS = [{"name": "Semi-final", "rounds": 2}, {"name": "Final", "rounds": 1}]


async def send(client: httpx.AsyncClient, sparring: Sparring, judge: int, *rounds: dict[str, Any]) -> httpx.Response:
    return await client.post(f"{path(sparring)}/judge", json={"rounds": list(rounds)}, headers=headers(judge))


def pick(number: int, side: str) -> dict[str, Any]:
    return {"round": number, "pick": side}


def faders(number: int, *values: int) -> dict[str, Any]:
    return {"round": number, "faders": list(values)}


async def finish(client: httpx.AsyncClient, sparring: Sparring) -> dict[str, Any]:
    done = await client.post(f"{path(sparring)}/finish", headers=headers(HOST))
    assert done.status_code == 200, done.text
    return done.json()  # type: ignore[no-any-return]


class TestMode:
    async def test_chosen_when_set_up_and_fixed_once_a_judge_scored(
        self, client: httpx.AsyncClient, session: AsyncSession
    ) -> None:
        battle, rows = await bracket_battle(client, session, judges=JUDGES)
        assert battle["judgingMode"] == "points"  # the default, the spec's
        url = f"/api/battles/{battle['id']}"
        saved = await client.put(url, json={"title": "Battle", "judgingMode": "pick"}, headers=headers(ORGANIZER))
        assert saved.status_code == 200 and saved.json()["judgingMode"] == "pick"
        sparring = await read(client, rows[SEMI_LEFT])
        assert (sparring["judgingMode"], sparring["criteria"]) == ("pick", [])
        bad = await client.put(url, json={"title": "Battle", "judgingMode": "loudest"}, headers=headers(ORGANIZER))
        assert bad.status_code == 400
        assert (await send(client, rows[SEMI_LEFT], JUDGE, pick(1, "red"))).status_code == 200
        fixed = await client.put(url, json={"title": "Battle", "judgingMode": "five"}, headers=headers(ORGANIZER))
        assert fixed.status_code == 409
        assert fixed.json()["error"]["message"] == "The judging mode is fixed once a judge has scored"
        same = await client.put(url, json={"title": "Battle 2", "judgingMode": "pick"}, headers=headers(ORGANIZER))
        assert same.status_code == 200  # saving the rest of the battle keeps working
        assert (await client.get(url)).json()["judgingMode"] == "pick"


class TestPointAtTheWinner:
    async def test_round_by_round_most_judges_then_most_rounds(
        self, client: httpx.AsyncClient, session: AsyncSession
    ) -> None:
        _, rows = await bracket_battle(client, session, judges=JUDGES, judgingMode="pick", bracketLevels=TWO_ROUNDS)
        semi = rows[SEMI_LEFT]
        for judge, side in zip(JUDGES, ("red", "red", "tie"), strict=True):
            assert (await send(client, semi, judge, pick(1, side))).status_code == 200
        shown = await read(client, semi)
        assert [r["decision"] for r in shown["rounds"]] == ["red", None]  # round 2 not danced yet
        assert [s["pick"] for s in shown["rounds"][0]["scores"]] == ["red", "red", "tie"]
        assert (shown["rounds"][0]["sumRedPoints"], shown["rounds"][0]["sumBluePoints"]) == (2, 0)
        assert (shown["red"]["roundsWon"], shown["blue"]["roundsWon"]) == (1, 0)
        # a judge sends round 2 with round 1 again (the tablet sends what it has): a replay counts once
        for judge, side in zip(JUDGES, ("blue", "blue", "red"), strict=True):
            again = await send(client, semi, judge, pick(1, "red" if judge != JUDGE_3 else "tie"), pick(2, side))
            assert again.status_code == 200, again.text
        shown = await read(client, semi)
        assert [r["decision"] for r in shown["rounds"]] == ["red", "blue"]
        assert [len(r["scores"]) for r in shown["rounds"]] == [3, 3]
        # one round each, no audience: a tie breaker round, then red takes it
        tied = await finish(client, semi)
        assert tied["status"] == "need-tie-breaker"
        assert (await client.post(f"{path(semi)}/extra", headers=headers(HOST))).status_code == 200
        for judge in JUDGES:
            assert (await send(client, semi, judge, pick(3, "red"))).status_code == 200
        done = await finish(client, semi)
        assert (done["status"], done["winnerId"], done["red"]["roundsWon"]) == ("finished", 10, 2)
        assert (await read(client, rows[FINAL]))["red"]["id"] == 10
        scored = await outbox(session, "battles.sparring.scored")
        assert scored[-1]["data"]["rounds"] == [{"round": 3, "redPoints": 1, "bluePoints": 0, "faders": None}]

    async def test_refusals_change_nothing(self, client: httpx.AsyncClient, session: AsyncSession) -> None:
        _, rows = await bracket_battle(client, session, judges=JUDGES, judgingMode="pick", bracketLevels=TWO_ROUNDS)
        semi = rows[SEMI_LEFT]
        cases = [
            ([pick(1, "green")], "Choose red, blue or a tie for every round"),
            ([{"round": 1, "redPoints": 9, "bluePoints": 8}], "Choose red, blue or a tie for every round"),
            ([pick(2, "red")], "Give the rounds in order: a round follows the one before it"),
            ([pick(3, "red")], "A round is 1 to 2"),
        ]
        for rounds, message in cases:
            refused = await send(client, semi, JUDGE, *rounds)
            assert refused.status_code == 400, rounds
            assert refused.json()["error"]["message"] == message
        assert (await read(client, semi))["rounds"][0]["scores"] == []
        assert (await read(client, semi))["status"] == "ready"
        # a round follows one given before: round 2 alone, once round 1 is stored
        assert (await send(client, semi, JUDGE, pick(1, "red"))).status_code == 200
        alone = await send(client, semi, JUDGE, pick(2, "blue"))
        assert alone.status_code == 200, alone.text
        assert [r["scores"][0]["pick"] for r in (await read(client, semi))["rounds"]] == ["red", "blue"]


class TestFaders:
    async def test_threefold_the_faders_give_the_judges_vote(
        self, client: httpx.AsyncClient, session: AsyncSession
    ) -> None:
        _, rows = await bracket_battle(client, session, judges=JUDGES, judgingMode="threefold")
        semi = rows[SEMI_LEFT]
        assert (await read(client, semi))["criteria"] == ["Physical", "Artistic", "Interpretative"]
        for judge, values in zip(JUDGES, ([3, 2, -1], [0, 0, 0], [-4, 1, 1]), strict=True):
            assert (await send(client, semi, judge, faders(1, *values))).status_code == 200
        shown = await read(client, semi)
        first = shown["rounds"][0]
        assert [s["pick"] for s in first["scores"]] == ["blue", "tie", "red"]
        assert [s["faders"] for s in first["scores"]] == [[3, 2, -1], [0, 0, 0], [-4, 1, 1]]
        assert first["decision"] == "tie"
        refused = await send(client, semi, JUDGE, faders(1, 3, 2))
        assert refused.status_code == 400
        assert refused.json()["error"]["message"] == "Every criterion needs its fader, from -10 (red) to 10 (blue)"
        # the audience breaks the tie of rounds
        assert (await client.post(f"{path(semi)}/audience/blue", headers=headers(8))).status_code == 200
        done = await finish(client, semi)
        assert (done["status"], done["winnerId"]) == ("finished", 13)

    async def test_five_criteria_most_votes_take_the_round(
        self, client: httpx.AsyncClient, session: AsyncSession
    ) -> None:
        battle, rows = await bracket_battle(client, session, judges=JUDGES, judgingMode="five")
        semi = rows[SEMI_LEFT]
        given = ([-2, -2, 1, 0, 0], [5, -1, -1, -1, -1], [-10, 10, -10, 10, -1])
        for judge, values in zip(JUDGES, given, strict=True):
            assert (await send(client, semi, judge, faders(1, *values))).status_code == 200
        done = await finish(client, semi)
        assert (done["rounds"][0]["decision"], done["winnerId"]) == ("red", 10)
        # the winner's scorecard shows each judge's faders, criterion by criterion
        card = await client.get(f"/api/battles/{battle['id']}/scorecards/10", headers=headers(HOST))
        assert card.status_code == 200, card.text
        judged = card.json()["sparrings"][0]
        assert judged["criteria"] == ["Technique", "Vocabulary", "Execution", "Musicality", "Originality"]
        first = judged["rounds"][0]
        # toward this dancer +: they were red, so the faders turn round
        assert [s["faders"] for s in first["scores"]] == [[-f for f in v] for v in given]
        assert [s["mine"] for s in first["scores"]] == [1, 0, 1]  # the votes, as red (this dancer) sees them
        assert first["decision"] == "won"
