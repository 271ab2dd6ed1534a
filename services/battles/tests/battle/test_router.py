"""The setup (the wizard): add a battle, read it, save every field, delete it, judges; who may."""

from __future__ import annotations

import httpx
from battle.cast import EVENT_ADMIN, EVENT_ID, HOST, JUDGE, ORG_ID, ORGANIZER, PLATFORM_ADMIN, STRANGER
from battle.factories import create_battle, create_event, create_org, create_profiles, headers
from sqlalchemy.ext.asyncio import AsyncSession

from kit.testing import collect_events


class TestAdd:
    async def test_defaults_from_the_event(
        self, client: httpx.AsyncClient, session: AsyncSession, nats_url: str
    ) -> None:
        event = await create_event(session)
        await create_org(session)
        response = await client.post(f"/api/events/{EVENT_ID}/add-battle", headers=headers(ORGANIZER))
        assert response.status_code == 201, response.text
        battle = response.json()
        assert (battle["title"], battle["crewSize"], battle["style"], battle["category"]) == (
            "Battle",
            1,
            "classic",
            "1 vs 1",
        )
        assert (battle["participationCapType"], battle["limit"], battle["bracketSize"]) == ("none", 0, 16)
        assert [level["name"] for level in battle["bracketLevels"]] == ["Top 16", "Top 8", "Semi-final", "Final"]
        assert battle["orgId"] == ORG_ID and battle["orgChip"] == {
            "id": ORG_ID,
            "image": "org-img",
            "name": "Breaking League",
        }
        assert battle["startDate"] is not None and battle["startDate"].startswith(event.starts_at.date().isoformat())
        assert battle["event"] == {"id": EVENT_ID, "title": "Queens Jam", "period": "future", "organizerId": ORGANIZER}
        assert battle["canEdit"] and battle["canDownload"] and battle["status"] == "registration"
        assert battle["participants"] == [] and battle["waitList"] == [] and battle["winners"] == []
        (created,) = await collect_events(nats_url, "battles.battle.created", count=1)
        assert created.data == {
            "id": battle["id"],
            "eventId": EVENT_ID,
            "title": "Battle",
            "crewSize": 1,
            "orgId": ORG_ID,  # the event's organization: the event page's chip
        }
        assert f"battle:{battle['id']}" in created.topics

    async def test_who_may(self, client: httpx.AsyncClient, session: AsyncSession) -> None:
        await create_event(session)
        path = f"/api/events/{EVENT_ID}/add-battle"
        assert (await client.post(path)).status_code == 401
        assert (await client.post(path, headers=headers(STRANGER))).status_code == 403
        assert (await client.post(path, headers=headers(HOST))).status_code == 403
        assert (await client.post(path, headers=headers(EVENT_ADMIN))).status_code == 201
        assert (await client.post(path, headers=headers(PLATFORM_ADMIN, admin=True))).status_code == 201
        assert (await client.post("/api/events/999/add-battle", headers=headers(ORGANIZER))).status_code == 404


class TestSave:
    async def test_every_field(self, client: httpx.AsyncClient, session: AsyncSession, nats_url: str) -> None:
        await create_event(session)
        battle = await create_battle(client)
        body = {
            "title": "  Crews Open ",
            "crewSize": 3,
            "orgId": 0,
            "organizationCompetitorsOnly": True,
            "description": "<p>Hi<script>alert(1)</script></p>",
            "hideParticipants": False,
            "participationCapType": "checkIn",
            "limit": 16,
            "style": "bracket",
            "bracketSize": 4,
            "prizesDesc": "$500 purse",
            "prizes": [{"title": "2nd Place", "amount": 0.3}, {"title": "1st Place", "amount": 300}],
            "startDate": "2026-07-01T18:00:00Z",
        }
        response = await client.put(f"/api/battles/{battle['id']}", json=body, headers=headers(ORGANIZER))
        assert response.status_code == 200, response.text
        saved = response.json()
        assert (saved["title"], saved["crewSize"], saved["category"], saved["orgId"], saved["orgChip"]) == (
            "Crews Open",
            3,
            "3 vs 3",
            0,
            None,
        )
        assert saved["description"] == "<p>Hi</p>"
        assert (saved["participationCapType"], saved["limit"], saved["style"]) == ("checkIn", 16, "bracket")
        assert saved["bracketLevels"] == [{"name": "Semi-final", "rounds": 1}, {"name": "Final", "rounds": 1}]
        assert saved["prizes"] == [
            {"id": 1, "title": "1st Place", "amount": 300},
            {"id": 2, "title": "2nd Place", "amount": 1},
        ]
        assert saved["startDate"] == "2026-07-01T18:00:00Z" and saved["prizesDesc"] == "$500 purse"
        events = await collect_events(nats_url, "battles.battle.updated", count=1)
        # saved for no organization (orgId 0): announced as none
        assert events[0].data == {
            "id": battle["id"],
            "eventId": EVENT_ID,
            "title": "Crews Open",
            "crewSize": 3,
            "orgId": None,
        }

    async def test_unlimited_crews_announce_null(
        self, client: httpx.AsyncClient, session: AsyncSession, nats_url: str
    ) -> None:
        await create_event(session)
        battle = await create_battle(client, crewSize=10000)
        assert battle["category"] == "Unlimited"
        (updated,) = await collect_events(nats_url, "battles.battle.updated", count=1)
        assert updated.data["crewSize"] is None

    async def test_levels_rounds_and_a_size_change_rederives(
        self, client: httpx.AsyncClient, session: AsyncSession
    ) -> None:
        await create_event(session)
        battle = await create_battle(client, bracketSize=2, bracketLevels=[{"name": "Final", "rounds": 3}])
        assert battle["bracketLevels"] == [{"name": "Final", "rounds": 3}]
        path = f"/api/battles/{battle['id']}"
        changed = await client.put(
            path,
            json={"title": "B", "bracketSize": 8, "bracketLevels": [{"name": "Final", "rounds": 3}]},
            headers=headers(ORGANIZER),
        )
        assert [level["name"] for level in changed.json()["bracketLevels"]] == ["Top 8", "Semi-final", "Final"]
        wrong = await client.put(
            path, json={"title": "B", "bracketLevels": [{"name": "Final", "rounds": 1}]}, headers=headers(ORGANIZER)
        )
        assert wrong.status_code == 400 and "Top 8, Semi-final, Final" in wrong.json()["error"]["message"]
        too_many = await client.put(
            path,
            json={"title": "B", "bracketSize": 2, "bracketLevels": [{"name": "Final", "rounds": 102}]},
            headers=headers(ORGANIZER),
        )
        assert too_many.status_code == 400

    async def test_hiding_participants_resets_a_registration_cap(
        self, client: httpx.AsyncClient, session: AsyncSession
    ) -> None:
        await create_event(session)
        battle = await create_battle(client, participationCapType="registration", limit=8, hideParticipants=True)
        assert (battle["participationCapType"], battle["limit"], battle["hideParticipants"]) == ("none", 0, True)

    async def test_bad_input_is_refused_and_changes_nothing(
        self, client: httpx.AsyncClient, session: AsyncSession
    ) -> None:
        await create_event(session)
        battle = await create_battle(client, title="Kept")
        path = f"/api/battles/{battle['id']}"
        for body in (
            {"title": "B", "crewSize": 11},
            {"title": "B", "limit": -1},
            {"title": "B", "style": "other"},
            {"title": "B", "bracketSize": 12},
            {"title": "B", "prizes": [{"title": "3rd Place", "amount": 1}]},
            {"title": "B", "prizes": [{"title": "Top 4", "amount": -5}]},
            {"title": "B", "participationCapType": "tickets"},
            {"title": "   "},
            {},
        ):
            response = await client.put(path, json=body, headers=headers(ORGANIZER))
            assert response.status_code == 400, (body, response.text)
        assert (await client.get(path)).json()["title"] == "Kept"

    async def test_who_may(self, client: httpx.AsyncClient, session: AsyncSession) -> None:
        await create_event(session)
        battle = await create_battle(client)
        path = f"/api/battles/{battle['id']}"
        assert (await client.put(path, json={"title": "X"})).status_code == 401
        assert (await client.put(path, json={"title": "X"}, headers=headers(STRANGER))).status_code == 403
        assert (await client.put(path, json={"title": "X"}, headers=headers(HOST))).status_code == 403
        assert (await client.put(path, json={"title": "X"}, headers=headers(EVENT_ADMIN))).status_code == 200


class TestRead:
    async def test_guests_read_and_may_not_edit(self, client: httpx.AsyncClient, session: AsyncSession) -> None:
        await create_event(session)
        battle = await create_battle(client)
        page = (await client.get(f"/api/battles/{battle['id']}")).json()
        assert page["canEdit"] is False and page["canDownload"] is False
        assert page["permissions"]["registerButtonVisible"] is True and page["isRegistered"] is False
        assert page["isAdmin"] is False
        host = (await client.get(f"/api/battles/{battle['id']}", headers=headers(HOST))).json()
        assert host["canEdit"] is False
        # hosts are the battle's admins (docs/product/battles-and-registration.md): the lists and the actions menu,
        # not the setup
        assert host["isAdmin"] is True
        stranger = (await client.get(f"/api/battles/{battle['id']}", headers=headers(STRANGER))).json()
        assert stranger["isAdmin"] is False
        admin = (await client.get(f"/api/battles/{battle['id']}", headers=headers(EVENT_ADMIN))).json()
        assert admin["canEdit"] is True and admin["isAdmin"] is True

    async def test_unknown_battle(self, client: httpx.AsyncClient) -> None:
        response = await client.get("/api/battles/12345")
        assert response.status_code == 404 and response.json()["error"]["code"] == "battle_not_found"


class TestDelete:
    async def test_deleted_and_announced(self, client: httpx.AsyncClient, session: AsyncSession, nats_url: str) -> None:
        await create_event(session)
        await create_profiles(session, 10, JUDGE)
        battle = await create_battle(client)
        path = f"/api/battles/{battle['id']}"
        registered = await client.post(f"{path}/dancer", headers=headers(10))
        assert registered.status_code == 200, registered.text
        await client.post(f"{path}/role", json={"userId": JUDGE, "role": "judge"}, headers=headers(ORGANIZER))
        assert (await client.delete(path, headers=headers(STRANGER))).status_code == 403
        assert (await client.delete(path, headers=headers(ORGANIZER))).status_code == 204
        assert (await client.get(path)).status_code == 404
        (deleted,) = await collect_events(nats_url, "battles.battle.deleted", count=1)
        assert deleted.data["id"] == battle["id"]
        (left,) = await collect_events(nats_url, "battles.participant.unregistered", count=1)
        assert left.data == {
            "battleId": battle["id"],
            "eventId": EVENT_ID,
            "userId": 10,
            "crewId": None,
            "hidden": False,
        }
        (removed,) = await collect_events(nats_url, "battles.judge.removed", count=1)
        assert removed.data["userId"] == JUDGE


class TestJudges:
    async def test_add_and_remove(self, client: httpx.AsyncClient, session: AsyncSession, nats_url: str) -> None:
        await create_event(session)
        await create_profiles(session, JUDGE)
        battle = await create_battle(client)
        path = f"/api/battles/{battle['id']}/role"
        body = {"userId": JUDGE, "role": "judge"}
        added = await client.post(path, json=body, headers=headers(ORGANIZER))
        assert added.status_code == 200
        assert added.json() == [{"id": JUDGE, "dancerName": f"Dancer {JUDGE}", "avatar": f"avatar-{JUDGE}"}]
        again = await client.post(path, json=body, headers=headers(ORGANIZER))
        assert len(again.json()) == 1
        page = (await client.get(f"/api/battles/{battle['id']}")).json()
        assert [j["id"] for j in page["judges"]] == [JUDGE]
        removed = await client.request("DELETE", path, json=body, headers=headers(ORGANIZER))
        assert removed.status_code == 200 and removed.json() == []
        (judge_added,) = await collect_events(nats_url, "battles.judge.added", count=1)
        assert judge_added.data == {"battleId": battle["id"], "eventId": EVENT_ID, "userId": JUDGE}
        assert len(await collect_events(nats_url, "battles.judge.removed", count=1)) == 1

    async def test_a_registered_dancer_cannot_judge(self, client: httpx.AsyncClient, session: AsyncSession) -> None:
        await create_event(session)
        await create_profiles(session, 10, 11, 12)
        single = await create_battle(client)
        assert (await client.post(f"/api/battles/{single['id']}/dancer", headers=headers(10))).status_code == 200
        refused = await client.post(
            f"/api/battles/{single['id']}/role", json={"userId": 10, "role": "judge"}, headers=headers(ORGANIZER)
        )
        assert refused.status_code == 400
        assert refused.json()["error"]["message"] == "A dancer registered for this battle cannot judge it."
        crews = await create_battle(client, crewSize=3)
        made = await client.post(
            f"/api/crews/{crews['id']}",
            json={"eventId": EVENT_ID, "name": "Floor", "userIds": [11, 12]},
            headers=headers(11),
        )
        assert made.status_code == 201, made.text
        for user_id in (11, 12):  # the captain, and an invited member not yet confirmed
            answer = await client.post(
                f"/api/battles/{crews['id']}/role",
                json={"userId": user_id, "role": "judge"},
                headers=headers(ORGANIZER),
            )
            assert answer.status_code == 400
        page = (await client.get(f"/api/battles/{crews['id']}")).json()
        assert page["judges"] == []

    async def test_who_may_and_bad_roles(self, client: httpx.AsyncClient, session: AsyncSession) -> None:
        await create_event(session)
        battle = await create_battle(client)
        path = f"/api/battles/{battle['id']}/role"
        body = {"userId": JUDGE, "role": "judge"}
        assert (await client.post(path, json=body)).status_code == 401
        assert (await client.post(path, json=body, headers=headers(STRANGER))).status_code == 403
        bad = await client.post(path, json={"userId": JUDGE, "role": "dj"}, headers=headers(ORGANIZER))
        assert bad.status_code == 400
