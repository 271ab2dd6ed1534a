from __future__ import annotations

import httpx
from orgs.factories import ADMIN, PLATFORM_ADMIN, PROMOTER, create_org, create_profiles, headers
from sqlalchemy.ext.asyncio import AsyncSession

from kit.testing import collect_events


async def change(client: httpx.AsyncClient, method: str, org_id: int, user_id: int, role: str, who: int = ADMIN):
    return await client.request(
        method, f"/api/orgs/{org_id}/role", json={"userId": user_id, "role": role}, headers=headers(who)
    )


class TestAddRole:
    async def test_answers_the_updated_lists(self, client: httpx.AsyncClient, session: AsyncSession) -> None:
        org = await create_org(session)
        await create_profiles(session, (ADMIN, "Admin"), (7, "Seven"), (8, "Eight"))
        await change(client, "POST", org.id, 7, "promoter")
        response = await change(client, "POST", org.id, 8, "admin")
        assert response.status_code == 200
        assert response.json() == {
            "admins": [
                {"id": ADMIN, "dancerName": "Admin", "avatar": f"avatar-{ADMIN}"},
                {"id": 8, "dancerName": "Eight", "avatar": "avatar-8"},
            ],
            "promoters": [{"id": 7, "dancerName": "Seven", "avatar": "avatar-7"}],
        }

    async def test_adding_twice_changes_nothing(
        self, client: httpx.AsyncClient, session: AsyncSession, nats_url: str
    ) -> None:
        org = await create_org(session)
        first = await change(client, "POST", org.id, 7, "promoter")
        second = await change(client, "POST", org.id, 7, "promoter")
        assert first.json() == second.json() and len(second.json()["promoters"]) == 1
        assert len(await collect_events(nats_url, "orgs.role.added", count=2, timeout=1.5)) == 1

    async def test_one_user_may_hold_both_roles(self, client: httpx.AsyncClient, session: AsyncSession) -> None:
        org = await create_org(session)
        body = (await change(client, "POST", org.id, ADMIN, "promoter")).json()
        assert [u["id"] for u in body["admins"]] == [ADMIN] and [u["id"] for u in body["promoters"]] == [ADMIN]

    async def test_publishes_role_added_to_the_org_and_the_user(
        self, client: httpx.AsyncClient, session: AsyncSession, nats_url: str
    ) -> None:
        org = await create_org(session, name="Floor Lords", image="img-9")
        await change(client, "POST", org.id, 7, "promoter")
        (added,) = await collect_events(nats_url, "orgs.role.added", count=1)
        assert added.data == {
            "orgId": org.id,
            "userId": 7,
            "role": "promoter",
            "orgName": "Floor Lords",
            "orgImage": "img-9",
        }
        assert added.topics == [f"org:{org.id}", "user:7"]

    async def test_refuses_an_unknown_role(self, client: httpx.AsyncClient, session: AsyncSession) -> None:
        org = await create_org(session)
        response = await change(client, "POST", org.id, 7, "owner")
        assert response.status_code == 400 and response.json()["error"]["field"] == "role"

    async def test_a_promoter_may_not_add(self, client: httpx.AsyncClient, session: AsyncSession) -> None:
        org = await create_org(session, promoters=[PROMOTER])
        assert (await change(client, "POST", org.id, 7, "promoter", who=PROMOTER)).status_code == 403


class TestRemoveRole:
    async def test_answers_the_updated_lists_and_publishes(
        self, client: httpx.AsyncClient, session: AsyncSession, nats_url: str
    ) -> None:
        org = await create_org(session, admins=[ADMIN, 8], promoters=[7])
        body = (await change(client, "DELETE", org.id, 7, "promoter")).json()
        assert body["promoters"] == [] and [u["id"] for u in body["admins"]] == [ADMIN, 8]
        body = (await change(client, "DELETE", org.id, 8, "admin")).json()
        assert [u["id"] for u in body["admins"]] == [ADMIN]
        removed = await collect_events(nats_url, "orgs.role.removed", count=2)
        assert [(e.data["userId"], e.data["role"]) for e in removed] == [(7, "promoter"), (8, "admin")]
        assert removed[0].topics == [f"org:{org.id}", "user:7"]

    async def test_the_last_admin_is_kept(self, client: httpx.AsyncClient, session: AsyncSession) -> None:
        org = await create_org(session)
        response = await change(client, "DELETE", org.id, ADMIN, "admin")
        assert response.status_code == 409
        assert response.json()["error"] == {
            "code": "last_admin",
            "message": "An organization needs at least one admin: add another admin before removing this one",
        }
        assert [a["id"] for a in (await client.get(f"/api/orgs/{org.id}")).json()["admins"]] == [ADMIN]

    async def test_the_last_admin_is_kept_for_a_platform_admin_too(
        self, client: httpx.AsyncClient, session: AsyncSession
    ) -> None:
        org = await create_org(session)
        response = await client.request(
            "DELETE",
            f"/api/orgs/{org.id}/role",
            json={"userId": ADMIN, "role": "admin"},
            headers=headers(PLATFORM_ADMIN, admin=True),
        )
        assert response.status_code == 409

    async def test_an_admin_may_step_down_when_another_remains(
        self, client: httpx.AsyncClient, session: AsyncSession
    ) -> None:
        org = await create_org(session, admins=[ADMIN, 8])
        body = (await change(client, "DELETE", org.id, ADMIN, "admin")).json()
        assert [a["id"] for a in body["admins"]] == [8]
        # No longer an editor.
        assert (await change(client, "POST", org.id, 9, "promoter")).status_code == 403

    async def test_removing_a_role_nobody_holds_changes_nothing(
        self, client: httpx.AsyncClient, session: AsyncSession
    ) -> None:
        org = await create_org(session)
        response = await change(client, "DELETE", org.id, 7, "promoter")
        assert response.status_code == 200 and response.json()["promoters"] == []
