"""Crews: register (the captain confirmed, the others invited), size and exclusions, edit, join, accept,
decline, leave; the admins' crew actions; a crew checked in once every confirmed member is."""

from __future__ import annotations

from typing import Any

import httpx
from battle.cast import EVENT_ADMIN, EVENT_ID, HOST, JUDGE, ORGANIZER, STRANGER
from battle.factories import create_battle, create_event, create_org, create_profiles, headers
from sqlalchemy.ext.asyncio import AsyncSession

from contracts.events import AttendeeCheckedIn, AttendeeUnchecked
from kit.db import utcnow
from kit.testing import collect_events, eventually, publish

CAPTAIN, A, B, C = 10, 11, 12, 13


async def crew_battle(client: httpx.AsyncClient, session: AsyncSession, **fields: Any) -> dict[str, Any]:
    await create_event(session, period="now")
    await create_profiles(session, CAPTAIN, A, B, C, 14, 15, JUDGE, HOST, EVENT_ADMIN)
    return await create_battle(client, **({"crewSize": 3} | fields))


async def create_crew(
    client: httpx.AsyncClient, battle_id: int, by: int, user_ids: list[int], name: str = "Rockers"
) -> httpx.Response:
    return await client.post(
        f"/api/crews/{battle_id}", json={"eventId": EVENT_ID, "name": name, "userIds": user_ids}, headers=headers(by)
    )


class TestCreate:
    async def test_captain_confirmed_others_invited(
        self, client: httpx.AsyncClient, session: AsyncSession, nats_url: str
    ) -> None:
        battle = await crew_battle(client, session)
        response = await create_crew(client, battle["id"], CAPTAIN, [A, B])
        assert response.status_code == 201, response.text
        page = response.json()
        (crew,) = page["crews"]
        assert (crew["name"], crew["captainId"], crew["inWaitlist"], crew["randId"]) == (
            "Rockers",
            CAPTAIN,
            False,
            None,
        )
        assert [(p["id"], p["confirmed"]) for p in crew["participants"]] == [(CAPTAIN, True), (A, False), (B, False)]
        assert page["myCrewId"] == crew["id"] and page["isRegistered"]
        (registered,) = await collect_events(nats_url, "battles.participant.registered", count=1)
        assert registered.data == {
            "battleId": battle["id"],
            "eventId": EVENT_ID,
            "userId": CAPTAIN,
            "crewId": crew["id"],
            "hidden": False,
        }
        invited = await collect_events(nats_url, "battles.crew.invited", count=2)
        assert invited[0].data == {
            "battleId": battle["id"],
            "eventId": EVENT_ID,
            "crewId": crew["id"],
            "crewName": "Rockers",
            "battleTitle": "Battle",
            "userId": A,
            "byUserId": CAPTAIN,
            "hidden": False,
        }
        as_a = (await client.get(f"/api/battles/{battle['id']}", headers=headers(A))).json()
        assert as_a["invitations"] == [
            {
                "crewId": crew["id"],
                "crewName": "Rockers",
                "captain": {"id": CAPTAIN, "dancerName": f"Dancer {CAPTAIN}", "avatar": f"avatar-{CAPTAIN}"},
            }
        ]
        assert as_a["isRegistered"] is False and as_a["myCrewId"] is None

    async def test_name_size_and_kind(self, client: httpx.AsyncClient, session: AsyncSession) -> None:
        battle = await crew_battle(client, session)
        nameless = await create_crew(client, battle["id"], CAPTAIN, [A], name="  ")
        assert nameless.status_code == 400 and nameless.json()["error"]["message"] == "Crew name is required"
        too_many = await create_crew(client, battle["id"], CAPTAIN, [A, B, C])
        assert too_many.status_code == 400
        assert too_many.json()["error"]["message"] == "A crew of this battle has at most 3 members."
        assert (await create_crew(client, battle["id"], CAPTAIN, [A, B])).status_code == 201
        single = await create_battle(client)
        refused = await create_crew(client, single["id"], C, [])
        assert refused.status_code == 400
        assert (await client.post(f"/api/crews/{battle['id']}", json={"name": "X", "userIds": []})).status_code == 401

    async def test_unlimited_crews(self, client: httpx.AsyncClient, session: AsyncSession) -> None:
        battle = await crew_battle(client, session, crewSize=10000)
        assert (await create_crew(client, battle["id"], CAPTAIN, [A, B, C, 14, 15])).status_code == 201

    async def test_exclusions(self, client: httpx.AsyncClient, session: AsyncSession) -> None:
        battle = await crew_battle(client, session)
        await client.post(
            f"/api/battles/{battle['id']}/role", json={"userId": JUDGE, "role": "judge"}, headers=headers(ORGANIZER)
        )
        for excluded in (JUDGE, HOST, EVENT_ADMIN):
            refused = await create_crew(client, battle["id"], CAPTAIN, [excluded])
            assert refused.status_code == 400
            assert refused.json()["error"]["message"] == f"Dancer {excluded} cannot join this crew."
        assert (await create_crew(client, battle["id"], CAPTAIN, [A])).status_code == 201
        await client.post(
            f"/api/crews/{battle['id']}/{(await self.crew_id(client, battle['id']))}/accept", headers=headers(A)
        )
        taken = await create_crew(client, battle["id"], B, [A], name="Second")
        assert taken.status_code == 400 and taken.json()["error"]["message"] == f"Dancer {A} cannot join this crew."
        captain_again = await create_crew(client, battle["id"], CAPTAIN, [], name="Third")
        assert captain_again.status_code == 400

    async def crew_id(self, client: httpx.AsyncClient, battle_id: int) -> int:
        page = (await client.get(f"/api/battles/{battle_id}", headers=headers(ORGANIZER))).json()
        return int(page["crews"][0]["id"])

    async def test_an_admin_registers_a_crew_for_others(self, client: httpx.AsyncClient, session: AsyncSession) -> None:
        battle = await crew_battle(client, session)
        response = await create_crew(client, battle["id"], HOST, [A, B])
        assert response.status_code == 201, response.text
        (crew,) = response.json()["crews"]
        assert [(p["id"], p["confirmed"]) for p in crew["participants"]] == [(A, False), (B, False)]
        assert crew["captainId"] == A
        declined = await client.post(f"/api/crews/{battle['id']}/{crew['id']}/decline", headers=headers(A))
        assert declined.json()["crews"][0]["captainId"] == B
        gone = await client.post(f"/api/crews/{battle['id']}/{crew['id']}/decline", headers=headers(B))
        assert gone.json()["crews"] == []


class TestMembers:
    async def setup(self, client: httpx.AsyncClient, session: AsyncSession, **fields: Any) -> tuple[int, int]:
        battle = await crew_battle(client, session, **fields)
        crew = (await create_crew(client, battle["id"], CAPTAIN, [A, B])).json()["crews"][0]
        return battle["id"], crew["id"]

    async def test_accept_and_decline(self, client: httpx.AsyncClient, session: AsyncSession) -> None:
        battle_id, crew_id = await self.setup(client, session)
        accepted = await client.post(f"/api/crews/{battle_id}/{crew_id}/accept", headers=headers(A))
        assert accepted.status_code == 200 and accepted.json()["myCrewId"] == crew_id
        declined = await client.post(f"/api/crews/{battle_id}/{crew_id}/decline", headers=headers(B))
        members = [(p["id"], p["confirmed"]) for p in declined.json()["crews"][0]["participants"]]
        assert members == [(CAPTAIN, True), (A, True)]
        again = await client.post(f"/api/crews/{battle_id}/{crew_id}/accept", headers=headers(B))
        assert again.status_code == 400 and again.json()["error"]["message"] == "You have no invitation to this crew."

    async def test_accepting_needs_the_signatures(self, client: httpx.AsyncClient, session: AsyncSession) -> None:
        battle = await crew_battle(client, session)
        await create_org(session, agreement=True)
        await client.post(f"/api/battles/{battle['id']}/sign-agreement", headers=headers(CAPTAIN))
        crew = (await create_crew(client, battle["id"], CAPTAIN, [A])).json()["crews"][0]
        refused = await client.post(f"/api/crews/{battle['id']}/{crew['id']}/accept", headers=headers(A))
        assert refused.status_code == 400 and refused.json()["error"]["message"] == "Sign the agreement to register."
        await client.post(f"/api/battles/{battle['id']}/sign-agreement", headers=headers(A))
        assert (
            await client.post(f"/api/crews/{battle['id']}/{crew['id']}/accept", headers=headers(A))
        ).status_code == 200

    async def test_an_admin_confirms_only_a_member_who_signed(
        self, client: httpx.AsyncClient, session: AsyncSession
    ) -> None:
        """An admin accepting an invitation for a dancer confirms them only once the documents are signed (by the
        dancer, or by the admin on their behalf)."""
        battle = await crew_battle(client, session)
        await create_org(session, agreement=True, waiver=True)
        bid = battle["id"]
        for document in ("agreement", "waiver"):
            await client.post(f"/api/battles/{bid}/sign-{document}", headers=headers(CAPTAIN))
        crew = (await create_crew(client, bid, CAPTAIN, [A])).json()["crews"][0]
        path = f"/api/admin/crews/{bid}/{crew['id']}/accept/{A}"
        refused = await client.post(path, headers=headers(HOST))
        assert refused.status_code == 400
        assert refused.json()["error"]["message"] == "Dancer 11 has not signed the agreement and the waiver."
        page = (await client.get(f"/api/battles/{bid}", headers=headers(HOST))).json()
        assert [(p["id"], p["confirmed"]) for p in page["crews"][0]["participants"]] == [(CAPTAIN, True), (A, False)]
        for document in ("agreement", "waiver"):
            assert (
                await client.post(f"/api/admin/battles/{bid}/sign-{document}/{A}", headers=headers(HOST))
            ).is_success
        accepted = await client.post(path, headers=headers(HOST))
        assert accepted.status_code == 200
        assert (A, True) in [(p["id"], p["confirmed"]) for p in accepted.json()["crews"][0]["participants"]]

    async def test_join_then_accepted_by_an_admin(
        self, client: httpx.AsyncClient, session: AsyncSession, nats_url: str
    ) -> None:
        battle_id, crew_id = await self.setup(client, session, crewSize=4)
        joined = await client.post(f"/api/crews/{battle_id}/{crew_id}/join", headers=headers(C))
        assert joined.status_code == 200
        assert joined.json()["invitations"] == []  # a request to join is not an invitation
        assert (await client.post(f"/api/crews/{battle_id}/{crew_id}/accept", headers=headers(C))).status_code == 400
        twice = await client.post(f"/api/crews/{battle_id}/{crew_id}/join", headers=headers(C))
        assert twice.status_code == 400
        # The captain (not another member) accepts or declines a request too.
        member = await client.post(f"/api/admin/crews/{battle_id}/{crew_id}/decline/{C}", headers=headers(A))
        assert member.status_code == 403
        by_captain = await client.post(f"/api/admin/crews/{battle_id}/{crew_id}/decline/{C}", headers=headers(CAPTAIN))
        assert C not in [p["id"] for p in by_captain.json()["crews"][0]["participants"]]
        await client.post(f"/api/crews/{battle_id}/{crew_id}/join", headers=headers(C))
        path = f"/api/admin/crews/{battle_id}/{crew_id}/accept/{C}"
        assert (await client.post(path, headers=headers(STRANGER))).status_code == 403
        accepted = await client.post(path, headers=headers(HOST))
        crew = accepted.json()["crews"][0]
        assert (C, True) in [(p["id"], p["confirmed"]) for p in crew["participants"]]
        full = await client.post(f"/api/crews/{battle_id}/{crew_id}/join", headers=headers(14))
        assert full.status_code == 400 and "at most 4" in full.json()["error"]["message"]

    async def test_edit(self, client: httpx.AsyncClient, session: AsyncSession, nats_url: str) -> None:
        battle_id, crew_id = await self.setup(client, session)
        await client.post(f"/api/crews/{battle_id}/{crew_id}/accept", headers=headers(A))
        body = {"eventId": EVENT_ID, "name": "New Name", "userIds": [CAPTAIN, C]}
        assert (await client.put(f"/api/crews/{battle_id}/{crew_id}", json=body, headers=headers(A))).status_code == 403
        edited = await client.put(f"/api/crews/{battle_id}/{crew_id}", json=body, headers=headers(CAPTAIN))
        assert edited.status_code == 200, edited.text
        crew = edited.json()["crews"][0]
        assert crew["name"] == "New Name"
        assert [(p["id"], p["confirmed"]) for p in crew["participants"]] == [(CAPTAIN, True), (C, False)]
        (left,) = await collect_events(nats_url, "battles.participant.unregistered", count=1)
        assert left.data["userId"] == A
        too_big = {"name": "N", "userIds": [CAPTAIN, A, B, C]}
        assert (
            await client.put(f"/api/crews/{battle_id}/{crew_id}", json=too_big, headers=headers(HOST))
        ).status_code == 400

    async def test_a_member_leaves_and_the_captain_leaving_unregisters_the_crew(
        self, client: httpx.AsyncClient, session: AsyncSession, nats_url: str
    ) -> None:
        battle_id, crew_id = await self.setup(client, session)
        await client.post(f"/api/crews/{battle_id}/{crew_id}/accept", headers=headers(A))
        left = await client.post(f"/api/crews/{battle_id}/{crew_id}/unregister", headers=headers(A))
        assert [p["id"] for p in left.json()["crews"][0]["participants"]] == [CAPTAIN, B]
        stranger = await client.post(f"/api/crews/{battle_id}/{crew_id}/unregister", headers=headers(C))
        assert stranger.status_code == 400 and stranger.json()["error"]["message"] == "You are not in this crew."
        gone = await client.post(f"/api/crews/{battle_id}/{crew_id}/unregister", headers=headers(CAPTAIN))
        assert gone.status_code == 200 and gone.json()["crews"] == [] and gone.json()["counters"]["registered"] == 0
        assert len(await collect_events(nats_url, "battles.participant.unregistered", count=2)) == 2

    async def test_admin_removes_a_dancer_and_the_crew(self, client: httpx.AsyncClient, session: AsyncSession) -> None:
        battle_id, crew_id = await self.setup(client, session)
        await client.post(f"/api/crews/{battle_id}/{crew_id}/accept", headers=headers(A))
        declined = await client.post(f"/api/admin/crews/{battle_id}/{crew_id}/decline/{B}", headers=headers(HOST))
        assert [p["id"] for p in declined.json()["crews"][0]["participants"]] == [CAPTAIN, A]
        removed = await client.post(
            f"/api/admin/crews/{battle_id}/{crew_id}/unregister/{CAPTAIN}", headers=headers(HOST)
        )
        crew = removed.json()["crews"][0]
        assert crew["captainId"] == A and [p["id"] for p in crew["participants"]] == [A]
        body = {"userId": A, "crewId": crew_id}
        via_catalogue = await client.post(
            f"/api/admin/battles/{battle_id}/unregister", json=body, headers=headers(HOST)
        )
        assert via_catalogue.json()["crews"] == []
        missing = await client.post(f"/api/admin/crews/{battle_id}/{crew_id}/unregister", headers=headers(HOST))
        assert missing.status_code == 404

    async def test_admin_unregisters_a_crew_and_the_wait_list_moves_up(
        self, client: httpx.AsyncClient, session: AsyncSession, nats_url: str
    ) -> None:
        battle = await crew_battle(client, session, crewSize=2, participationCapType="registration", limit=1)
        first = (await create_crew(client, battle["id"], CAPTAIN, [A], name="First")).json()["crews"][0]
        second = await create_crew(client, battle["id"], B, [C], name="Second")
        waiting = second.json()["waitList"]
        assert [c["name"] for c in waiting] == ["Second"] and waiting[0]["inWaitlist"] is True
        assert (
            await client.post(f"/api/admin/crews/{battle['id']}/{first['id']}/unregister", headers=headers(STRANGER))
        ).status_code == 403
        done = await client.post(f"/api/admin/crews/{battle['id']}/{first['id']}/unregister", headers=headers(HOST))
        assert [c["name"] for c in done.json()["crews"]] == ["Second"] and done.json()["waitList"] == []
        (promoted,) = await collect_events(nats_url, "battles.waitlist.promoted", count=1)
        assert promoted.data["userId"] == B and promoted.data["crewId"] == done.json()["crews"][0]["id"]


class TestCheckIn:
    async def test_a_crew_is_checked_in_once_every_confirmed_member_is(
        self, client: httpx.AsyncClient, session: AsyncSession, nats_url: str
    ) -> None:
        battle = await crew_battle(client, session)
        crew = (await create_crew(client, battle["id"], CAPTAIN, [A, B])).json()["crews"][0]
        await client.post(f"/api/crews/{battle['id']}/{crew['id']}/accept", headers=headers(A))
        now = utcnow().isoformat()

        async def crew_now() -> dict[str, Any]:
            return (await client.get(f"/api/battles/{battle['id']}", headers=headers(ORGANIZER))).json()["crews"][0]

        await publish(
            nats_url, AttendeeCheckedIn(event_id=EVENT_ID, user_id=CAPTAIN, checked_in_at=now, checked_in=1, total=3)
        )

        async def captain_in() -> bool:
            return bool([p for p in (await crew_now())["participants"] if p["id"] == CAPTAIN and p["checkedIn"]])

        await eventually(captain_in)
        assert (await crew_now())["randId"] is None  # A is confirmed and not checked in; B only invited
        await publish(
            nats_url, AttendeeCheckedIn(event_id=EVENT_ID, user_id=A, checked_in_at=now, checked_in=2, total=3)
        )

        async def numbered() -> dict[str, Any] | None:
            found = await crew_now()
            return found if found["randId"] == 1 else None

        assert (await eventually(numbered))["checkedIn"] is True
        await publish(
            nats_url, AttendeeUnchecked(event_id=EVENT_ID, user_id=A, checked_in_at=None, checked_in=1, total=3)
        )

        async def cleared() -> bool:
            return (await crew_now())["randId"] is None

        await eventually(cleared)


class TestCandidates:
    """GET /api/crews/{battleId}/candidates: whom the crew form offers (the spec's selector exclusions)."""

    async def test_only_who_may_join(self, client: httpx.AsyncClient, session: AsyncSession) -> None:
        battle = await crew_battle(client, session, hideParticipants=True, crewSize=4)
        await create_profiles(session, ORGANIZER, 16, 17, names={16: "Amy", 17: "Zed"})
        bid = battle["id"]
        await client.post(
            f"/api/battles/{bid}/role", json={"userId": JUDGE, "role": "judge"}, headers=headers(ORGANIZER)
        )
        # the Rockers: CAPTAIN and A confirmed, B invited; the Kings: C confirmed, 14 invited
        rockers = (await create_crew(client, bid, CAPTAIN, [A, B])).json()["myCrewId"]
        await client.post(f"/api/crews/{bid}/{rockers}/accept", headers=headers(A))
        await create_crew(client, bid, C, [14], name="Kings")
        path = f"/api/crews/{bid}/candidates"
        assert (await client.get(path)).status_code == 401
        assert (await client.get("/api/crews/424242/candidates", headers=headers(15))).status_code == 404
        found = await client.get(path, headers=headers(15))
        assert found.status_code == 200, found.text
        ids = [u["id"] for u in found.json()["data"]]
        # judges, the event's admins and hosts, the organizer, the caller and confirmed crew members are not offered;
        # dancers only invited somewhere are
        assert ids == [16, B, 14, 17] and found.json()["total"] == 4
        first = found.json()["data"][0]
        assert {k: first[k] for k in ("id", "dancerName", "avatar", "confirmed")} == {
            "id": 16,
            "dancerName": "Amy",
            "avatar": "avatar-16",
            "confirmed": True,
        }
        assert first["agreementSignedAt"] is None  # signature dates are for the battle's admins
        keyword = (await client.get(path, params={"k": "ze"}, headers=headers(15))).json()
        assert [u["id"] for u in keyword["data"]] == [17]
        paged = (await client.get(path, params={"pp": 1, "p": 1}, headers=headers(15))).json()
        assert [u["id"] for u in paged["data"]] == [B] and paged["total"] == 4
        # editing a crew: its own members stay selectable (not the caller)
        editing = await client.get(path, params={"crewId": rockers}, headers=headers(CAPTAIN))
        assert [u["id"] for u in editing.json()["data"]] == [16, A, B, 14, 15, 17]
        other = await client.get(path, params={"crewId": 99999}, headers=headers(CAPTAIN))
        assert other.status_code == 404

    async def test_single_battles_have_no_crews(self, client: httpx.AsyncClient, session: AsyncSession) -> None:
        battle = await crew_battle(client, session, crewSize=1)
        refused = await client.get(f"/api/crews/{battle['id']}/candidates", headers=headers(CAPTAIN))
        assert refused.status_code == 400
        assert refused.json()["error"]["message"] == "This battle is for single dancers: register alone."
