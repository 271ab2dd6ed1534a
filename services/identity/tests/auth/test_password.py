from __future__ import annotations

import asyncio
from typing import Any

import httpx
import pytest
from factories import PASSWORD, create_account, headers_for
from jose import jwt
from sqlalchemy.ext.asyncio import AsyncSession

from identity.auth import passwords
from identity.auth.exceptions import INCORRECT_PASSWORD, PASSWORD_CHANGE_NOT_POSSIBLE, TOO_MANY_ATTEMPTS
from kit.testing import as_user


async def signed_in(client: httpx.AsyncClient, email: str = "me@example.com") -> tuple[dict[str, str], str]:
    """Signs up; (the principal headers the gateway would forward, the refresh cookie)."""
    response = await client.post("/api/auth/signup", json={"email": email, "password": PASSWORD})
    claims = jwt.get_unverified_claims(response.json()["accessToken"])
    client.cookies.clear()
    return as_user(int(claims["sub"]), claims["mpid"]), response.cookies["cypher_refresh"]


async def change(
    client: httpx.AsyncClient, headers: dict[str, str], old: str, new: str, cookie: str | None = None
) -> httpx.Response:
    client.cookies.clear()
    if cookie:
        client.cookies.set("cypher_refresh", cookie)
    response = await client.post("/api/auth/password", json={"oldPassword": old, "newPassword": new}, headers=headers)
    client.cookies.clear()
    return response


async def refresh(client: httpx.AsyncClient, cookie: str) -> httpx.Response:
    client.cookies.clear()
    client.cookies.set("cypher_refresh", cookie)
    response = await client.post("/api/auth/refresh")
    client.cookies.clear()
    return response


class TestChangePassword:
    async def test_changes_it_and_ends_the_other_sessions_only(self, client: httpx.AsyncClient) -> None:
        headers, this_session = await signed_in(client)
        other = await client.post("/api/auth/login", json={"email": "me@example.com", "password": PASSWORD})
        other_session = other.cookies["cypher_refresh"]
        response = await change(client, headers, PASSWORD, "a new password", cookie=this_session)
        assert response.status_code == 200 and response.json() == {"data": True}
        assert (await refresh(client, this_session)).status_code == 200
        assert (await refresh(client, other_session)).status_code == 401
        old = await client.post("/api/auth/login", json={"email": "me@example.com", "password": PASSWORD})
        new = await client.post("/api/auth/login", json={"email": "me@example.com", "password": "a new password"})
        assert old.status_code == 401 and new.status_code == 200

    async def test_the_old_password_is_checked(self, client: httpx.AsyncClient) -> None:
        headers, _ = await signed_in(client)
        response = await change(client, headers, "wrong password", "a new password")
        assert response.status_code == 400 and response.json()["error"]["message"] == INCORRECT_PASSWORD

    async def test_wrong_old_passwords_count_toward_the_lock_out(self, client: httpx.AsyncClient) -> None:
        headers, _ = await signed_in(client)
        for _ in range(10):
            await change(client, headers, "wrong password", "a new password")
        locked = await change(client, headers, PASSWORD, "a new password")
        assert locked.status_code == 429 and locked.json()["error"]["message"] == TOO_MANY_ATTEMPTS

    @pytest.mark.parametrize(
        ("old", "new", "message"),
        [
            ("", "a new password", "All fields are required"),
            (PASSWORD, "  ", "All fields are required"),
            (PASSWORD, "short", "Password must be at least 8 characters"),
        ],
    )
    async def test_fields(self, client: httpx.AsyncClient, old: str, new: str, message: str) -> None:
        headers, _ = await signed_in(client)
        response = await change(client, headers, old, new)
        assert response.status_code == 400 and response.json()["error"]["message"] == message

    async def test_not_possible_without_a_password(self, client: httpx.AsyncClient, session: AsyncSession) -> None:
        account, profile = await create_account(session, "social@example.com", password=None)
        response = await change(client, headers_for(account, profile), "anything", "a new password")
        assert response.status_code == 400
        assert response.json()["error"] == {"code": "no_password", "message": PASSWORD_CHANGE_NOT_POSSIBLE}

    async def test_guest_is_401(self, client: httpx.AsyncClient) -> None:
        response = await client.post("/api/auth/password", json={"oldPassword": "a", "newPassword": "b"})
        assert response.status_code == 401


class TestProviders:
    async def test_google_is_off_without_a_client_id(self, client: httpx.AsyncClient) -> None:
        assert (await client.get("/api/auth/providers")).json() == {"google": False}
        assert (await client.get("/api/auth/oidc/google/start", follow_redirects=False)).status_code == 404


class TestHashingConcurrency:
    async def test_no_more_hashes_run_at_once_than_the_setting_allows(self, app_with: Any) -> None:
        """Real Argon2 (19 MiB each): twelve logins at once run two at a time, the others wait their turn."""
        async with app_with(run_workers=False, password_hashing_concurrency=2) as client:
            await client.post("/api/auth/signup", json={"email": "crowd@example.com", "password": PASSWORD})
            hashing = passwords.HASHING
            hashing.peak = 0
            logins = await asyncio.gather(
                *(
                    client.post("/api/auth/login", json={"email": "crowd@example.com", "password": PASSWORD})
                    for _ in range(12)
                )
            )
        assert [login.status_code for login in logins] == [200] * 12
        assert hashing.peak == 2
