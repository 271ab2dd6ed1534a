"""The reads a crowd shares (docs/decisions.md, "Reads a crowd shares"): few statements each, a tag per version and
viewer, 304 for a current tag, one build for a burst of guests, and never a body older than a write already seen."""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from contextlib import AbstractContextManager
from typing import Any

import httpx
import orjson
import pytest
from battle.cast import DANCERS, EVENT_ID, HOST, ORGANIZER, STRANGER
from battle.factories import (
    add_judge,
    create_battle,
    create_crew,
    create_event,
    create_org,
    create_profiles,
    headers,
    register_dancers,
)
from prometheus_client import REGISTRY
from scoreboards.test_router import create_carpets
from sparrings.factories import JUDGE, SEMI_LEFT, bracket_battle, score
from sqlalchemy import update
from sqlalchemy.ext.asyncio import AsyncSession

from battles.battles.service import battle_service
from battles.models import EventView
from kit.principal import Principal
from kit.shared_reads import SharedReads, _order, shared_reads
from kit.testing.plugin import AppClient

Counter = Callable[[], AbstractContextManager[list[str]]]
NAMED = [DANCERS[0], DANCERS[1]]


def shared(client: httpx.AsyncClient) -> SharedReads:
    return shared_reads(client._transport.app)  # type: ignore[attr-defined]


async def whole_build(client: httpx.AsyncClient, battle_id: int, user: int) -> dict[str, Any]:
    """The battle as the whole build answers `user` (no shared body, no own fields put in): what every crowd's
    answer to them must equal."""
    app = client._transport.app  # type: ignore[attr-defined]
    async with app.state.read_sessionmaker() as reading:
        principal = Principal(account_id=user, profile_id=user, profile_ids=(user,))
        access = await battle_service.access(reading, battle_id, principal)
        return (await battle_service.view(reading, app.state.identity, access)).model_dump(mode="json")


async def named_battle(client: httpx.AsyncClient, session: AsyncSession, **fields: Any) -> int:
    await create_event(session)
    await create_org(session)
    await create_profiles(session, *NAMED, STRANGER, HOST, names={NAMED[0]: "Bgirl Ana", NAMED[1]: "Bboy Ben"})
    battle = await create_battle(client, **fields)
    await register_dancers(client, battle["id"], NAMED[0])
    return int(battle["id"])


class TestConditionalGet:
    async def test_a_current_tag_is_a_304_after_one_statement(
        self, client: httpx.AsyncClient, session: AsyncSession, count_queries: Counter
    ) -> None:
        battle_id = await named_battle(client, session)
        first = await client.get(f"/api/battles/{battle_id}")
        assert first.status_code == 200, first.text
        tag = first.headers["etag"]
        assert tag.startswith('W/"') and first.headers["vary"] == "X-Auth-Token, Caller-Id"
        answered = REGISTRY.get_sample_value("shared_reads_total", {"outcome": "not_modified"}) or 0
        with count_queries() as queries:
            again = await client.get(f"/api/battles/{battle_id}", headers={"If-None-Match": tag})
        assert again.status_code == 304 and again.content == b""
        assert REGISTRY.get_sample_value("shared_reads_total", {"outcome": "not_modified"}) == answered + 1
        assert again.headers["etag"] == tag
        assert len(queries) == 1 and "topic_version" in queries[0]

    async def test_a_write_changes_the_tag(self, client: httpx.AsyncClient, session: AsyncSession) -> None:
        battle_id = await named_battle(client, session)
        first = await client.get(f"/api/battles/{battle_id}")
        await register_dancers(client, battle_id, NAMED[1])
        after = await client.get(f"/api/battles/{battle_id}", headers={"If-None-Match": first.headers["etag"]})
        assert after.status_code == 200 and after.headers["etag"] != first.headers["etag"]
        assert [p["name"] for p in after.json()["participants"]] == ["Bgirl Ana", "Bboy Ben"]

    async def test_a_projected_change_changes_the_tag(self, client: httpx.AsyncClient, session: AsyncSession) -> None:
        """What another service announces (here the event's title, as its consumer writes it) moves the epoch."""
        battle_id = await named_battle(client, session)
        first = await client.get(f"/api/battles/{battle_id}")
        await session.execute(update(EventView).where(EventView.id == EVENT_ID).values(title="Kings Jam"))
        await session.commit()
        after = await client.get(f"/api/battles/{battle_id}", headers={"If-None-Match": first.headers["etag"]})
        assert after.status_code == 200 and after.json()["event"]["title"] == "Kings Jam"

    async def test_the_tag_is_the_viewers(self, client: httpx.AsyncClient, session: AsyncSession) -> None:
        """A hidden battle: its organizer sees the names, a guest or a stranger does not, and neither's tag opens
        the other's body."""
        battle_id = await named_battle(client, session, hideParticipants=True)
        url = f"/api/battles/{battle_id}"
        organizer = await client.get(url, headers=headers(ORGANIZER))
        assert [p["name"] for p in organizer.json()["participants"]] == ["Bgirl Ana"]
        assert organizer.headers["cache-control"] == "private, no-cache"
        for who in ({}, headers(STRANGER)):
            other = await client.get(url, headers={**who, "If-None-Match": organizer.headers["etag"]})
            assert other.status_code == 200 and other.json()["participants"] == []
            assert other.headers["etag"] != organizer.headers["etag"]
        guest = await client.get(url)
        stranger = await client.get(url, headers={**headers(STRANGER), "If-None-Match": guest.headers["etag"]})
        assert stranger.status_code == 200 and stranger.json()["isRegistered"] is False

    async def test_a_sparring_follows_its_battle_and_its_scores(
        self, client: httpx.AsyncClient, session: AsyncSession, count_queries: Counter
    ) -> None:
        _, rows = await bracket_battle(client, session)
        url = f"/api/sparrings/{rows[SEMI_LEFT].id}"
        first = await client.get(url)
        with count_queries() as queries:
            same = await client.get(url, headers={"If-None-Match": first.headers["etag"]})
        assert same.status_code == 304 and len(queries) == 1
        assert (await score(client, rows[SEMI_LEFT], JUDGE, (1, 9, 8))).status_code == 200
        scored = await client.get(url, headers={"If-None-Match": first.headers["etag"]})
        assert scored.status_code == 200 and scored.json()["red"]["totalPoints"] == 9

    async def test_a_board_follows_its_sparring_and_its_battle(
        self, client: httpx.AsyncClient, session: AsyncSession, count_queries: Counter
    ) -> None:
        battle, rows = await bracket_battle(client, session)
        await create_carpets(session, "Main")
        await client.post(f"/api/events/{EVENT_ID}/scoreboards/init", headers=headers(ORGANIZER))
        await client.post(
            f"/api/events/{EVENT_ID}/scoreboards/1", json={"sparringId": rows[SEMI_LEFT].id}, headers=headers(HOST)
        )
        url = f"/api/events/{EVENT_ID}/scoreboards/1"
        first = await client.get(url)
        with count_queries() as queries:
            same = await client.get(url, headers={"If-None-Match": first.headers["etag"]})
        assert same.status_code == 304 and len(queries) == 1
        await add_judge(client, battle["id"], STRANGER)  # the battle's change, not the carpet's
        judged = await client.get(url, headers={"If-None-Match": first.headers["etag"]})
        assert judged.status_code == 200
        assert (await score(client, rows[SEMI_LEFT], JUDGE, (1, 9, 8))).status_code == 200
        scored = await client.get(url, headers={"If-None-Match": judged.headers["etag"]})
        assert scored.status_code == 200 and scored.json()["sparring"]["red"]["totalPoints"] == 9

    async def test_the_list_of_boards_follows_its_boards_and_their_battles(
        self, client: httpx.AsyncClient, session: AsyncSession, count_queries: Counter
    ) -> None:
        battle, rows = await bracket_battle(client, session)
        await create_carpets(session, "Main", "Side")
        await client.post(f"/api/events/{EVENT_ID}/scoreboards/init", headers=headers(ORGANIZER))
        url = f"/api/events/{EVENT_ID}/scoreboards"
        first = await client.get(url)
        with count_queries() as queries:
            same = await client.get(url, headers={"If-None-Match": first.headers["etag"]})
        assert same.status_code == 304 and len(queries) == 1
        shown = await client.post(
            f"{url}/1", json={"sparringId": rows[SEMI_LEFT].id}, headers=headers(HOST)
        )  # the event's topic
        assert shown.status_code == 200, shown.text
        listed = await client.get(url, headers={"If-None-Match": first.headers["etag"]})
        assert listed.status_code == 200 and listed.json()[0]["sparring"]["sparringId"] == rows[SEMI_LEFT].id
        assert (await score(client, rows[SEMI_LEFT], JUDGE, (1, 9, 8))).status_code == 200  # the carpet's topic
        scored = await client.get(url, headers={"If-None-Match": listed.headers["etag"]})
        assert scored.status_code == 200 and scored.json()[0]["sparring"]["red"]["totalPoints"] == 9
        await add_judge(client, battle["id"], STRANGER)  # the shown battle's topic
        judged = await client.get(url, headers={"If-None-Match": scored.headers["etag"]})
        assert judged.status_code == 200


class TestSignedInViewers:
    async def test_the_shared_body_with_their_own_standing_is_the_whole_build(
        self, client: httpx.AsyncClient, session: AsyncSession
    ) -> None:
        """A signed-in viewer who is not the battle's admin gets the guests' body with their own fields in place:
        exactly what the whole build answers them (a captain, a member, one invited, a judge, a stranger, an
        admin)."""
        await create_event(session)
        await create_org(session)
        captain, member, invited, other_captain = DANCERS[0], DANCERS[1], DANCERS[2], DANCERS[3]
        await create_profiles(session, captain, member, invited, other_captain, STRANGER, HOST, JUDGE)
        battle_id = int((await create_battle(client, crewSize=2))["id"])
        await create_crew(client, battle_id, "Rockers", captain, member)
        invited_to = await client.post(
            f"/api/crews/{battle_id}",
            json={"eventId": EVENT_ID, "name": "Floor", "userIds": [invited]},
            headers=headers(other_captain),
        )
        assert invited_to.status_code == 201, invited_to.text
        await add_judge(client, battle_id, JUDGE)
        for user in (captain, member, invited, JUDGE, STRANGER, HOST, ORGANIZER):
            whole = await whole_build(client, battle_id, user)
            answer = await client.get(f"/api/battles/{battle_id}", headers=headers(user))
            assert answer.status_code == 200, answer.text
            assert answer.json() == whole, user
        invitation = (await client.get(f"/api/battles/{battle_id}", headers=headers(invited))).json()["invitations"]
        assert [i["crewName"] for i in invitation] == ["Floor"]

    @pytest.mark.parametrize("hidden", [False, True])
    async def test_a_battle_of_single_dancers_answers_each_viewer_the_whole_build(
        self, client: httpx.AsyncClient, session: AsyncSession, hidden: bool
    ) -> None:
        """The same for a battle of single dancers, whose viewers' own fields are one statement: one competing
        with the agreement signed, one on the wait list, an organization member not registered, a judge, a
        stranger, the host and the organizer (admins: the lists of a battle that hides them are theirs alone)."""
        await create_event(session)
        competing, waiting, member = DANCERS[0], DANCERS[1], DANCERS[2]
        await create_org(session, agreement=True, members=(member,))
        await create_profiles(session, competing, waiting, member, STRANGER, HOST, JUDGE)
        battle_id = int(
            (await create_battle(client, participationCapType="registration", limit=1, hideParticipants=hidden))["id"]
        )
        for dancer in (competing, waiting):
            for step in ("sign-agreement", "dancer"):
                done = await client.post(f"/api/battles/{battle_id}/{step}", headers=headers(dancer))
                assert done.status_code == 200, done.text
        await add_judge(client, battle_id, JUDGE)
        await client.get(f"/api/battles/{battle_id}")  # the guests' body, kept
        for user in (competing, waiting, member, JUDGE, STRANGER, HOST, ORGANIZER):
            whole = await whole_build(client, battle_id, user)
            answer = await client.get(f"/api/battles/{battle_id}", headers=headers(user))
            assert answer.status_code == 200, answer.text
            assert answer.json() == whole, user
            assert whole["isAdmin"] == (user in (HOST, ORGANIZER))
            listed = len(whole["participants"]) + len(whole["waitList"])
            assert listed == (2 if user in (HOST, ORGANIZER) or not hidden else 0)

    async def test_a_registration_answers_what_the_whole_build_answers_its_dancer(
        self, client: httpx.AsyncClient, session: AsyncSession
    ) -> None:
        """A registration's own fields come from what registering read (no second look-up): the same as the whole
        build answers the dancer, with the organization's documents signed; and again for a repeated request."""
        await create_event(session)
        await create_org(session, agreement=True, waiver=True)
        dancer = DANCERS[0]
        await create_profiles(session, dancer)
        battle_id = int((await create_battle(client, participationCapType="registration", limit=8))["id"])
        for document in ("agreement", "waiver"):
            signed = await client.post(f"/api/battles/{battle_id}/sign-{document}", headers=headers(dancer))
            assert signed.status_code == 200, signed.text
        for _ in range(2):
            answer = await client.post(f"/api/battles/{battle_id}/dancer", headers=headers(dancer))
            assert answer.status_code == 200, answer.text
            whole = await whole_build(client, battle_id, dancer)
            assert answer.json() == whole
            assert whole["isRegistered"] and whole["orgLegalDocs"]["agreementSignedAt"]

    async def test_a_rush_of_registrations_each_answers_its_own_standing(
        self, client: httpx.AsyncClient, session: AsyncSession
    ) -> None:
        """The answer of a registration is the crowd's read after its commit: the shared lists (with the new
        entry in them) and the registrant's own fields."""
        await create_event(session)
        await create_org(session)
        dancers = list(DANCERS[:20])
        await create_profiles(session, *dancers)
        battle_id = int((await create_battle(client, participationCapType="registration", limit=8))["id"])
        answers = await asyncio.gather(
            *(client.post(f"/api/battles/{battle_id}/dancer", headers=headers(d)) for d in dancers)
        )
        for dancer, answer in zip(dancers, answers, strict=True):
            assert answer.status_code == 200, answer.text
            body = answer.json()
            assert body["isRegistered"] and body["canUnregister"] and body["permissions"]["registered"]
            listed = [p["id"] for p in body["participants"]] + [p["id"] for p in body["waitList"]]
            assert dancer in listed
        final = (await client.get(f"/api/battles/{battle_id}")).json()
        assert len(final["participants"]) == 8 and len(final["waitList"]) == 12


class TestABurst:
    async def test_a_burst_after_a_change_builds_once_and_sees_it(
        self, client: httpx.AsyncClient, session: AsyncSession, count_queries: Counter
    ) -> None:
        battle_id = await named_battle(client, session)
        url = f"/api/battles/{battle_id}"
        await client.get(url)  # the body before the change, cached
        await register_dancers(client, battle_id, NAMED[1])
        builds = shared(client).builds
        with count_queries() as queries:
            answers = await asyncio.gather(*(client.get(url) for _ in range(200)))
        assert {a.status_code for a in answers} == {200}
        assert all(len(a.json()["participants"]) == 2 for a in answers)
        assert len({a.headers["etag"] for a in answers}) == 1
        assert shared(client).builds == builds + 1
        versions = [q for q in queries if "topic_version" in q]
        assert 1 <= len(versions) <= 2  # coalesced: each request waits for a check begun after it arrived
        assert len(queries) - len(versions) == BATTLE_STATEMENTS

    async def test_a_read_whose_version_a_running_build_knew_joins_it(
        self, client: httpx.AsyncClient, session: AsyncSession
    ) -> None:
        """On a loop busy with a rush, a request goes on well after its version check finished, often after a
        build began: that build counts from when the check finished, so the request joins it instead of waiting
        for it and then for a build of its own (the GET's tail in the battles bench). A check that finished after
        the build began is not covered by it."""
        battle_id = await named_battle(client, session)
        reads, url, topics = shared(client), f"/api/battles/{battle_id}", (f"battle:{battle_id}",)
        version = await reads.version(topics)  # the check finished: a build begun from now on includes it
        gate, built = asyncio.Event(), []

        async def build(name: str) -> dict[str, str]:
            built.append(name)
            await gate.wait()
            return {"by": name}

        since = (topics, _order(version))
        first = asyncio.create_task(reads._shared(url, "a", lambda: build("first"), since))
        await asyncio.sleep(0.01)
        late = asyncio.create_task(reads._shared(url, "b", lambda: build("late"), since))
        await register_dancers(client, battle_id, NAMED[1])  # a newer version, read after the build began
        newer = await reads.version(topics)
        after = asyncio.create_task(reads._shared(url, "c", lambda: build("after"), (topics, _order(newer))))
        await asyncio.sleep(0.01)
        gate.set()
        assert orjson.loads(await first) == {"by": "first"} and orjson.loads(await late) == {"by": "first"}
        assert orjson.loads(await after) == {"by": "after"}
        assert built == ["first", "after"]

    async def test_another_replica_never_serves_an_older_body(
        self, client: httpx.AsyncClient, session: AsyncSession, app_with: AppClient
    ) -> None:
        battle_id = await named_battle(client, session)
        url = f"/api/battles/{battle_id}"
        async with app_with(run_workers=False) as other:
            assert len((await other.get(url)).json()["participants"]) == 1  # cached there
            await register_dancers(client, battle_id, NAMED[1])  # written here
            assert len((await other.get(url)).json()["participants"]) == 2


# The statements of each read when its body is built (a guest, a miss): measured, pinned so a read cannot grow back
# (docs/decisions.md, "Reads a crowd shares"). The version's statement is on top.
BATTLE_STATEMENTS = 6  # was 9: the battle with its event, and its people (names, check-ins, studios) in one each
PRELIMS_STATEMENTS = 5  # was 6
BRACKET_STATEMENTS = 4  # was 5
SPARRING_STATEMENTS = 7  # was 8
BOARD_STATEMENTS = 9
BOARDS_STATEMENTS = 9
# A signed-in viewer of the battle page when the guests' body is kept: the version, then their access (the battle
# with its event; their roles and judging) with their facts at the battle (entered, signed, member, checked in) in
# one statement, no list built. Was 9 + a build, then 9.
PERSONAL_STATEMENTS = 2


class TestStatementsPerRead:
    async def test_a_signed_in_viewer_of_a_kept_body(
        self, client: httpx.AsyncClient, session: AsyncSession, count_queries: Counter
    ) -> None:
        battle_id = await named_battle(client, session)
        await client.get(f"/api/battles/{battle_id}")  # the guests' body, kept
        builds = shared(client).builds
        with count_queries() as queries:
            answer = await client.get(f"/api/battles/{battle_id}", headers=headers(STRANGER))
        assert answer.status_code == 200 and answer.json()["permissions"]["registerButtonEnabled"]
        assert shared(client).builds == builds
        assert len(queries) == PERSONAL_STATEMENTS

    async def built(self, client: httpx.AsyncClient, count_queries: Counter, url: str) -> int:
        shared(client)._bodies.clear()
        with count_queries() as queries:
            answer = await client.get(url)
        assert answer.status_code == 200, answer.text
        return len([q for q in queries if "topic_version" not in q])

    @pytest.mark.parametrize(
        ("read", "expected"),
        [
            ("battle", BATTLE_STATEMENTS),
            ("prelims", PRELIMS_STATEMENTS),
            ("bracket", BRACKET_STATEMENTS),
            ("sparring", SPARRING_STATEMENTS),
            ("board", BOARD_STATEMENTS),
            ("boards", BOARDS_STATEMENTS),
        ],
    )
    async def test_each_read_is_a_few_statements(
        self, client: httpx.AsyncClient, session: AsyncSession, count_queries: Counter, read: str, expected: int
    ) -> None:
        battle, rows = await bracket_battle(client, session)
        await create_carpets(session, "Main")
        await client.post(f"/api/events/{EVENT_ID}/scoreboards/init", headers=headers(ORGANIZER))
        shown = await client.post(
            f"/api/events/{EVENT_ID}/scoreboards/1", json={"sparringId": rows[SEMI_LEFT].id}, headers=headers(HOST)
        )
        assert shown.status_code == 200, shown.text
        url = {
            "battle": f"/api/battles/{battle['id']}",
            "prelims": f"/api/battles/{battle['id']}/prelims",
            "bracket": f"/api/battles/{battle['id']}/brackets",
            "sparring": f"/api/sparrings/{rows[SEMI_LEFT].id}",
            "board": f"/api/events/{EVENT_ID}/scoreboards/1",
            "boards": f"/api/events/{EVENT_ID}/scoreboards",
        }[read]
        assert await self.built(client, count_queries, url) == expected
