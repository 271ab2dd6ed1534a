"""No input is a server error: ids beyond the database's integer and odd text are answered 4xx and change
nothing."""

from __future__ import annotations

import json

import httpx
import pytest
from factories import create_account, headers_for
from sqlalchemy.ext.asyncio import AsyncSession

from identity.models import Profile
from kit.types import ID_MAX

HUGE = [4611686018427387904, ID_MAX + 1, 10**30]


def assert_kit_error(response: httpx.Response, status: int) -> None:
    assert response.status_code == status, response.text
    assert set(response.json()["error"]) >= {"code", "message"}


class TestIdsOutOfRange:
    @pytest.mark.parametrize("user_id", HUGE)
    async def test_a_profile_beyond_the_range_is_404(
        self, client: httpx.AsyncClient, session: AsyncSession, user_id: int
    ) -> None:
        account, profile = await create_account(session)
        headers = headers_for(account, profile)
        assert_kit_error(await client.put(f"/api/user/{user_id}/set-main", headers=headers), 404)
        assert_kit_error(await client.get(f"/api/user/{user_id}", headers=headers), 404)
        assert_kit_error(await client.post(f"/api/notifications/{user_id}/read", headers=headers), 404)

    async def test_a_page_beyond_the_range_is_400(self, client: httpx.AsyncClient, session: AsyncSession) -> None:
        account, profile = await create_account(session)
        response = await client.get(
            "/api/notifications?p=936052919939818068115456", headers=headers_for(account, profile)
        )
        assert_kit_error(response, 400)
        assert response.json()["error"]["field"] == "p"
        assert_kit_error(await client.get("/api/users", params={"p": ID_MAX}), 400)

    @pytest.mark.parametrize("field", ["ex", "orgs"])
    async def test_an_id_list_with_a_number_beyond_the_range_is_400(
        self, client: httpx.AsyncClient, field: str
    ) -> None:
        for path in ("/api/users", "/api/users/count"):
            response = await client.get(path, params={field: f"1,{ID_MAX + 1}"})
            assert_kit_error(response, 400)
            assert response.json()["error"]["message"].startswith(f"{field}: ")

    async def test_digits_that_are_not_ascii_are_skipped_like_any_junk(self, client: httpx.AsyncClient) -> None:
        assert (await client.get("/api/users", params={"ex": "²,٣"})).status_code == 200

    async def test_a_body_id_beyond_the_range_is_400(self, client: httpx.AsyncClient, session: AsyncSession) -> None:
        account, profile = await create_account(session)
        headers = headers_for(account, profile)
        response = await client.post("/api/user/release", json={"id": 2**40}, headers=headers)
        assert_kit_error(response, 400)
        assert response.json()["error"]["field"] == "id"


class TestOddText:
    @pytest.mark.parametrize(
        ("field", "value"),
        [
            ("dancerName", "Ana\x00"),
            ("dancerName", "Ana\x1b[31m"),
            ("dancerName", "Ana\ud800"),
            ("city", "Que\nens"),
            ("fullName", "Ana\u2029Ruiz"),
        ],
    )
    async def test_a_name_with_control_characters_is_400_and_nothing_changes(
        self, client: httpx.AsyncClient, session: AsyncSession, field: str, value: str
    ) -> None:
        account, profile = await create_account(session, dancer_name="Ana")
        body = {
            "fullName": "Ana Ruiz",
            "dancerName": "Ana",
            "birthday": "10/18/1993",
            "country": "United States",
            "city": "Queens",
            "state": "NY",
        } | {field: value}
        response = await client.post(
            "/api/user",
            content=json.dumps(body),
            headers=headers_for(account, profile) | {"content-type": "application/json"},
        )
        assert_kit_error(response, 400)
        await session.refresh(profile)
        assert profile.dancer_name == "Ana"

    async def test_a_keyword_with_nul_is_400(self, client: httpx.AsyncClient) -> None:
        assert_kit_error(await client.get("/api/users", params={"k": "a\x00"}), 400)

    async def test_the_next_request_is_served(self, client: httpx.AsyncClient, session: AsyncSession) -> None:
        _, profile = await create_account(session, dancer_name="Ana")
        for _ in range(3):
            assert (await client.get("/api/users", params={"k": "\x00"})).status_code == 400
        names = [u["dancerName"] for u in (await client.get("/api/users", params={"k": "an"})).json()["items"]]
        assert names == ["Ana"] and isinstance(profile, Profile)
