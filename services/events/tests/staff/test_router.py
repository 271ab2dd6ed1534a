"""Admins, hosts and DJs of an event: POST and DELETE /api/events/{id}/role."""

from __future__ import annotations

import httpx
from event.cast import DJ, EVENT_ADMIN, HOST, ORGANIZER
from event.factories import create_event, create_profiles, headers
from sqlalchemy.ext.asyncio import AsyncSession

from kit.testing import collect_events


async def change(client: httpx.AsyncClient, method: str, event_id: int, user_id: int, role: str, who: int = ORGANIZER):
    return await client.request(
        method, f"/api/events/{event_id}/role", json={"userId": user_id, "role": role}, headers=headers(who)
    )


def ids(people: list[dict]) -> list[int]:
    return [p["id"] for p in people]


class TestStaff:
    async def test_answers_the_staff_lists(self, client: httpx.AsyncClient, session: AsyncSession) -> None:
        event = await create_event(session)
        await create_profiles(session, (ORGANIZER, "Organizer"), (HOST, "Host"), (DJ, "Deejay"))
        await change(client, "POST", event.id, HOST, "host")
        response = await change(client, "POST", event.id, DJ, "dj")
        assert response.status_code == 200
        assert response.json() == {
            "organizer": {"id": ORGANIZER, "dancerName": "Organizer", "avatar": f"avatar-{ORGANIZER}"},
            "admins": [],
            "hosts": [{"id": HOST, "dancerName": "Host", "avatar": f"avatar-{HOST}"}],
            "djs": [{"id": DJ, "dancerName": "Deejay", "avatar": f"avatar-{DJ}"}],
        }
        page = (await client.get(f"/api/events/{event.id}")).json()
        assert page["staff"] == response.json()

    async def test_adding_twice_changes_nothing_and_publishes_once(
        self, client: httpx.AsyncClient, session: AsyncSession, nats_url: str
    ) -> None:
        event = await create_event(session, org_id=None)
        first = await change(client, "POST", event.id, DJ, "dj")
        second = await change(client, "POST", event.id, DJ, "dj")
        assert first.json() == second.json() and ids(second.json()["djs"]) == [DJ]
        added = await collect_events(nats_url, "events.staff.added", count=2, timeout=1.5)
        assert len(added) == 1
        assert added[0].data == {"eventId": event.id, "userId": DJ, "role": "dj", "orgId": None}
        assert added[0].topics == [f"event:{event.id}", f"user:{DJ}"]

    async def test_one_user_may_hold_several_roles(self, client: httpx.AsyncClient, session: AsyncSession) -> None:
        event = await create_event(session)
        await change(client, "POST", event.id, HOST, "host")
        body = (await change(client, "POST", event.id, HOST, "dj")).json()
        assert ids(body["hosts"]) == [HOST] and ids(body["djs"]) == [HOST]

    async def test_remove(self, client: httpx.AsyncClient, session: AsyncSession, nats_url: str) -> None:
        event = await create_event(session, org_id=12, hosts=[HOST], djs=[HOST])
        body = (await change(client, "DELETE", event.id, HOST, "host")).json()
        assert body["hosts"] == [] and ids(body["djs"]) == [HOST]
        await change(client, "DELETE", event.id, HOST, "host")  # nothing to remove: nothing published
        removed = await collect_events(nats_url, "events.staff.removed", count=2, timeout=1.5)
        assert len(removed) == 1 and removed[0].data["orgId"] == 12
        assert removed[0].topics == [f"event:{event.id}", f"user:{HOST}", "org:12"]

    async def test_an_added_admin_edits_a_host_does_not(self, client: httpx.AsyncClient, session: AsyncSession) -> None:
        event = await create_event(session)
        await change(client, "POST", event.id, EVENT_ADMIN, "admin")
        await change(client, "POST", event.id, HOST, "host")
        body = {"title": "Renamed"}
        assert (
            await client.post(f"/api/events/{event.id}", json=body, headers=headers(EVENT_ADMIN))
        ).status_code == 200
        assert (await client.post(f"/api/events/{event.id}", json=body, headers=headers(HOST))).status_code == 403
        # An admin may add staff too; a host may not.
        assert (await change(client, "POST", event.id, DJ, "dj", who=EVENT_ADMIN)).status_code == 200
        assert (await change(client, "POST", event.id, DJ, "host", who=HOST)).status_code == 403

    async def test_refuses_an_unknown_role_and_bad_ids(self, client: httpx.AsyncClient, session: AsyncSession) -> None:
        event = await create_event(session)
        response = await change(client, "POST", event.id, DJ, "judge")
        assert response.status_code == 400 and response.json()["error"]["field"] == "role"
        assert (await change(client, "POST", event.id, 0, "dj")).status_code == 400
        assert (await change(client, "POST", 999, DJ, "dj")).status_code == 404


class TestProfileProjection:
    async def test_names_follow_identitys_events(
        self, client: httpx.AsyncClient, session: AsyncSession, nats_url: str
    ) -> None:
        from contracts.identity import ProfileUpdated
        from kit.testing import eventually, publish

        event = await create_event(session, djs=[DJ])
        profile = {"id": DJ, "account_id": DJ, "avatar": "av", "country": None, "city": None, "state": None}
        await publish(nats_url, ProfileUpdated(dancer_name="Deejay", **profile))

        async def named() -> bool:
            djs = (await client.get(f"/api/events/{event.id}")).json()["staff"]["djs"]
            return bool(djs == [{"id": DJ, "dancerName": "Deejay", "avatar": "av"}])

        await eventually(named)
