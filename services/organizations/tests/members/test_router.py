from __future__ import annotations

from typing import Any

import httpx
from orgs.factories import ADMIN, create_org, create_profiles, headers
from sqlalchemy.ext.asyncio import AsyncSession

from kit.testing import collect_events


class TestAddAndRemove:
    async def test_both_answer_ok(self, client: httpx.AsyncClient, session: AsyncSession) -> None:
        org = await create_org(session)
        added = await client.post(f"/api/orgs/{org.id}/members/7", headers=headers(ADMIN))
        assert added.status_code == 200 and added.json() == "ok"
        assert (await client.get(f"/api/orgs/{org.id}")).json()["totalMembers"] == 1
        removed = await client.delete(f"/api/orgs/{org.id}/members/7", headers=headers(ADMIN))
        assert removed.status_code == 200 and removed.json() == "ok"
        assert (await client.get(f"/api/orgs/{org.id}")).json()["totalMembers"] == 0

    async def test_twice_changes_nothing(self, client: httpx.AsyncClient, session: AsyncSession, nats_url: str) -> None:
        org = await create_org(session)
        for _ in range(2):
            assert (await client.post(f"/api/orgs/{org.id}/members/7", headers=headers(ADMIN))).json() == "ok"
        for _ in range(2):
            assert (await client.delete(f"/api/orgs/{org.id}/members/7", headers=headers(ADMIN))).json() == "ok"
        assert len(await collect_events(nats_url, "orgs.member.added", count=2, timeout=1.5)) == 1
        assert len(await collect_events(nats_url, "orgs.member.removed", count=2, timeout=1.5)) == 1

    async def test_publishes_member_events(
        self, client: httpx.AsyncClient, session: AsyncSession, nats_url: str
    ) -> None:
        org = await create_org(session, name="Floor Lords", image="img-9")
        await client.post(f"/api/orgs/{org.id}/members/7", headers=headers(ADMIN))
        await client.delete(f"/api/orgs/{org.id}/members/7", headers=headers(ADMIN))
        added, removed = await collect_events(nats_url, "orgs.member.>", count=2)
        assert (added.type, removed.type) == ("orgs.member.added", "orgs.member.removed")
        assert added.data == {"orgId": org.id, "userId": 7, "orgName": "Floor Lords", "orgImage": "img-9"}
        assert added.topics == [f"org:{org.id}", "user:7"]

    async def test_a_user_id_that_is_no_id_is_not_found(self, client: httpx.AsyncClient, session: AsyncSession) -> None:
        # A path names a thing; one that cannot be an id (kit.types) names nothing.
        org = await create_org(session)
        assert (await client.post(f"/api/orgs/{org.id}/members/abc", headers=headers(ADMIN))).status_code == 404
        assert (await client.post(f"/api/orgs/{org.id}/members/0", headers=headers(ADMIN))).status_code == 404


class TestList:
    async def test_lists_members_by_name_with_unknown_names_last(
        self, client: httpx.AsyncClient, session: AsyncSession
    ) -> None:
        org = await create_org(session, members=[10, 11, 12, 13])
        await create_profiles(session, (10, "zed"), (11, "Alpha"), (12, "mike"))
        body = (await client.get(f"/api/orgs/{org.id}/members")).json()
        assert body == [
            {"id": 11, "dancerName": "Alpha", "avatar": "avatar-11"},
            {"id": 12, "dancerName": "mike", "avatar": "avatar-12"},
            {"id": 10, "dancerName": "zed", "avatar": "avatar-10"},
            {"id": 13, "dancerName": None, "avatar": None},  # never seen, identity unreachable: no name
        ]

    async def test_k_searches_names(self, client: httpx.AsyncClient, session: AsyncSession) -> None:
        org = await create_org(session, members=[10, 11, 12])
        await create_profiles(session, (10, "Bboy Storm"), (11, "Bgirl Rain"), (12, "STORMY"))
        body = (await client.get(f"/api/orgs/{org.id}/members", params={"k": "storm"})).json()
        assert [m["id"] for m in body] == [10, 12]

    async def test_pages(self, client: httpx.AsyncClient, session: AsyncSession) -> None:
        org = await create_org(session, members=range(100, 105))
        await create_profiles(session, *((n, f"Dancer {n}") for n in range(100, 105)))
        first = (await client.get(f"/api/orgs/{org.id}/members?p=0&pp=3")).json()
        second = (await client.get(f"/api/orgs/{org.id}/members?p=1&pp=3")).json()
        assert [m["id"] for m in first] == [100, 101, 102] and [m["id"] for m in second] == [103, 104]

    async def test_a_page_costs_the_same_statements_however_long(
        self, client: httpx.AsyncClient, session: AsyncSession, count_queries: Any
    ) -> None:
        small = await create_org(session, members=[1, 2])
        large = await create_org(session, members=range(100, 160))
        await create_profiles(session, (1, "a"), (2, "b"), *((n, f"Dancer {n}") for n in range(100, 160)))
        with count_queries() as few:
            await client.get(f"/api/orgs/{small.id}/members")
        with count_queries() as many:
            body = (await client.get(f"/api/orgs/{large.id}/members")).json()
        assert len(body) == 60
        assert len(few) == len(many) == 2, many  # the organization (who may see it), the page
