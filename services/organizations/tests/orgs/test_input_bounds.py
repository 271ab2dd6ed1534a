"""No input is a server error: ids beyond the database's integer, odd text, are answered 4xx and change nothing
(the fuzzer's finds, replayed through the service app)."""

from __future__ import annotations

import json

import httpx
import pytest
from orgs.factories import ADMIN, create_org
from sqlalchemy import func, select
from sqlalchemy.ext.asyncio import AsyncSession

from kit.types import ID_MAX
from organizations.models import Organization, OrganizationMember, OrganizationRole

HUGE = [ID_MAX + 1, 3519823515, 158268917535, 2**63, 10**30]


def assert_kit_error(response: httpx.Response, status: int) -> None:
    assert response.status_code == status, response.text
    assert set(response.json()["error"]) >= {"code", "message"}


class TestIdsOutOfRange:
    @pytest.mark.parametrize("value", [1251970774574, ID_MAX + 1, 10**25])
    async def test_a_user_filter_beyond_the_range_is_400(self, client: httpx.AsyncClient, value: int) -> None:
        response = await client.get("/api/orgs", params={"u": value})
        assert_kit_error(response, 400)
        assert response.json()["error"]["field"] == "u"

    async def test_the_largest_id_is_a_filter_that_finds_nothing(self, client: httpx.AsyncClient) -> None:
        response = await client.get("/api/orgs", params={"u": ID_MAX})
        assert response.status_code == 200 and response.json()["items"] == []

    @pytest.mark.parametrize("query", [{"o": 36640110563}, {"e": ID_MAX + 1}])
    async def test_media_of_an_id_beyond_the_range_is_400(self, client: httpx.AsyncClient, query: dict) -> None:
        assert_kit_error(await client.get("/api/media", params=query), 400)

    @pytest.mark.parametrize("org_id", HUGE)
    async def test_an_organization_beyond_the_range_is_404(self, client: httpx.AsyncClient, org_id: int) -> None:
        assert_kit_error(await client.get(f"/api/orgs/{org_id}"), 404)
        assert_kit_error(await client.get(f"/api/orgs/{org_id}/members", params={"pp": 576460752303423487}), 404)
        assert_kit_error(await client.get(f"/api/orgs/{org_id}/leaderboard"), 404)

    async def test_a_member_beyond_the_range_is_404_and_nothing_is_added(
        self, client: httpx.AsyncClient, session: AsyncSession
    ) -> None:
        org = await create_org(session)
        for user_id in (158268917535, ID_MAX + 1):
            assert_kit_error(await client.post(f"/api/orgs/{org.id}/members/{user_id}", headers=headers()), 404)
            assert_kit_error(await client.delete(f"/api/orgs/{org.id}/members/{user_id}", headers=headers()), 404)
        assert_kit_error(await client.post("/api/orgs/26/members/158268917535", headers=headers()), 404)
        assert await session.scalar(select(func.count()).select_from(OrganizationMember)) == 0

    async def test_a_role_for_a_user_beyond_the_range_is_400_and_nothing_changes(
        self, client: httpx.AsyncClient, session: AsyncSession
    ) -> None:
        org = await create_org(session)
        roles = await session.scalar(select(func.count()).select_from(OrganizationRole))
        for method in ("POST", "DELETE"):
            response = await client.request(
                method, f"/api/orgs/{org.id}/role", json={"userId": 2**40, "role": "promoter"}, headers=headers()
            )
            assert_kit_error(response, 400)
            assert response.json()["error"]["field"] == "userId"
        assert await session.scalar(select(func.count()).select_from(OrganizationRole)) == roles
        # The refusal left the connection usable: the next request on the same app works.
        assert (await client.get(f"/api/orgs/{org.id}")).status_code == 200

    async def test_a_page_beyond_the_range_is_400(self, client: httpx.AsyncClient) -> None:
        assert_kit_error(await client.get("/api/orgs", params={"p": 936052919939818068115456}), 400)
        assert_kit_error(await client.get("/api/media", params={"p": ID_MAX}), 400)

    async def test_the_last_page_is_an_empty_page(self, client: httpx.AsyncClient) -> None:
        response = await client.get("/api/orgs", params={"p": ID_MAX // 100, "pp": 100})
        assert response.status_code == 200 and response.json()["items"] == []

    async def test_media_ids_beyond_the_range(self, client: httpx.AsyncClient) -> None:
        assert_kit_error(await client.delete(f"/api/media/{2**40}", headers=headers()), 404)
        body = {"link": "https://youtu.be/dQw4w9WgXcQ", "orgId": 2**40}
        assert_kit_error(await client.post("/api/media", json=body, headers=headers()), 400)


class TestOddText:
    @pytest.mark.parametrize(
        "socials",
        [
            {"facebook": "ana\x00"},
            {"website": "\ud800.example"},
            {"instagram": "\x00"},
            {"twitter": "a\u0000b"},
        ],
    )
    async def test_unstorable_text_in_socials_is_400_and_nothing_changes(
        self, client: httpx.AsyncClient, session: AsyncSession, socials: dict
    ) -> None:
        org = await create_org(session, name="Floor Lords")
        response = await post_json(client, f"/api/orgs/{org.id}", {"name": "Floor Lords", "socials": socials})
        assert_kit_error(response, 400)
        assert "socials" in response.json()["error"]["message"]
        await session.refresh(org)
        assert org.name == "Floor Lords"

    @pytest.mark.parametrize("name", ["Floor\x00Lords", "Floor\x07Lords", "Floor\nLords", "\u2028", "x\ud800"])
    async def test_a_name_with_control_characters_is_400(
        self, client: httpx.AsyncClient, session: AsyncSession, name: str
    ) -> None:
        org = await create_org(session, name="Floor Lords")
        response = await post_json(client, f"/api/orgs/{org.id}", {"name": name})
        assert_kit_error(response, 400)
        await session.refresh(org)
        assert org.name == "Floor Lords"

    async def test_an_emoji_sequence_is_a_name(self, client: httpx.AsyncClient, session: AsyncSession) -> None:
        org = await create_org(session, name="Floor Lords")
        name = "Crew \U0001f469\u200d\U0001f467"  # a zero-width joiner is a format character, not a control
        response = await client.post(f"/api/orgs/{org.id}", json={"name": name}, headers=headers())
        assert response.status_code == 200 and response.json()["name"] == name

    @pytest.mark.parametrize("k", ["\x00", "a\x00b"])
    async def test_a_keyword_with_nul_is_400(self, client: httpx.AsyncClient, session: AsyncSession, k: str) -> None:
        org = await create_org(session)
        assert_kit_error(await client.get("/api/orgs", params={"k": k}), 400)
        assert_kit_error(await client.get(f"/api/orgs/{org.id}/members", params={"k": k}), 400)


class TestDatabaseRefusalsAreInputErrors:
    async def test_a_refusal_rolls_back_and_the_next_request_is_served(
        self, client: httpx.AsyncClient, session: AsyncSession
    ) -> None:
        org = await create_org(session, name="Floor Lords")
        name = "x" * 100  # within the rule; the description's limit is the schema's, the column has none
        for _ in range(3):
            bad = await client.post(f"/api/orgs/{org.id}", json={"name": "Floor\x00"}, headers=headers())
            assert bad.status_code == 400
        good = await client.post(f"/api/orgs/{org.id}", json={"name": name}, headers=headers())
        assert good.status_code == 200 and good.json()["name"] == name
        count = await session.scalar(select(func.count()).select_from(Organization))
        assert count == 1


async def post_json(client: httpx.AsyncClient, url: str, body: object) -> httpx.Response:
    """As a browser sends it: ASCII JSON, so an unpaired surrogate travels as its escape."""
    return await client.post(url, content=json.dumps(body), headers=headers() | {"content-type": "application/json"})


def headers() -> dict[str, str]:
    from orgs.factories import headers as as_admin

    return as_admin(ADMIN)


class TestADraftStaysHidden:
    """What the fuzzer's object-level authorization check probes: another user's draft, read by its parts."""

    @pytest.mark.parametrize("part", ["", "/members", "/leaderboard"])
    async def test_a_stranger_and_a_guest_do_not_find_it(
        self, client: httpx.AsyncClient, session: AsyncSession, part: str
    ) -> None:
        from orgs.factories import STRANGER
        from orgs.factories import headers as as_profile

        org = await create_org(session, status="draft", members=[ADMIN])
        assert (await client.get(f"/api/orgs/{org.id}{part}", headers=as_profile(ADMIN))).status_code == 200
        assert_kit_error(await client.get(f"/api/orgs/{org.id}{part}", headers=as_profile(STRANGER)), 404)
        assert_kit_error(await client.get(f"/api/orgs/{org.id}{part}"), 404)
