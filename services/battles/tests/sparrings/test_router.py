"""Sparrings through the API on a bracket of 4 (10 vs 13 and 11 vs 12, then the final), judges 5 and 6: the scores,
the audience, the winner rule, tie breakers, set-winner, reset, winners moving on, and the final's places."""

from __future__ import annotations

import asyncio

import httpx
from battle.cast import EVENT_ADMIN, EVENT_ID, HOST, JUDGE, ORGANIZER, PLATFORM_ADMIN, STRANGER
from battle.factories import (
    check_in,
    create_battle,
    create_bracket,
    create_event,
    create_profiles,
    headers,
    winners_announced,
)
from sparrings.factories import (
    FINAL,
    JUDGE_2,
    SEMI_LEFT,
    SEMI_RIGHT,
    VOTER,
    bracket_battle,
    outbox,
    path,
    read,
    score,
)
from sqlalchemy import select, text
from sqlalchemy.ext.asyncio import AsyncSession

from battles.brackets.rules import THIRD, Spot
from battles.models import Battle, Entry, Sparring

LEVELS_TWO_ROUNDS = [{"name": "Semi-final", "rounds": 2}, {"name": "Final", "rounds": 1}]


def error(response: httpx.Response) -> str:
    return response.json()["error"]["message"]  # type: ignore[no-any-return]


async def both_judges(client: httpx.AsyncClient, sparring: Sparring | int, red: float, blue: float) -> None:
    for judge in (JUDGE, JUDGE_2):
        assert (await score(client, sparring, judge, (1, red, blue))).status_code == 200


class TestRead:
    async def test_public_shape(self, client: httpx.AsyncClient, session: AsyncSession) -> None:
        battle, rows = await bracket_battle(client, session)
        answer = await read(client, rows[SEMI_LEFT])
        assert answer == {
            "sparringId": rows[SEMI_LEFT].id,
            "version": 0,
            "battleId": battle["id"],
            "eventId": EVENT_ID,
            "battleTitle": "Battle",
            "crewSize": 1,
            "level": "Semi-final",
            "status": "ready",
            "winnerId": 0,
            "red": {
                "id": 10,
                "name": "Dancer 10",
                "avatar": "avatar-10",
                "totalPoints": 0,
                "audiencePoints": 0,
                "roundsWon": 0,
            },
            "blue": {
                "id": 13,
                "name": "Dancer 13",
                "avatar": "avatar-13",
                "totalPoints": 0,
                "audiencePoints": 0,
                "roundsWon": 0,
            },
            "rounds": [{"round": 1, "scores": [], "sumRedPoints": 0, "sumBluePoints": 0, "decision": None}],
            "roundsCount": 1,
            "extraRounds": 0,
            "judges": [
                {"id": JUDGE, "dancerName": "Dancer 5", "avatar": "avatar-5"},
                {"id": JUDGE_2, "dancerName": "Dancer 6", "avatar": "avatar-6"},
            ],
            "carpetId": None,
            "myVote": None,
            "votersCheckedIn": False,
            "judgingMode": "points",
            "criteria": [],
            "permissions": {
                "canSetScore": False,
                "canSetAudienceScore": False,
                "canAddExtra": False,
                "canFinish": False,
                "canSetWinner": False,
                "canReset": False,
            },
        }
        final = await read(client, rows[FINAL])
        assert (final["status"], final["red"], final["blue"]) == ("waiting", None, None)

    async def test_flags_by_viewer(self, client: httpx.AsyncClient, session: AsyncSession) -> None:
        _, rows = await bracket_battle(client, session)
        flags = {who: (await read(client, rows[SEMI_LEFT], who))["permissions"] for who in (JUDGE, HOST, VOTER, 10)}
        assert flags[JUDGE]["canSetScore"] and not flags[JUDGE]["canSetAudienceScore"]
        assert flags[HOST]["canFinish"] and flags[HOST]["canSetWinner"] and not flags[HOST]["canSetScore"]
        assert flags[VOTER]["canSetAudienceScore"] and not flags[VOTER]["canFinish"]
        assert not any(flags[10].values())  # a dancer of the sparring

    async def test_unknown_and_draft_not_found(self, client: httpx.AsyncClient, session: AsyncSession) -> None:
        _, rows = await bracket_battle(client, session)
        assert (await client.get(path(424242))).status_code == 404
        await session.execute(text("UPDATE event_view SET status = 'draft'"))
        await session.commit()
        assert (await client.get(path(rows[SEMI_LEFT]))).status_code == 404
        assert (await client.get(path(rows[SEMI_LEFT]), headers=headers(STRANGER))).status_code == 404
        assert (await client.get(path(rows[SEMI_LEFT]), headers=headers(ORGANIZER))).status_code == 200


class TestJudge:
    async def test_points_six_to_ten_in_half_steps(self, client: httpx.AsyncClient, session: AsyncSession) -> None:
        _, rows = await bracket_battle(client, session)
        for bad in (5.5, 10.5, 7.3):
            refused = await score(client, rows[SEMI_LEFT], JUDGE, (1, bad, 8))
            assert refused.status_code == 400
            assert error(refused) == "Points are 6 to 10, with an optional half point"
            refused = await score(client, rows[SEMI_LEFT], JUDGE, (1, 8, bad))
            assert error(refused) == "Points are 6 to 10, with an optional half point"
        assert (await read(client, rows[SEMI_LEFT]))["status"] == "ready"
        for red, blue in ((6, 9.5), (10, 6), (9.5, 10)):
            taken = await score(client, rows[SEMI_LEFT], JUDGE, (1, red, blue))
            assert taken.status_code == 200, taken.text
            (round_one,) = taken.json()["rounds"]
            assert round_one["scores"] == [
                {
                    "id": JUDGE,
                    "dancerName": "Dancer 5",
                    "avatar": "avatar-5",
                    "redPoints": red,
                    "bluePoints": blue,
                    "pick": None,
                    "faders": None,
                }
            ]

    async def test_both_sides_in_every_round(self, client: httpx.AsyncClient, session: AsyncSession) -> None:
        _, rows = await bracket_battle(client, session)
        for red, blue in ((8, None), (None, 8)):
            refused = await score(client, rows[SEMI_LEFT], JUDGE, (1, red, blue))
            assert (refused.status_code, error(refused)) == (400, "Both sides need points in every round")
        missing = await client.post(
            f"{path(rows[SEMI_LEFT])}/judge", json={"rounds": [{"round": 1, "redPoints": 8}]}, headers=headers(JUDGE)
        )
        assert error(missing) == "Both sides need points in every round"
        assert (await read(client, rows[SEMI_LEFT]))["rounds"][0]["scores"] == []

    async def test_every_round_at_once(self, client: httpx.AsyncClient, session: AsyncSession) -> None:
        _, rows = await bracket_battle(client, session, bracketLevels=LEVELS_TWO_ROUNDS)
        semi = rows[SEMI_LEFT]
        for partial in ([(1, 8, 7)], [(2, 8, 8)], [(1, 8, 7), (2, 9, None)]):
            refused = await score(client, semi, JUDGE, *partial)
            assert (refused.status_code, error(refused)) == (400, "Both sides need points in every round")
        assert error(await score(client, semi, JUDGE, (1, 8, 8), (2, 8, 8), (3, 8, 8))) == "A round is 1 to 2"
        untouched = await read(client, semi)
        assert untouched["status"] == "ready"
        assert [r["scores"] for r in untouched["rounds"]] == [[], []]
        assert await outbox(session, "battles.sparring.scored") == []
        assert (await score(client, semi, JUDGE, (1, 8, 7), (2, 9, 7))).status_code == 200
        # a correction sends the whole sparring again: a round alone is refused even once the others are stored
        alone = await score(client, semi, JUDGE, (2, 9.5, 7))
        assert (alone.status_code, error(alone)) == (400, "Both sides need points in every round")
        both = await score(client, semi, JUDGE_2, (2, 6, 7), (1, 7, 7))  # any order
        assert both.status_code == 200
        answer = both.json()
        assert answer["roundsCount"] == 2
        assert [(r["round"], r["sumRedPoints"], r["sumBluePoints"]) for r in answer["rounds"]] == [
            (1, 15, 14),
            (2, 15, 14),
        ]
        assert (answer["red"]["totalPoints"], answer["blue"]["totalPoints"]) == (30, 28)

    async def test_judges_only(self, client: httpx.AsyncClient, session: AsyncSession) -> None:
        _, rows = await bracket_battle(client, session)
        body = {"rounds": [{"round": 1, "redPoints": 8, "bluePoints": 8}]}
        assert (await client.post(f"{path(rows[SEMI_LEFT])}/judge", json=body)).status_code == 401
        for user in (STRANGER, ORGANIZER, HOST, 10):
            assert (await score(client, rows[SEMI_LEFT], user, (1, 8, 8))).status_code == 403
        assert (await score(client, 424242, JUDGE, (1, 8, 8))).status_code == 404
        assert (await read(client, rows[SEMI_LEFT]))["rounds"][0]["scores"] == []

    async def test_a_replay_keeps_one_score(self, client: httpx.AsyncClient, session: AsyncSession) -> None:
        battle, rows = await bracket_battle(client, session)
        semi = rows[SEMI_LEFT]
        for _ in range(2):
            assert (await score(client, semi, JUDGE, (1, 8, 7.5))).status_code == 200
        corrected = (await score(client, semi, JUDGE, (1, 9, 7.5))).json()
        assert [s["redPoints"] for s in corrected["rounds"][0]["scores"]] == [9]
        assert (corrected["status"], corrected["red"]["totalPoints"], corrected["blue"]["totalPoints"]) == (
            "judging",
            9,
            7.5,
        )
        scored = await outbox(session, "battles.sparring.scored")
        assert len(scored) == 3
        assert scored[0]["data"] == {
            "sparringId": semi.id,
            "battleId": battle["id"],
            "eventId": EVENT_ID,
            "carpetId": None,
            "version": 1,
            "judgeId": JUDGE,
            "rounds": [{"round": 1, "redPoints": 8.0, "bluePoints": 7.5, "faders": None}],
        }
        # The rounds this save set (open pages apply them without re-reading); the battle's pages are not told.
        assert scored[2]["data"]["rounds"] == [{"round": 1, "redPoints": 9.0, "bluePoints": 7.5, "faders": None}]
        assert scored[0]["topics"] == [f"sparring:{semi.id}"]

    async def test_a_keyed_replay_from_the_tablet_is_done_once(
        self, client: httpx.AsyncClient, session: AsyncSession
    ) -> None:
        """The offline queue resends with the same Idempotency-Key: the stored answer, no second event."""
        _, rows = await bracket_battle(client, session)
        body = {"rounds": [{"round": 1, "redPoints": 8, "bluePoints": 9.5}]}
        keyed = headers(JUDGE) | {"Idempotency-Key": "tablet-5-sparring-1-round-1"}
        first = await client.post(f"{path(rows[SEMI_LEFT])}/judge", json=body, headers=keyed)
        again = await client.post(f"{path(rows[SEMI_LEFT])}/judge", json=body, headers=keyed)
        assert first.status_code == again.status_code == 200
        assert again.json() == first.json()
        assert len(await outbox(session, "battles.sparring.scored")) == 1
        assert [s["bluePoints"] for s in (await read(client, rows[SEMI_LEFT]))["rounds"][0]["scores"]] == [9.5]

    async def test_only_with_both_sides_and_until_finished(
        self, client: httpx.AsyncClient, session: AsyncSession
    ) -> None:
        _, rows = await bracket_battle(client, session)
        waiting = await score(client, rows[FINAL], JUDGE, (1, 8, 8))
        assert (waiting.status_code, error(waiting)) == (409, "The sparring needs both sides first")
        await client.post(f"/api/admin/sparrings/{rows[SEMI_LEFT].id}/set-winner/10", headers=headers(HOST))
        finished = await score(client, rows[SEMI_LEFT], JUDGE, (1, 8, 8))
        assert (finished.status_code, error(finished)) == (409, "The sparring is finished")


class TestAudience:
    async def test_one_vote_per_person(self, client: httpx.AsyncClient, session: AsyncSession) -> None:
        battle, rows = await bracket_battle(client, session)
        vote = f"{path(rows[SEMI_LEFT])}/audience"
        first = await client.post(f"{vote}/red", headers=headers(VOTER))
        assert first.status_code == 200, first.text
        answer = first.json()
        assert (answer["red"]["audiencePoints"], answer["blue"]["audiencePoints"], answer["myVote"]) == (1, 0, "red")
        assert not answer["permissions"]["canSetAudienceScore"]
        again = await client.post(f"{vote}/blue", headers=headers(VOTER))
        assert (again.status_code, error(again)) == (409, "You have already voted")
        assert (await client.post(f"{vote}/blue", headers=headers(STRANGER))).status_code == 200
        seen = await read(client, rows[SEMI_LEFT], VOTER)
        assert (seen["red"]["audiencePoints"], seen["blue"]["audiencePoints"], seen["myVote"]) == (1, 1, "red")
        assert (await read(client, rows[SEMI_LEFT]))["myVote"] is None
        voted = await outbox(session, "battles.sparring.voted")
        # Each vote announces the counts after it (votes are taken one at a time), on the sparring's topic only.
        same = {"sparringId": rows[SEMI_LEFT].id, "battleId": battle["id"], "eventId": EVENT_ID, "carpetId": None}
        assert [v["data"] for v in voted] == [
            same | {"redVotes": 1, "blueVotes": 0, "version": 1},
            same | {"redVotes": 1, "blueVotes": 1, "version": 2},
        ]
        assert voted[0]["topics"] == [f"sparring:{rows[SEMI_LEFT].id}"]

    async def test_judges_at_once_each_answer_and_message_has_its_own_version(
        self, client: httpx.AsyncClient, session: AsyncSession
    ) -> None:
        """Three judges submitting in the same second get their answers in any order: each change takes the next
        version, its message carries it, and a screen keeps the copy with the highest (a stale answer arriving
        last once put an older copy back on a judge's tablet)."""
        _, rows = await bracket_battle(client, session)
        semi = rows[SEMI_LEFT]
        assert (await read(client, semi))["version"] == 0
        answers = await asyncio.gather(
            *(score(client, semi, judge, (1, 8, 7)) for judge in (JUDGE, JUDGE_2)),
            client.post(f"{path(semi)}/audience/red", headers=headers(VOTER)),
        )
        assert [a.status_code for a in answers] == [200, 200, 200]
        assert sorted(a.json()["version"] for a in answers) == [1, 2, 3]
        messages = await outbox(session, "battles.sparring.scored") + await outbox(session, "battles.sparring.voted")
        assert sorted(m["data"]["version"] for m in messages) == [1, 2, 3]
        latest = await read(client, semi)
        assert latest["version"] == 3
        assert len(latest["rounds"][0]["scores"]) == 2 and latest["red"]["audiencePoints"] == 1

    async def test_votes_at_once(self, client: httpx.AsyncClient, session: AsyncSession) -> None:
        """A double tap sent twice at once counts once; a crowd's votes at once all count."""
        _, rows = await bracket_battle(client, session)
        vote = f"{path(rows[SEMI_LEFT])}/audience"
        twice = await asyncio.gather(*(client.post(f"{vote}/red", headers=headers(VOTER)) for _ in range(2)))
        assert sorted(r.status_code for r in twice) == [200, 409]
        crowd = [STRANGER, HOST, EVENT_ADMIN, ORGANIZER, 20, 21, 22, 23]
        answers = await asyncio.gather(*(client.post(f"{vote}/blue", headers=headers(u)) for u in crowd))
        assert [r.status_code for r in answers] == [200] * len(crowd)
        seen = await read(client, rows[SEMI_LEFT])
        assert (seen["red"]["audiencePoints"], seen["blue"]["audiencePoints"]) == (1, len(crowd))

    async def test_only_the_people_checked_in_at_the_event_vote_when_the_battle_says_so(
        self, client: httpx.AsyncClient, session: AsyncSession
    ) -> None:
        battle, rows = await bracket_battle(client, session)
        semi, vote = rows[SEMI_LEFT], f"{path(rows[SEMI_LEFT])}/audience"
        saved = await client.put(
            f"/api/battles/{battle['id']}",
            json={"title": "Battle", "votersCheckedIn": True},
            headers=headers(ORGANIZER),
        )
        assert saved.status_code == 200 and saved.json()["votersCheckedIn"] is True
        seen = await read(client, semi, VOTER)
        assert seen["votersCheckedIn"] is True and seen["permissions"]["canSetAudienceScore"] is False
        refused = await client.post(f"{vote}/red", headers=headers(VOTER))
        assert (refused.status_code, error(refused)) == (403, "Only the people checked in at the event vote")
        assert (await read(client, semi))["red"]["audiencePoints"] == 0  # the refusal changed nothing
        await check_in(session, VOTER)
        assert (await read(client, semi, VOTER))["permissions"]["canSetAudienceScore"] is True
        assert (await client.post(f"{vote}/red", headers=headers(VOTER))).status_code == 200
        # judges and the sparring's dancers still do not vote, checked in or not
        await check_in(session, JUDGE)
        judge = await client.post(f"{vote}/red", headers=headers(JUDGE))
        assert (judge.status_code, error(judge)) == (403, "Judges do not vote")
        # back to anyone signed in
        await client.put(
            f"/api/battles/{battle['id']}",
            json={"title": "Battle", "votersCheckedIn": False},
            headers=headers(ORGANIZER),
        )
        assert (await client.post(f"{vote}/blue", headers=headers(STRANGER))).status_code == 200

    async def test_who_may_not_vote(self, client: httpx.AsyncClient, session: AsyncSession) -> None:
        _, rows = await bracket_battle(client, session)
        vote = f"{path(rows[SEMI_LEFT])}/audience"
        green = await client.post(f"{vote}/green", headers=headers(VOTER))
        assert (green.status_code, error(green)) == (400, "Choose red or blue")
        assert (await client.post(f"{vote}/red")).status_code == 401
        judge = await client.post(f"{vote}/red", headers=headers(JUDGE))
        assert (judge.status_code, error(judge)) == (403, "Judges do not vote")
        for dancer in (10, 13):
            refused = await client.post(f"{vote}/blue", headers=headers(dancer))
            assert (refused.status_code, error(refused)) == (403, "The dancers of this sparring do not vote")
        assert (await client.post(f"{vote}/red", headers=headers(11))).status_code == 200  # another sparring's
        waiting = await client.post(f"{path(rows[FINAL])}/audience/red", headers=headers(VOTER))
        assert waiting.status_code == 409
        answer = await read(client, rows[SEMI_LEFT])
        assert (answer["red"]["audiencePoints"], answer["blue"]["audiencePoints"]) == (1, 0)


class TestFinish:
    async def test_winner_by_totals_moves_on(self, client: httpx.AsyncClient, session: AsyncSession) -> None:
        battle, rows = await bracket_battle(client, session)
        semi = rows[SEMI_LEFT]
        await client.post(f"{path(semi)}/audience/blue", headers=headers(VOTER))
        await score(client, semi, JUDGE, (1, 9, 8))
        await score(client, semi, JUDGE_2, (1, 8, 8.5))  # red 17, blue 16.5: the votes do not count
        assert (await client.post(f"{path(semi)}/finish", headers=headers(JUDGE))).status_code == 403
        assert (await client.post(f"{path(semi)}/finish", headers=headers(STRANGER))).status_code == 403
        done = await client.post(f"{path(semi)}/finish", headers=headers(HOST))
        assert done.status_code == 200, done.text
        answer = done.json()
        assert (answer["status"], answer["winnerId"]) == ("finished", 10)
        assert not answer["permissions"]["canFinish"] and not answer["permissions"]["canSetScore"]
        final = await read(client, rows[FINAL])
        assert (final["status"], final["red"]["id"], final["blue"]) == ("waiting", 10, None)
        decided = await outbox(session, "battles.sparring.decided")
        assert [d["data"]["winnerId"] for d in decided] == [10]
        assert decided[0]["topics"] == [f"sparring:{semi.id}", f"battle:{battle['id']}"]
        assert (await session.get(Battle, battle["id"])) is not None
        await session.refresh(semi)
        assert semi.finished_at is not None

    async def test_every_judge_every_round(self, client: httpx.AsyncClient, session: AsyncSession) -> None:
        _, rows = await bracket_battle(client, session)
        semi = rows[SEMI_LEFT]
        await score(client, semi, JUDGE, (1, 9, 8))
        refused = await client.post(f"{path(semi)}/finish", headers=headers(HOST))
        assert (refused.status_code, error(refused)) == (409, "Every judge needs to score every round")
        assert (await read(client, semi))["status"] == "judging"

    async def test_equal_totals_the_audience_decides(self, client: httpx.AsyncClient, session: AsyncSession) -> None:
        _, rows = await bracket_battle(client, session)
        semi = rows[SEMI_LEFT]
        await both_judges(client, semi, 8, 8)
        for voter in (VOTER, STRANGER):
            await client.post(f"{path(semi)}/audience/blue", headers=headers(voter))
        await client.post(f"{path(semi)}/audience/red", headers=headers(HOST))
        done = (await client.post(f"{path(semi)}/finish", headers=headers(ORGANIZER))).json()
        assert (done["status"], done["winnerId"]) == ("finished", 13)

    async def test_a_tie_and_a_tie_needs_a_tie_breaker(self, client: httpx.AsyncClient, session: AsyncSession) -> None:
        battle, rows = await bracket_battle(client, session)
        semi = rows[SEMI_LEFT]
        not_tied = await client.post(f"{path(semi)}/extra", headers=headers(HOST))
        assert (not_tied.status_code, error(not_tied)) == (409, "A tie breaker round follows a tie only")
        await both_judges(client, semi, 8, 8)
        await client.post(f"{path(semi)}/audience/blue", headers=headers(VOTER))
        await client.post(f"{path(semi)}/audience/red", headers=headers(STRANGER))
        tied = (await client.post(f"{path(semi)}/finish", headers=headers(HOST))).json()
        assert (tied["status"], tied["winnerId"]) == ("need-tie-breaker", 0)
        assert tied["permissions"]["canAddExtra"]
        assert not (await read(client, semi, JUDGE))["permissions"]["canAddExtra"]
        assert (await client.post(f"{path(semi)}/extra", headers=headers(JUDGE))).status_code == 403
        extra = (await client.post(f"{path(semi)}/extra", headers=headers(HOST))).json()
        assert (extra["status"], extra["roundsCount"], extra["extraRounds"], len(extra["rounds"])) == (
            "judging",
            2,
            1,
            2,
        )
        assert (await client.post(f"{path(semi)}/finish", headers=headers(HOST))).status_code == 409
        # the tie breaker is one more round of the sparring: each judge sends every round again
        assert (await score(client, semi, JUDGE, (2, 9, 8))).status_code == 400
        assert (await score(client, semi, JUDGE, (1, 8, 8), (2, 9, 8))).status_code == 200
        assert (await score(client, semi, JUDGE_2, (1, 8, 8), (2, 8, 8))).status_code == 200
        done = (await client.post(f"{path(semi)}/finish", headers=headers(HOST))).json()
        assert (done["status"], done["winnerId"], done["red"]["totalPoints"]) == ("finished", 10, 33)
        changed = await outbox(session, "battles.sparring.changed")
        # the tie found, the round added, the final given its red side
        assert [c["data"]["sparringId"] for c in changed] == [semi.id, semi.id, rows[FINAL].id]
        assert changed[0]["topics"] == [f"sparring:{semi.id}", f"battle:{battle['id']}"]

    async def test_nobody_scored_nobody_voted_is_a_tie(self, client: httpx.AsyncClient, session: AsyncSession) -> None:
        _, rows = await bracket_battle(client, session, judges=())
        tied = (await client.post(f"{path(rows[SEMI_LEFT])}/finish", headers=headers(HOST))).json()
        assert tied["status"] == "need-tie-breaker"


class TestSetWinner:
    async def test_admins_choose_one_of_the_sides(self, client: httpx.AsyncClient, session: AsyncSession) -> None:
        _, rows = await bracket_battle(client, session)
        semi = rows[SEMI_RIGHT]
        admin = f"/api/admin/sparrings/{semi.id}/set-winner"
        assert (await client.post(f"{admin}/12")).status_code == 401
        assert (await client.post(f"{admin}/12", headers=headers(STRANGER))).status_code == 403
        assert (await client.post(f"{admin}/12", headers=headers(JUDGE))).status_code == 403
        other = await client.post(f"{admin}/10", headers=headers(HOST))
        assert (other.status_code, error(other)) == (400, "The winner is one of the two sides")
        done = await client.post(f"{admin}/12", headers=headers(HOST))
        assert done.status_code == 200, done.text
        assert (done.json()["status"], done.json()["winnerId"]) == ("finished", 12)
        final = await read(client, rows[FINAL])
        assert (final["red"], final["blue"]["id"]) == (None, 12)
        again = await client.post(f"{admin}/11", headers=headers(HOST))
        assert (again.status_code, error(again)) == (409, "The sparring is finished")
        assert (
            await client.post(f"/api/admin/sparrings/{rows[SEMI_LEFT].id}/set-winner/13", headers=headers(HOST))
        ).status_code == 200
        ready = await read(client, rows[FINAL])
        assert (ready["status"], ready["red"]["id"], ready["blue"]["id"]) == ("ready", 13, 12)

    async def test_refused_when_the_next_was_decided_by_hand(
        self, client: httpx.AsyncClient, session: AsyncSession
    ) -> None:
        """The editor seeded the final by hand and it was decided: the semi-final's winner has nowhere to go."""
        battle, rows = await bracket_battle(client, session)
        entries = (await session.scalars(select(Entry).where(Entry.battle_id == battle["id"]))).all()
        entry_of = {e.user_id: e.id for e in entries}
        final = rows[FINAL]
        final.red_entry_id, final.blue_entry_id, final.status = entry_of[10], entry_of[11], "ready"
        await session.commit()
        admin = "/api/admin/sparrings/{id}/set-winner/{winner}"
        decided = await client.post(admin.format(id=final.id, winner=10), headers=headers(HOST))
        assert decided.status_code == 200, decided.text
        refused = await client.post(admin.format(id=rows[SEMI_LEFT].id, winner=13), headers=headers(HOST))
        assert (refused.status_code, error(refused)) == (409, "The next sparring is decided: reset it first")
        assert (await read(client, rows[SEMI_LEFT]))["status"] == "ready"
        assert (await read(client, final))["red"]["id"] == 10


class TestReset:
    async def test_an_editor_clears_everything(self, client: httpx.AsyncClient, session: AsyncSession) -> None:
        battle, rows = await bracket_battle(client, session)
        semi = rows[SEMI_LEFT]
        await both_judges(client, semi, 8, 8)
        await client.post(f"{path(semi)}/audience/red", headers=headers(VOTER))
        await client.post(f"{path(semi)}/finish", headers=headers(HOST))
        await client.post(f"{path(semi)}/extra", headers=headers(HOST))
        assert (await read(client, semi, EVENT_ADMIN))["permissions"]["canReset"]
        assert not (await read(client, semi, HOST))["permissions"]["canReset"]
        assert (await client.delete(f"{path(semi)}/judge", headers=headers(HOST))).status_code == 403
        assert (await client.delete(f"{path(semi)}/judge", headers=headers(STRANGER))).status_code == 403
        assert (await client.delete(f"{path(semi)}/judge")).status_code == 401
        reset = await client.delete(f"{path(semi)}/judge", headers=headers(EVENT_ADMIN))
        assert reset.status_code == 200, reset.text
        answer = reset.json()
        assert (answer["status"], answer["extraRounds"], answer["roundsCount"]) == ("ready", 0, 1)
        assert answer["rounds"][0]["scores"] == []
        assert (answer["red"]["audiencePoints"], answer["permissions"]["canReset"]) == (0, False)
        assert (await read(client, semi, VOTER))["permissions"]["canSetAudienceScore"]  # may vote again
        (event,) = await outbox(session, "battles.sparring.reset")
        assert event["data"] == {
            "sparringId": semi.id,
            "battleId": battle["id"],
            "eventId": EVENT_ID,
            "carpetId": None,
            "version": answer["version"],  # the reset's, which the answer carries
            "judgeId": None,
        }
        platform = await client.delete(f"{path(rows[SEMI_RIGHT])}/judge", headers=headers(PLATFORM_ADMIN, admin=True))
        assert platform.status_code == 200  # nothing to reset: answered as it is

    async def test_a_judge_clears_their_own(self, client: httpx.AsyncClient, session: AsyncSession) -> None:
        _, rows = await bracket_battle(client, session)
        semi = rows[SEMI_LEFT]
        await both_judges(client, semi, 8, 7)
        mine = await client.delete(f"{path(semi)}/judge", headers=headers(JUDGE))
        assert mine.status_code == 200
        assert [s["id"] for s in mine.json()["rounds"][0]["scores"]] == [JUDGE_2]
        assert mine.json()["status"] == "judging"
        emptied = (await client.delete(f"{path(semi)}/judge", headers=headers(JUDGE_2))).json()
        assert (emptied["status"], emptied["rounds"][0]["scores"]) == ("ready", [])
        (one, _) = await outbox(session, "battles.sparring.reset")
        assert one["data"]["judgeId"] == JUDGE
        await both_judges(client, semi, 8, 7)
        await client.post(f"{path(semi)}/finish", headers=headers(HOST))
        refused = await client.delete(f"{path(semi)}/judge", headers=headers(JUDGE))
        assert (refused.status_code, error(refused)) == (409, "The sparring is finished")

    async def test_a_decided_sparring_takes_its_winner_back(
        self, client: httpx.AsyncClient, session: AsyncSession
    ) -> None:
        _, rows = await bracket_battle(client, session)
        await client.post(f"/api/admin/sparrings/{rows[SEMI_LEFT].id}/set-winner/10", headers=headers(HOST))
        await client.post(f"/api/admin/sparrings/{rows[SEMI_RIGHT].id}/set-winner/11", headers=headers(HOST))
        await score(client, rows[FINAL], JUDGE, (1, 8, 8))  # the final had begun
        reset = await client.delete(f"{path(rows[SEMI_LEFT])}/judge", headers=headers(ORGANIZER))
        assert reset.status_code == 200, reset.text
        assert (reset.json()["status"], reset.json()["winnerId"]) == ("ready", 0)
        final = await read(client, rows[FINAL])
        assert (final["status"], final["red"], final["blue"]["id"]) == ("waiting", None, 11)
        assert final["rounds"][0]["scores"] == []

    async def test_refused_when_the_next_is_decided(self, client: httpx.AsyncClient, session: AsyncSession) -> None:
        battle, rows = await bracket_battle(client, session)
        for spot, winner in ((SEMI_LEFT, 10), (SEMI_RIGHT, 11), (FINAL, 11)):
            done = await client.post(f"/api/admin/sparrings/{rows[spot].id}/set-winner/{winner}", headers=headers(HOST))
            assert done.status_code == 200, done.text
        assert not (await read(client, rows[SEMI_LEFT], ORGANIZER))["permissions"]["canReset"]
        refused = await client.delete(f"{path(rows[SEMI_LEFT])}/judge", headers=headers(ORGANIZER))
        assert (refused.status_code, error(refused)) == (409, "The next sparring is decided: reset it first")
        assert (await read(client, rows[SEMI_LEFT]))["winnerId"] == 10
        # The final's reset takes the places back: announced with no winners.
        assert (await read(client, rows[FINAL], ORGANIZER))["permissions"]["canReset"]
        assert (await client.delete(f"{path(rows[FINAL])}/judge", headers=headers(ORGANIZER))).status_code == 200
        page = (await client.get(f"/api/battles/{battle['id']}")).json()
        assert {p["id"]: p["place"] for p in page["participants"]} == {10: None, 11: None, 12: None, 13: None}
        assert page["winners"] == []
        stored = await session.get(Battle, battle["id"], populate_existing=True)
        assert stored is not None and (stored.status, stored.winners_set) == ("prelims-finished", False)
        announced = await outbox(session, "battles.winners.set")
        assert [a["data"]["winners"] for a in announced][-1] == []
        assert (await client.delete(f"{path(rows[SEMI_LEFT])}/judge", headers=headers(ORGANIZER))).status_code == 200


class TestPlaces:
    async def test_the_final_gives_the_places(
        self, client: httpx.AsyncClient, session: AsyncSession, nats_url: str
    ) -> None:
        """A bracket of 8 with 6 dancers (seeds 1 and 2 have byes): the winners move on round by round."""
        dancers = (10, 11, 12, 13, 14, 15)
        battle, rows = await bracket_battle(client, session, dancers=dancers, size=8)
        byes = [rows[Spot("left", 1, 0)], rows[Spot("right", 1, 0)]]
        for bye in byes:
            answer = await read(client, bye, ORGANIZER)
            assert (answer["status"], answer["blue"], answer["permissions"]["canReset"]) == ("finished", None, False)
            refused = await client.delete(f"{path(bye)}/judge", headers=headers(ORGANIZER))
            assert (refused.status_code, error(refused)) == (409, "A bye is not reset: undo the bracket instead")
        # Top 8: 13 vs 14 (left), 12 vs 15 (right); semis 10 vs winner, 11 vs winner; final.
        plan = [
            (Spot("left", 1, 1), 13, 14, 14),
            (Spot("right", 1, 1), 12, 15, 12),
            (Spot("left", 2, 0), 10, 14, 10),
            (Spot("right", 2, 0), 11, 12, 12),
            (FINAL, 10, 12, 12),
        ]
        for spot, red, blue, winner in plan:
            sparring = await read(client, rows[spot])
            assert (sparring["status"], sparring["red"]["id"], sparring["blue"]["id"]) == ("ready", red, blue)
            await both_judges(client, rows[spot], 9 if winner == red else 7, 9 if winner == blue else 7)
            done = await client.post(f"{path(rows[spot])}/finish", headers=headers(HOST))
            assert done.json()["winnerId"] == winner
        page = (await client.get(f"/api/battles/{battle['id']}")).json()
        places = {p["id"]: p["place"] for p in page["participants"]}
        assert places == {12: 1, 10: 2, 11: 4, 14: 4, 13: 8, 15: 8}
        stored = await session.get(Battle, battle["id"], populate_existing=True)
        assert stored is not None and (stored.status, stored.winners_set) == ("finished", True)
        winners = await winners_announced(
            nats_url, battle, ("1st Place", [12]), ("2nd Place", [10]), ("Top 4", [11, 14]), ("Top 8", [13, 15])
        )
        assert winners.topics == [f"battle:{battle['id']}", f"event:{EVENT_ID}"]

    async def test_the_semi_finals_losers_battle_for_third_place_and_the_battle_ends_with_both_medal_battles(
        self, client: httpx.AsyncClient, session: AsyncSession, nats_url: str
    ) -> None:
        """Top 4 with a battle for third place: 10 v 13 and 11 v 12; the losers meet for third (the left's red).
        The battle ends once the final and the battle for third place are both decided, in either order."""
        battle, rows = await bracket_battle(client, session, thirdPlace=True)
        third = rows[THIRD]
        assert (await read(client, third))["status"] == "waiting"
        for spot, winner in ((Spot("left", 1, 0), 10), (Spot("right", 1, 0), 12)):
            red = (await read(client, rows[spot]))["red"]["id"]
            await both_judges(client, rows[spot], 9 if winner == red else 7, 7 if winner == red else 9)
            assert (await client.post(f"{path(rows[spot])}/finish", headers=headers(HOST))).json()["winnerId"] == winner
        answer = await read(client, third)
        assert (answer["level"], answer["status"], answer["red"]["id"], answer["blue"]["id"]) == (
            "Third place",
            "ready",
            13,
            11,
        )
        await both_judges(client, third, 7, 9)
        assert (await client.post(f"{path(third)}/finish", headers=headers(HOST))).json()["winnerId"] == 11
        stored = await session.get(Battle, battle["id"], populate_existing=True)
        assert stored is not None and stored.status == "prelims-finished"  # the final is still to come
        # the left semi-final's loser has danced for third place: the semi-final is not reset under it
        refused = await client.delete(f"{path(rows[Spot('left', 1, 0)])}/judge", headers=headers(ORGANIZER))
        assert (refused.status_code, error(refused)) == (409, "The next sparring is decided: reset it first")
        await both_judges(client, rows[FINAL], 7, 9)
        assert (await client.post(f"{path(rows[FINAL])}/finish", headers=headers(HOST))).json()["winnerId"] == 12
        page = (await client.get(f"/api/battles/{battle['id']}")).json()
        assert {p["id"]: p["place"] for p in page["participants"]} == {12: 1, 10: 2, 11: 3, 13: 4}
        await session.refresh(stored)
        assert stored.status == "finished"
        await winners_announced(
            nats_url, battle, ("1st Place", [12]), ("2nd Place", [10]), ("3rd Place", [11]), ("Top 4", [13])
        )
        # reset by the organizer, the battle for third place takes the places back with it
        assert (await client.delete(f"{path(third)}/judge", headers=headers(ORGANIZER))).status_code == 200
        await session.refresh(stored)
        assert stored.status == "prelims-finished"
        page = (await client.get(f"/api/battles/{battle['id']}")).json()
        assert {p["place"] for p in page["participants"]} == {None}

    async def test_a_crew_battle_names_the_crews_members(
        self, client: httpx.AsyncClient, session: AsyncSession
    ) -> None:
        await create_event(session)
        await create_profiles(session, 10, 11, 12, 13, JUDGE, VOTER)
        battle = await create_battle(client, style="bracket", bracketSize=2, crewSize=2)
        crews = []
        for captain, member in ((10, 11), (12, 13)):
            made = await client.post(
                f"/api/crews/{battle['id']}",
                json={"name": f"Crew {captain}", "userIds": [member]},
                headers=headers(captain),
            )
            assert made.status_code == 201, made.text
            crew_id = max(c["id"] for c in made.json()["crews"])
            accepted = await client.post(f"/api/crews/{battle['id']}/{crew_id}/accept", headers=headers(member))
            assert accepted.status_code == 200, accepted.text
            crews.append(crew_id)
        rows = await create_bracket(session, battle["id"], crews)
        final = rows[FINAL]
        answer = await read(client, final)
        assert (answer["red"]["name"], answer["red"]["avatar"], answer["crewSize"]) == ("Crew 10", None, 2)
        member = await client.post(f"{path(final)}/audience/red", headers=headers(13))
        assert (member.status_code, error(member)) == (403, "The dancers of this sparring do not vote")
        done = await client.post(f"/api/admin/sparrings/{final.id}/set-winner/{crews[1]}", headers=headers(HOST))
        assert done.json()["winnerId"] == crews[1]
        (announced,) = await outbox(session, "battles.winners.set")
        assert announced["data"]["winners"] == [
            {"place": "1st Place", "userIds": [12, 13]},
            {"place": "2nd Place", "userIds": [10, 11]},
        ]
        fresh = select(Entry).where(Entry.battle_id == battle["id"]).execution_options(populate_existing=True)
        entries = (await session.scalars(fresh)).all()
        assert {e.crew_id: e.place for e in entries} == {crews[1]: 1, crews[0]: 2}
