"""A battle that hides its participants hides them on the floor too: prelims, groups, the bracket, its sparrings,
the scoreboards, and the live messages of public topics. Its admins (organizer, event admins, hosts, platform
admins) and its judges see them."""

from __future__ import annotations

import json
from collections.abc import Iterable
from typing import Any

import httpx
from battle.cast import EVENT_ID, HOST, JUDGE, ORGANIZER, PLATFORM_ADMIN, STRANGER
from battle.factories import add_judge, create_battle, create_event, create_profiles, headers, prelims_battle
from scoreboards.test_router import create_carpets
from sparrings.factories import SEMI_LEFT, bracket_battle, read, score
from sqlalchemy import column, select, table
from sqlalchemy.dialects.postgresql import JSONB
from sqlalchemy.ext.asyncio import AsyncSession

from battles.models import Sparring

DANCERS = (10, 11, 12, 13)
COMPETITOR_KEYS = ("winnerId", "winner", "userId", "userIds", "crewId", "byUserId", "captainId")
PERSON_KEYS = ("name", "dancerName", "avatar")  # a dict with one of these and an `id` is someone (or a crew)
PUBLIC = ("battle:", "event:", "sparring:", "carpet:")


def exposed(answer: Any, people: Iterable[int] = DANCERS, crews: Iterable[int] = ()) -> list[str]:
    """What the answer gives away of these dancers and crews: names, avatars, ids."""
    text = json.dumps(answer)
    ids = set(people) | set(crews)
    found = [f"Dancer {p}" for p in people if f'"Dancer {p}"' in text]
    found += [f"avatar-{p}" for p in people if f"avatar-{p}" in text]
    found += [f"Crew {c}" for c in crews if f"Crew {c}" in text]

    def walk(value: Any) -> None:
        if isinstance(value, dict):
            someone = any(k in value for k in PERSON_KEYS) and "amountMembers" not in value  # not a group
            for key, inner in value.items():
                checked = key in COMPETITOR_KEYS or (key == "id" and someone)
                for one in inner if isinstance(inner, list) else [inner]:
                    if checked and isinstance(one, int) and one in ids:
                        found.append(f"{key}={one}")
                walk(inner)
        elif isinstance(value, list):
            for inner in value:
                walk(inner)

    walk(answer)
    return found


async def hidden_crew(client: httpx.AsyncClient, battle_id: int, name: str, captain: int, member: int) -> int:
    """A crew registered by its captain, its member having accepted (a hidden battle's lists are its admins': the
    captain finds the crew by `myCrewId`)."""
    created = await client.post(
        f"/api/crews/{battle_id}", json={"name": name, "userIds": [member]}, headers=headers(captain)
    )
    assert created.status_code == 201, created.text
    crew_id = int(created.json()["myCrewId"])
    accepted = await client.post(f"/api/crews/{battle_id}/{crew_id}/accept", headers=headers(member))
    assert accepted.status_code == 200, accepted.text
    return crew_id


async def get(client: httpx.AsyncClient, url: str, user: int | None = None, *, admin: bool = False) -> Any:
    answer = await client.get(url, headers=headers(user, admin=admin) if user else None)
    assert answer.status_code == 200, answer.text
    return answer.json()


_outbox = table("outbox_message", column("seq"), column("type"), column("envelope", JSONB()))


async def published(session: AsyncSession) -> list[dict[str, Any]]:
    found = await session.execute(select(_outbox.c.envelope).order_by(_outbox.c.seq))
    return [row[0] for row in found]


async def semi_on_the_board(client: httpx.AsyncClient, session: AsyncSession) -> tuple[dict[str, Any], Sparring]:
    """A hidden battle's bracket, its left semi-final shown on the event's board 1 (carpet "Main")."""
    battle, rows = await bracket_battle(client, session, hideParticipants=True)
    semi = rows[SEMI_LEFT]
    await create_carpets(session, "Main")
    await client.post(f"/api/events/{EVENT_ID}/scoreboards/init", headers=headers(ORGANIZER))
    await client.post(f"/api/events/{EVENT_ID}/scoreboards/1", json={"sparringId": semi.id}, headers=headers(HOST))
    return battle, semi


class TestTheFloor:
    async def test_bracket_sparring_and_board_name_nobody(
        self, client: httpx.AsyncClient, session: AsyncSession
    ) -> None:
        battle, semi = await semi_on_the_board(client, session)
        await score(client, semi, JUDGE, (1, 9, 8))
        decided = await client.post(f"/api/admin/sparrings/{semi.id}/set-winner/10", headers=headers(HOST))
        assert decided.status_code == 200, decided.text
        urls = [
            f"/api/battles/{battle['id']}/prelims",
            f"/api/battles/{battle['id']}/brackets",
            f"/api/sparrings/{semi.id}",
            f"/api/events/{EVENT_ID}/scoreboards",
            f"/api/events/{EVENT_ID}/scoreboards/1",
        ]
        for user in (None, STRANGER, 10):  # a guest, a signed-in stranger, a competitor
            for url in urls:
                assert exposed(await get(client, url, user)) == [], (user, url)
        # The same shape, a placeholder for each side, and the winner still matches its side.
        hidden = await read(client, semi, STRANGER)
        assert (hidden["red"]["name"], hidden["blue"]["name"]) == ("Hidden", "Hidden")
        assert (hidden["red"]["avatar"], hidden["red"]["totalPoints"]) == (None, 9)
        assert hidden["winnerId"] == hidden["red"]["id"] < 0
        assert hidden["red"]["id"] != hidden["blue"]["id"]
        bracket = await get(client, f"/api/battles/{battle['id']}/brackets")
        (left,) = bracket["left"][0]
        assert (left["red"]["id"], left["winner"]) == (hidden["red"]["id"], hidden["red"]["id"])
        assert bracket["final"]["red"] == {"id": hidden["red"]["id"], "name": "Hidden", "avatar": None}
        prelims = await get(client, f"/api/battles/{battle['id']}/prelims", STRANGER)
        assert {row["name"] for row in prelims["participants"]} == {"Hidden"}
        assert {row["id"] for row in prelims["participants"]} >= {hidden["red"]["id"], hidden["blue"]["id"]}
        # The judges' names stay: they are not competitors.
        assert hidden["rounds"][0]["scores"][0]["dancerName"] == f"Dancer {JUDGE}"

    async def test_the_admins_and_judges_see_the_competitors(
        self, client: httpx.AsyncClient, session: AsyncSession
    ) -> None:
        battle, semi = await semi_on_the_board(client, session)
        for user, admin in ((ORGANIZER, False), (HOST, False), (PLATFORM_ADMIN, True), (JUDGE, False)):
            sparring = await get(client, f"/api/sparrings/{semi.id}", user, admin=admin)
            assert (sparring["red"]["id"], sparring["red"]["name"]) == (10, "Dancer 10")
            board = await get(client, f"/api/events/{EVENT_ID}/scoreboards/1", user, admin=admin)
            assert board["sparring"]["blue"]["name"] == "Dancer 13"
            bracket = await get(client, f"/api/battles/{battle['id']}/brackets", user, admin=admin)
            assert bracket["left"][0][0]["red"]["name"] == "Dancer 10"
            prelims = await get(client, f"/api/battles/{battle['id']}/prelims", user, admin=admin)
            assert {row["id"] for row in prelims["participants"]} == set(DANCERS)

    async def test_prelims_rows_and_groups(self, client: httpx.AsyncClient, session: AsyncSession) -> None:
        battle = await prelims_battle(client, session, 4, checked_in=DANCERS, hideParticipants=True)
        made = await client.post(
            f"/api/battles/{battle['id']}/prelims/create-groups",
            json={"amount": 2, "type": "number"},
            headers=headers(ORGANIZER),
        )
        assert made.status_code == 200, made.text
        scored = await client.post(
            f"/api/battles/{battle['id']}/prelims",
            json=[{"userId": 10, "points": 8, "round": 1}],
            headers=headers(JUDGE),
        )
        assert scored.status_code == 200, scored.text
        assert {row["id"] for row in scored.json()["participants"]} == set(DANCERS)  # the judge scores by id
        prelims = await get(client, f"/api/battles/{battle['id']}/prelims", STRANGER)
        assert exposed(prelims) == []
        assert [len(g["participants"]) for g in prelims["groups"]] == [2, 2]
        members = [m for g in prelims["groups"] for m in g["participants"]]
        assert {m["name"] for m in members} == {"Hidden"}
        assert sorted(m["randId"] for m in members) == [1, 2, 3, 4]  # the numbers worn at the venue stay
        assert {m["id"] for m in members} == {row["id"] for row in prelims["participants"]}
        (first,) = [row for row in prelims["participants"] if row["pointsAverage"] == 8]
        assert first["prelims"]["rounds"]["1"][0]["dancerName"] == f"Dancer {JUDGE}"
        assert exposed(await get(client, f"/api/battles/{battle['id']}/prelims", ORGANIZER)) != []

    async def test_a_crew_battle(self, client: httpx.AsyncClient, session: AsyncSession) -> None:
        await create_event(session)
        await create_profiles(session, *DANCERS, JUDGE)
        battle = await create_battle(client, style="bracket", bracketSize=2, crewSize=2, hideParticipants=True)
        await add_judge(client, battle["id"])
        crews = [await hidden_crew(client, battle["id"], f"Crew {c}", c, m) for c, m in ((10, 11), (12, 13))]
        prelims = await get(client, f"/api/battles/{battle['id']}/prelims", STRANGER)
        assert exposed(prelims, crews=crews) == []
        assert [(row["name"], row["participants"]) for row in prelims["crews"]] == [("Hidden", [])] * 2
        shown = await get(client, f"/api/battles/{battle['id']}/prelims", JUDGE)
        assert {row["name"] for row in shown["crews"]} == {"Crew 10", "Crew 12"}


class TestLiveMessages:
    async def test_public_topics_name_nobody(self, client: httpx.AsyncClient, session: AsyncSession) -> None:
        """Registrations, invitations and a decided sparring of a hidden battle: the dancers' own topics only, or
        the hidden views' ids; its open pages are still told."""
        battle, rows = await bracket_battle(client, session, hideParticipants=True)
        crew_battle = await create_battle(client, crewSize=2, hideParticipants=True)
        await hidden_crew(client, crew_battle["id"], "Crew 12", 12, 13)
        await client.post(f"/api/admin/sparrings/{rows[SEMI_LEFT].id}/set-winner/10", headers=headers(HOST))
        envelopes = await published(session)
        public = [e for e in envelopes if any(t.startswith(PUBLIC) for t in e["topics"])]
        # The final's places are the battle's result, public on its page as on the winners' profiles.
        leaks = {e["type"]: exposed(e["data"]) for e in public if e["type"] != "battles.winners.set"}
        assert {kind: found for kind, found in leaks.items() if found} == {}
        assert all("Crew 12" not in json.dumps(e["data"]) for e in public)
        private = {(e["type"], tuple(e["topics"])) for e in envelopes if e not in public}
        assert ("battles.participant.registered", ("user:10",)) in private
        assert ("battles.crew.invited", ("user:13",)) in private
        (decided,) = [e for e in envelopes if e["type"] == "battles.sparring.decided"]
        hidden = await read(client, rows[SEMI_LEFT], STRANGER)
        assert decided["data"]["winnerId"] == hidden["winnerId"] == hidden["red"]["id"]
        assert f"battle:{battle['id']}" in decided["topics"]
        touched = [e for e in envelopes if e["type"] == "battles.battle.changed"]
        assert {e["data"]["id"] for e in touched} >= {battle["id"], crew_battle["id"]}  # open pages re-read

    async def test_scores_name_nobody(self, client: httpx.AsyncClient, session: AsyncSession) -> None:
        """Prelim points, sparring scores and votes of a hidden battle: the messages carry what the screens apply,
        by the ids the public views show, and no competitor's name, avatar or id on a public topic."""
        battle, rows = await bracket_battle(client, session, hideParticipants=True)
        semi = rows[SEMI_LEFT]
        await score(client, semi, JUDGE, (1, 9, 8))
        voted = await client.post(f"/api/sparrings/{semi.id}/audience/red", headers=headers(STRANGER))
        assert voted.status_code == 200, voted.text
        prelims = await create_battle(client, style="bracket", bracketSize=4, hideParticipants=True)
        registered = await client.post(
            f"/api/admin/battles/{prelims['id']}/register", json={"userIds": list(DANCERS)}, headers=headers(ORGANIZER)
        )
        assert registered.status_code == 200, registered.text
        await add_judge(client, prelims["id"])
        scored = await client.post(
            f"/api/battles/{prelims['id']}/prelims",
            json=[{"userId": 10, "points": 8, "round": 1}, {"userId": 11, "points": 7, "round": 1}],
            headers=headers(JUDGE),
        )
        assert scored.status_code == 200, scored.text
        envelopes = await published(session)
        public = [e for e in envelopes if any(t.startswith(PUBLIC) for t in e["topics"])]
        kinds = {e["type"] for e in public}
        assert {"battles.prelims.scored", "battles.sparring.scored", "battles.sparring.voted"} <= kinds
        leaks = {e["type"]: exposed(e["data"]) for e in public}
        assert {kind: found for kind, found in leaks.items() if found} == {}
        # the ids are those of the public list, so a guest's screen applies the message to its copy
        (message,) = [e["data"] for e in public if e["type"] == "battles.prelims.scored"]
        shown = await get(client, f"/api/battles/{prelims['id']}/prelims", STRANGER)
        by_id = {row["id"]: row for row in shown["participants"]}
        assert {s["id"] for s in message["standings"]} == set(by_id)
        assert all(i < 0 for i in by_id)
        assert [(p["id"], p["points"]) for p in message["points"]] == [
            (next(i for i, row in by_id.items() if row["pointsAverage"] == points), points) for points in (8, 7)
        ]
        assert message["version"] == shown["version"]

    async def test_a_battle_that_shows_them_names_them(self, client: httpx.AsyncClient, session: AsyncSession) -> None:
        battle, rows = await bracket_battle(client, session)
        await client.post(f"/api/admin/sparrings/{rows[SEMI_LEFT].id}/set-winner/10", headers=headers(HOST))
        envelopes = await published(session)
        registered = [e for e in envelopes if e["type"] == "battles.participant.registered"]
        assert registered[0]["topics"] == [f"battle:{battle['id']}", f"event:{EVENT_ID}", "user:10"]
        (decided,) = [e for e in envelopes if e["type"] == "battles.sparring.decided"]
        assert decided["data"]["winnerId"] == 10
