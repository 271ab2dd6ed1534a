"""The prelims: judges' points (half steps, 1 to 10, 0 clears, a replay counts once), who passes and sameScore, the
flags, gone, Randomize, Add to bracket (standard seeding with byes) and Undo bracket, groups and moves."""

from __future__ import annotations

from typing import Any

import httpx
from battle.cast import EVENT_ID, JUDGE, ORGANIZER, STRANGER
from battle.factories import add_judge, create_crew, create_profiles, finish_prelims, headers, prelims_battle, score
from sparrings.factories import outbox
from sqlalchemy import text
from sqlalchemy.ext.asyncio import AsyncSession

from kit.testing import collect_events

OTHER_JUDGE = 6
SAME_SCORE = (
    "Too many competitors with the same points for the final bracket spot(s). "
    "Update the points on the competitors to proceed."
)


async def prelims(client: httpx.AsyncClient, battle_id: int, by: int | None = None, **query: str) -> dict[str, Any]:
    response = await client.get(f"/api/battles/{battle_id}/prelims", params=query, headers=headers(by) if by else None)
    assert response.status_code == 200, response.text
    return dict(response.json())


def rows(page: dict[str, Any]) -> dict[int, dict[str, Any]]:
    return {r["id"]: r for r in page.get("participants") or page["crews"]}


class TestScoring:
    async def test_half_steps_range_and_clearing(
        self, client: httpx.AsyncClient, session: AsyncSession, nats_url: str
    ) -> None:
        battle = await prelims_battle(client, session, 2)
        b = battle["id"]
        done = await score(client, b, 10, 7.5)
        assert done.status_code == 200, done.text
        row = rows(done.json())[10]
        assert row["pointsAverage"] == 7.5
        assert row["prelims"]["rounds"] == {
            "1": [{"id": JUDGE, "dancerName": f"Dancer {JUDGE}", "avatar": f"avatar-{JUDGE}", "points": 7.5}]
        }
        assert (await score(client, b, 11, 1)).status_code == 200
        for bad in (10.5, 0.3, 0.5, 11, -1, 100):
            refused = await score(client, b, 10, bad)
            assert refused.status_code == 400, bad
            assert refused.json()["error"]["message"] == "Points are 1 to 10 in half steps"
        assert rows(await prelims(client, b))[10]["pointsAverage"] == 7.5  # refused: nothing changed
        cleared = await score(client, b, 10, 0)
        assert rows(cleared.json())[10]["pointsAverage"] == 0
        assert rows(cleared.json())[10]["prelims"]["rounds"] == {}
        assert (await score(client, b, 11, None)).json()["participants"][0]["prelims"]["rounds"] == {}
        events = await collect_events(nats_url, "battles.prelims.scored", count=4)
        assert {k: events[0].data[k] for k in ("battleId", "eventId", "judgeId", "version")} == {
            "battleId": b,
            "eventId": EVENT_ID,
            "judgeId": JUDGE,
            "version": 1,
        }
        assert [e.data["version"] for e in events] == [1, 2, 3, 4]  # the refused ones took none
        assert events[2].data["points"] == [{"id": 10, "round": 1, "points": None}]  # cleared
        assert events[0].topics == [f"battle:{b}"]  # not the event's pages: a score changes nothing they show

    async def test_judges_only(self, client: httpx.AsyncClient, session: AsyncSession) -> None:
        battle = await prelims_battle(client, session, 2)
        b = battle["id"]
        body = [{"userId": 10, "points": 8, "mode": "new", "round": 1}]
        assert (await client.post(f"/api/battles/{b}/prelims", json=body)).status_code == 401
        for user_id in (STRANGER, ORGANIZER, 10):
            refused = await client.post(f"/api/battles/{b}/prelims", json=body, headers=headers(user_id))
            assert refused.status_code == 403, user_id
        assert (await prelims(client, b, JUDGE))["permissions"]["canJudge"] is True
        assert (await prelims(client, b, ORGANIZER))["permissions"]["canJudge"] is False
        assert (await prelims(client, b))["permissions"]["canJudge"] is False

    async def test_a_replay_counts_once(self, client: httpx.AsyncClient, session: AsyncSession) -> None:
        battle = await prelims_battle(client, session, 2)
        b = battle["id"]
        await score(client, b, 10, 8)
        again = await score(client, b, 10, 8)
        assert [s["points"] for s in rows(again.json())[10]["prelims"]["rounds"]["1"]] == [8]
        await score(client, b, 10, 9, judge=JUDGE)
        count = await session.scalar(text("SELECT count(*) FROM prelim_score"))
        assert count == 1
        assert rows(await prelims(client, b))[10]["pointsAverage"] == 9

    async def test_unknown_competitor_or_round(self, client: httpx.AsyncClient, session: AsyncSession) -> None:
        battle = await prelims_battle(client, session, 2)
        b = battle["id"]
        assert (await score(client, b, 99, 8)).status_code == 400
        round_two = await score(client, b, 10, 8, round_=2)
        assert round_two.status_code == 400
        assert round_two.json()["error"]["message"] == "Round is 1 to 1"
        assert (await prelims(client, b))["rounds"] == 1
        crew_key = await client.post(
            f"/api/battles/{b}/prelims", json=[{"crewId": 1, "points": 8, "round": 1}], headers=headers(JUDGE)
        )
        assert crew_key.status_code == 400
        assert crew_key.json()["error"]["message"] == "userId is required"


class TestPassing:
    async def test_the_cut_and_same_score(self, client: httpx.AsyncClient, session: AsyncSession) -> None:
        battle = await prelims_battle(client, session, 5, bracketSize=4)
        b = battle["id"]
        for user_id, points in ((10, 9), (11, 9), (12, 8), (13, 8), (14, 8)):
            await score(client, b, user_id, points)
        page = await prelims(client, b, ORGANIZER)
        # the cut (4 spots) falls among the three 8s: all three are sameScore
        assert {i: r["passStatus"] for i, r in rows(page).items()} == {
            10: "passed",
            11: "passed",
            12: "sameScore",
            13: "sameScore",
            14: "sameScore",
        }
        assert {i: r["place"] for i, r in rows(page).items()} == {10: 1, 11: 1, 12: 3, 13: 3, 14: 3}
        assert page["permissions"]["error"] == SAME_SCORE
        assert (await client.post(f"/api/battles/{b}/reshuffle", headers=headers(ORGANIZER))).status_code == 200
        refused = await client.post(f"/api/battles/{b}/prelims/finish", headers=headers(ORGANIZER))
        assert refused.status_code == 409
        assert refused.json()["error"]["message"] == SAME_SCORE
        await score(client, b, 14, 6)
        page = await prelims(client, b, ORGANIZER)
        assert page["permissions"]["error"] is None
        assert [r["id"] for r in page["participants"] if r["passStatus"] == "passed"] == [10, 11, 12, 13]
        assert rows(page)[14]["passStatus"] is None
        # sorted by average (value-desc by default; value-asc reverses)
        assert [r["id"] for r in (await prelims(client, b, sb="value-asc"))["participants"]][0] == 14

    async def test_the_message_carries_the_rows(
        self, client: httpx.AsyncClient, session: AsyncSession, nats_url: str
    ) -> None:
        """A score's message carries what the public list shows after it: the points set, the judge, every row's
        average, place and pass status, the bracket's error; its version is the one the next read shows."""
        battle = await prelims_battle(client, session, 5, bracketSize=4)
        b = battle["id"]
        for user_id, points in ((10, 9), (11, 9), (12, 8), (13, 8), (14, 8)):
            await score(client, b, user_id, points)
        await client.post(f"/api/battles/{b}/prelims/gone/14", headers=headers(ORGANIZER))
        await create_profiles(session, OTHER_JUDGE)
        await add_judge(client, b, OTHER_JUDGE)
        last = await score(client, b, 12, 7, judge=OTHER_JUDGE)
        assert last.status_code == 200, last.text
        page = await prelims(client, b)
        assert page["version"] == last.json()["version"] == 7  # five scores, a gone, a score
        events = await collect_events(nats_url, "battles.prelims.scored", count=6)
        message = events[-1].data
        assert message["version"] == 7
        assert (message["judgeId"], message["judgeName"]) == (OTHER_JUDGE, f"Dancer {OTHER_JUDGE}")
        assert message["points"] == [{"id": 12, "round": 1, "points": 7.0}]
        shown = {
            r["id"]: {
                "id": r["id"],
                "pointsAverage": r["pointsAverage"],
                "place": r["place"],
                "passStatus": r["passStatus"],
            }
            for r in page["participants"]
        }
        assert {s["id"]: s for s in message["standings"]} == shown
        assert shown[12]["pointsAverage"] == 7.5 and shown[14]["place"] is None  # gone: no place
        assert message["error"] == page["permissions"]["error"]

    async def test_flags(self, client: httpx.AsyncClient, session: AsyncSession) -> None:
        battle = await prelims_battle(client, session, 2)
        b = battle["id"]
        flags = (await prelims(client, b, ORGANIZER))["permissions"]
        assert flags == {
            "canJudge": False,
            "canSetGone": True,
            "canFinishPrelims": True,
            "canShuffle": True,
            "canUndoBrackets": False,
            "error": None,
        }
        guest = (await prelims(client, b))["permissions"]
        assert not any(v for k, v in guest.items() if k != "error")
        shuffled = await client.post(f"/api/battles/{b}/reshuffle", headers=headers(ORGANIZER))
        assert shuffled.json()["permissions"]["canShuffle"] is False
        again = await client.post(f"/api/battles/{b}/reshuffle", headers=headers(ORGANIZER))
        assert again.status_code == 409
        nothing = await client.post(f"/api/battles/{b}/prelims", json=[], headers=headers(JUDGE))
        assert nothing.status_code == 200 and nothing.json()["permissions"]["canShuffle"] is False
        await score(client, b, 10, 8)  # a score change asks for Randomize again
        assert (await prelims(client, b, ORGANIZER))["permissions"]["canShuffle"] is True
        assert (await client.post(f"/api/battles/{b}/reshuffle", headers=headers(STRANGER))).status_code == 403
        assert (await client.post(f"/api/battles/{b}/reshuffle")).status_code == 401

    async def test_the_same_points_again_keep_the_draw(self, client: httpx.AsyncClient, session: AsyncSession) -> None:
        """A judge's points sent again unchanged (Done pressed twice, a queued call replayed) are no change: the
        draw stays and nothing is announced; a real change still voids it (the rehearsal met this race)."""
        battle = await prelims_battle(client, session, 2)
        b = battle["id"]
        await score(client, b, 10, 8)
        await score(client, b, 11, 7)
        assert (await client.post(f"/api/battles/{b}/reshuffle", headers=headers(ORGANIZER))).status_code == 200
        before = await outbox(session, "battles.prelims.scored")
        await score(client, b, 10, 8)
        await score(client, b, 11, 7)
        assert (await prelims(client, b, ORGANIZER))["permissions"]["canShuffle"] is False
        assert await outbox(session, "battles.prelims.scored") == before
        await score(client, b, 11, 7.5)
        assert (await prelims(client, b, ORGANIZER))["permissions"]["canShuffle"] is True

    async def test_gone_toggles(self, client: httpx.AsyncClient, session: AsyncSession, nats_url: str) -> None:
        battle = await prelims_battle(client, session, 2)
        b = battle["id"]
        gone = await client.post(f"/api/battles/{b}/prelims/gone/10", headers=headers(ORGANIZER))
        assert gone.status_code == 200
        row = rows(gone.json())[10]
        assert (row["isGone"], row["place"], row["passStatus"]) == (True, None, None)
        page = gone.json()
        assert page["permissions"]["error"] == "At least 2 competitors are needed for a bracket."
        assert page["permissions"]["canShuffle"] is False
        assert (await client.post(f"/api/battles/{b}/reshuffle", headers=headers(ORGANIZER))).status_code == 409
        back = await client.post(f"/api/battles/{b}/prelims/gone/10", headers=headers(ORGANIZER))
        assert rows(back.json())[10]["isGone"] is False
        assert (await client.post(f"/api/battles/{b}/prelims/gone/99", headers=headers(ORGANIZER))).status_code == 404
        assert (await client.post(f"/api/battles/{b}/prelims/gone/10", headers=headers(STRANGER))).status_code == 403
        assert (await client.post(f"/api/battles/{b}/prelims/gone/10", headers=headers(JUDGE))).status_code == 403
        (event, _) = await collect_events(nats_url, "battles.prelims.changed", count=2)
        assert event.data == {"battleId": b, "eventId": EVENT_ID, "change": "gone", "version": 1}


class TestBracket:
    async def test_finish_seeds_with_byes(self, client: httpx.AsyncClient, session: AsyncSession) -> None:
        battle = await prelims_battle(client, session, 5)
        b = battle["id"]
        for user_id, points in ((10, 10), (11, 9), (12, 8), (13, 7), (14, 6)):
            await score(client, b, user_id, points)
        unshuffled = await client.post(f"/api/battles/{b}/prelims/finish", headers=headers(ORGANIZER))
        assert unshuffled.status_code == 409
        assert unshuffled.json()["error"]["message"] == "Randomize the competitors before adding them to the bracket."
        page = await finish_prelims(client, b)
        assert page["status"] == "prelims-finished"
        assert all(r["isPromoted"] for r in page["participants"])
        assert page["permissions"]["canUndoBrackets"] is True
        assert page["permissions"]["canSetGone"] is False
        bracket = (await client.get(f"/api/battles/{b}/brackets")).json()

        def sides(sp: dict[str, Any]) -> tuple[Any, Any, int, str]:
            return (sp["red"] and sp["red"]["id"], sp["blue"] and sp["blue"]["id"], sp["winner"], sp["status"])

        # seeds 1..5 are 10..14; 1 v 8 and 4 v 5 on the left, 2 v 7 and 3 v 6 on the right: 1, 2, 3 get byes
        assert [[sides(sp) for sp in r] for r in bracket["left"]] == [
            [(10, None, 10, "finished"), (13, 14, 0, "ready")],
            [(10, None, 0, "waiting")],
        ]
        assert [[sides(sp) for sp in r] for r in bracket["right"]] == [
            [(11, None, 11, "finished"), (12, None, 12, "finished")],
            [(11, 12, 0, "ready")],
        ]
        assert sides(bracket["final"]) == (None, None, 0, "waiting")
        assert bracket["left"][0][0]["red"] == {"id": 10, "name": "Dancer 10", "avatar": "avatar-10"}
        assert bracket["bracketSize"] == 8 and [lv["name"] for lv in bracket["levels"]] == [
            "Top 8",
            "Semi-final",
            "Final",
        ]
        again = await client.post(f"/api/battles/{b}/prelims/finish", headers=headers(ORGANIZER))
        assert again.status_code == 409
        assert (await score(client, b, 10, 5)).status_code == 409  # the prelims are over

    async def test_equal_averages_are_seeded_by_lot(self, client: httpx.AsyncClient, session: AsyncSession) -> None:
        battle = await prelims_battle(client, session, 2)
        b = battle["id"]
        await score(client, b, 10, 8)
        await score(client, b, 11, 8)
        page = await finish_prelims(client, b)
        draws = dict(
            (await session.execute(text("SELECT user_id, draw FROM entry WHERE battle_id = :b"), {"b": b})).all()
        )
        first, second = sorted(draws, key=lambda user_id: draws[user_id])
        assert {r["id"]: r["place"] for r in page["participants"]} == {first: 1, second: 2}
        found = (await client.get(f"/api/battles/{b}/brackets")).json()
        assert found["left"][0][0]["red"]["id"] == first  # seed 1 heads the left half
        assert found["right"][0][0]["red"]["id"] == second

    async def test_undo(self, client: httpx.AsyncClient, session: AsyncSession, nats_url: str) -> None:
        battle = await prelims_battle(client, session, 3)
        b = battle["id"]
        assert (await client.delete(f"/api/battles/{b}/brackets", headers=headers(ORGANIZER))).status_code == 409
        await finish_prelims(client, b)
        assert (await client.delete(f"/api/battles/{b}/brackets", headers=headers(STRANGER))).status_code == 403
        undone = await client.delete(f"/api/battles/{b}/brackets", headers=headers(ORGANIZER))
        assert undone.status_code == 200, undone.text
        page = undone.json()
        assert page["status"] == "registration"
        assert not any(r["isPromoted"] for r in page["participants"])
        assert page["permissions"]["canShuffle"] is True  # Randomize again before the next Add to bracket
        emptied = (await client.get(f"/api/battles/{b}/brackets")).json()
        assert (emptied["left"], emptied["right"], emptied["final"]) == ([], [], None)
        # a sparring decided by its judges (or by hand) ends Undo bracket
        await finish_prelims(client, b)
        await session.execute(
            text(
                "UPDATE sparring SET winner_entry_id = red_entry_id, status = 'finished' "
                "WHERE battle_id = :b AND red_entry_id IS NOT NULL AND blue_entry_id IS NOT NULL"
            ),
            {"b": b},
        )
        await session.commit()
        assert (await prelims(client, b, ORGANIZER))["permissions"]["canUndoBrackets"] is False
        refused = await client.delete(f"/api/battles/{b}/brackets", headers=headers(ORGANIZER))
        assert refused.status_code == 409
        changes = [e.data["change"] for e in await collect_events(nats_url, "battles.prelims.changed", count=5)]
        assert changes == ["reshuffle", "finish", "undo", "reshuffle", "finish"]


class TestGroups:
    async def test_from_checked_in_only(self, client: httpx.AsyncClient, session: AsyncSession) -> None:
        battle = await prelims_battle(client, session, 5, checked_in=(10, 11, 12, 13))
        b = battle["id"]
        path = f"/api/battles/{b}/prelims/create-groups"
        made = await client.post(path, json={"amount": 2, "type": "number"}, headers=headers(ORGANIZER))
        assert made.status_code == 200, made.text
        groups = made.json()["groups"]
        assert [(g["name"], g["amountMembers"]) for g in groups] == [("Group 1", 2), ("Group 2", 2)]
        assert [[m["randId"] for m in g["participants"]] for g in groups] == [[1, 3], [2, 4]]
        assert groups[0]["participants"][0] == {"id": 10, "name": "Dancer 10", "randId": 1, "avatar": "avatar-10"}
        assert "crews" not in groups[0]
        page = await prelims(client, b)
        assert rows(page)[10]["group"] == groups[0]["id"]
        assert rows(page)[14]["group"] is None and rows(page)[14]["checkedIn"] is False
        many = await client.post(path, json={"amount": 10, "type": "random"}, headers=headers(ORGANIZER))
        assert sorted(g["amountMembers"] for g in many.json()["groups"]) == [1, 1, 1, 1]
        removed = await client.post(path, json={"amount": 0, "type": "random"}, headers=headers(ORGANIZER))
        assert removed.json() == {"groups": []}
        await client.post(path, json={"amount": 2, "type": "random"}, headers=headers(ORGANIZER))
        by_number = await client.post(path, json={"amount": 0, "type": "number"}, headers=headers(ORGANIZER))
        assert by_number.json() == {"groups": []}
        assert rows(await prelims(client, b))[10]["group"] is None
        assert (
            await client.post(path, json={"amount": 2, "type": "random"}, headers=headers(STRANGER))
        ).status_code == 403
        assert (await client.post(path, json={"amount": 2, "type": "random"})).status_code == 401

    async def test_move(self, client: httpx.AsyncClient, session: AsyncSession) -> None:
        battle = await prelims_battle(client, session, 4, checked_in=(10, 11, 12, 13))
        b = battle["id"]
        made = await client.post(
            f"/api/battles/{b}/prelims/create-groups", json={"amount": 2, "type": "number"}, headers=headers(ORGANIZER)
        )
        first, second = (g["id"] for g in made.json()["groups"])
        moved = await client.post(f"/api/battles/{b}/prelims/{second}/move/10", headers=headers(ORGANIZER))
        assert moved.status_code == 200, moved.text
        assert [[m["id"] for m in g["participants"]] for g in moved.json()["groups"]] == [[12], [10, 11, 13]]
        other = await prelims_battle_second(client)
        for path in (
            f"/api/battles/{b}/prelims/999999/move/10",
            f"/api/battles/{b}/prelims/{first}/move/99",
            f"/api/battles/{other}/prelims/{first}/move/10",
        ):
            assert (await client.post(path, headers=headers(ORGANIZER))).status_code == 404, path
        assert (
            await client.post(f"/api/battles/{b}/prelims/{first}/move/10", headers=headers(STRANGER))
        ).status_code == 403


async def prelims_battle_second(client: httpx.AsyncClient) -> int:
    created = await client.post(f"/api/events/{EVENT_ID}/add-battle", headers=headers(ORGANIZER))
    return int(created.json()["id"])


class TestCrews:
    async def test_rounds_and_groups_of_crews(self, client: httpx.AsyncClient, session: AsyncSession) -> None:
        battle = await prelims_battle(client, session, 0, checked_in=(20, 21, 22), crewSize=2)
        b = battle["id"]
        await create_profiles(session, 20, 21, 22, 23)
        ready = await create_crew(client, b, "Ready", 20, 21)
        half = await create_crew(client, b, "Half", 22, 23)  # 23 is not checked in
        page = await prelims(client, b)
        assert page["rounds"] == 2 and "participants" not in page
        crews = rows(page)
        assert crews[ready]["checkedIn"] is True and crews[half]["checkedIn"] is False
        assert crews[ready]["participants"] == [
            {"id": 20, "dancerName": "Dancer 20", "avatar": "avatar-20"},
            {"id": 21, "dancerName": "Dancer 21", "avatar": "avatar-21"},
        ]
        assert (crews[ready]["name"], crews[ready]["avatar"]) == ("Ready", None)
        assert (await score(client, b, ready, 8, round_=2, crew=True)).status_code == 200
        assert (await score(client, b, ready, 9, round_=1, crew=True)).status_code == 200
        third = await score(client, b, ready, 8, round_=3, crew=True)
        assert third.status_code == 400
        row = rows(await prelims(client, b))[ready]
        assert row["pointsAverage"] == 8.5 and sorted(row["prelims"]["rounds"]) == ["1", "2"]
        made = await client.post(
            f"/api/battles/{b}/prelims/create-groups", json={"amount": 2, "type": "random"}, headers=headers(ORGANIZER)
        )
        groups = made.json()["groups"]
        assert [[m["id"] for m in g["crews"]] for g in groups] == [[ready]]
