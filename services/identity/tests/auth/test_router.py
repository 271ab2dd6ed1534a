from __future__ import annotations

import asyncio

import httpx
import pytest
from jose import jwt
from sqlalchemy import text
from sqlalchemy.ext.asyncio import AsyncSession
from support import AppClient

from identity.auth.exceptions import INCORRECT_CREDENTIALS, TOO_MANY_ATTEMPTS
from kit.testing import collect_events

PASSWORD = "correct horse battery"


async def signup(client: httpx.AsyncClient, email: str = "bboy@example.com") -> httpx.Response:
    return await client.post("/api/auth/signup", json={"email": email, "password": PASSWORD})


def refresh_cookie(response: httpx.Response) -> str:
    return response.cookies["cypher_refresh"]


async def post_with_cookie(client: httpx.AsyncClient, path: str, token: str) -> httpx.Response:
    """As a browser would: the jar holds exactly this refresh token."""
    client.cookies.clear()
    client.cookies.set("cypher_refresh", token)
    return await client.post(path)


class TestSignup:
    async def test_creates_account_with_empty_main_profile(self, client: httpx.AsyncClient) -> None:
        response = await signup(client)
        assert response.status_code == 201
        body = response.json()
        assert body["expiresIn"] == 900
        assert body["user"]["dancerName"] is None
        assert body["user"]["aEmail"] == "bboy@example.com"
        assert [p["isMain"] for p in body["user"]["profiles"]] == [True]

    async def test_sets_refresh_cookie_http_only_strict_scoped(self, client: httpx.AsyncClient) -> None:
        response = await signup(client)
        header = response.headers["set-cookie"].lower()
        assert "httponly" in header and "samesite=strict" in header and "path=/api/auth" in header

    async def test_access_token_carries_account_and_profiles(self, client: httpx.AsyncClient) -> None:
        body = (await signup(client)).json()
        claims = jwt.get_unverified_claims(body["accessToken"])
        header = jwt.get_unverified_header(body["accessToken"])
        assert header["alg"] == "RS256" and header["kid"]
        assert claims["pids"] == [body["user"]["id"]] and claims["mpid"] == body["user"]["id"]
        assert claims["aud"] == "cypher" and claims["iss"] == "cypher-identity"
        assert claims["exp"] - claims["iat"] <= 900

    async def test_email_is_unique_case_insensitively(self, client: httpx.AsyncClient) -> None:
        assert (await signup(client, "Dancer@Example.com")).status_code == 201
        second = await signup(client, "  dancer@example.COM ")
        assert second.status_code == 409
        assert second.json()["error"]["message"] == "The email address is already in use by another account."

    async def test_rejects_invalid_email_and_short_password(self, client: httpx.AsyncClient) -> None:
        bad_email = await client.post("/api/auth/signup", json={"email": "nope", "password": PASSWORD})
        assert bad_email.status_code == 400
        assert bad_email.json()["error"] == {"code": "invalid", "message": "Invalid e-mail", "field": "email"}
        short = await client.post("/api/auth/signup", json={"email": "a@b.co", "password": "short"})
        assert short.status_code == 400 and short.json()["error"]["field"] == "password"

    async def test_publishes_account_and_profile_created(self, client: httpx.AsyncClient, nats_url: str) -> None:
        user = (await signup(client)).json()["user"]
        created = await collect_events(nats_url, "identity.>", count=2)
        assert {e.type for e in created} == {"identity.account.created", "identity.profile.created"}
        profile_event = next(e for e in created if e.type == "identity.profile.created")
        assert profile_event.data["id"] == user["id"] and f"user:{user['id']}" in profile_event.topics


class TestLogin:
    async def test_signs_in_with_the_right_password(self, client: httpx.AsyncClient) -> None:
        await signup(client)
        response = await client.post("/api/auth/login", json={"email": " BBOY@example.com", "password": PASSWORD})
        assert response.status_code == 200
        assert response.json()["user"]["aEmail"] == "bboy@example.com"
        assert refresh_cookie(response)

    async def test_wrong_password_and_unknown_email_answer_alike(self, client: httpx.AsyncClient) -> None:
        await signup(client)
        wrong = await client.post("/api/auth/login", json={"email": "bboy@example.com", "password": "nope nope"})
        unknown = await client.post("/api/auth/login", json={"email": "who@example.com", "password": PASSWORD})
        assert wrong.status_code == unknown.status_code == 401
        assert wrong.json() == unknown.json()
        assert wrong.json()["error"]["message"] == INCORRECT_CREDENTIALS

    async def test_empty_fields(self, client: httpx.AsyncClient) -> None:
        response = await client.post("/api/auth/login", json={"email": "", "password": ""})
        assert response.status_code == 400
        assert response.json()["error"]["message"] == "All fields is required"

    async def test_locks_an_email_after_ten_failures_only_that_email(self, client: httpx.AsyncClient) -> None:
        await signup(client, "locked@example.com")
        await signup(client, "other@example.com")
        for _ in range(10):
            failed = await client.post("/api/auth/login", json={"email": "locked@example.com", "password": "x"})
            assert failed.status_code == 401
        locked = await client.post("/api/auth/login", json={"email": "locked@example.com", "password": PASSWORD})
        assert locked.status_code == 429
        assert locked.json()["error"]["message"] == TOO_MANY_ATTEMPTS
        assert 0 < int(locked.headers["retry-after"]) <= 900
        other = await client.post("/api/auth/login", json={"email": "other@example.com", "password": PASSWORD})
        assert other.status_code == 200


class TestRefresh:
    async def test_rotates_the_cookie(self, client: httpx.AsyncClient) -> None:
        first = refresh_cookie(await signup(client))
        response = await post_with_cookie(client, "/api/auth/refresh", first)
        assert response.status_code == 200
        assert set(response.json()) == {"accessToken", "expiresIn"}
        assert refresh_cookie(response) != first

    async def test_a_retry_after_a_lost_answer_gets_a_new_token(self, client: httpx.AsyncClient) -> None:
        """The answer of a refresh never arrived (a reload, a dropped connection): the same cookie again, within
        the grace and before its successor was used, is a retry, not a replay."""
        first = refresh_cookie(await signup(client))
        lost = refresh_cookie(await post_with_cookie(client, "/api/auth/refresh", first))
        retry = await post_with_cookie(client, "/api/auth/refresh", first)
        assert retry.status_code == 200
        kept = refresh_cookie(retry)
        assert kept not in (first, lost)
        assert (await post_with_cookie(client, "/api/auth/refresh", kept)).status_code == 200

    async def test_reuse_once_a_successor_was_used_revokes_the_family(self, client: httpx.AsyncClient) -> None:
        first = refresh_cookie(await signup(client))
        second = refresh_cookie(await post_with_cookie(client, "/api/auth/refresh", first))
        third = refresh_cookie(await post_with_cookie(client, "/api/auth/refresh", second))
        replay = await post_with_cookie(client, "/api/auth/refresh", first)
        assert replay.status_code == 401
        after = await post_with_cookie(client, "/api/auth/refresh", third)
        assert after.status_code == 401  # the legitimate holder's newer token died with the family

    async def test_reuse_after_the_grace_revokes_the_family(
        self, client: httpx.AsyncClient, session: AsyncSession
    ) -> None:
        first = refresh_cookie(await signup(client))
        second = refresh_cookie(await post_with_cookie(client, "/api/auth/refresh", first))
        await session.execute(text("UPDATE refresh_token SET used_at = used_at - interval '31 seconds'"))
        await session.commit()
        replay = await post_with_cookie(client, "/api/auth/refresh", first)
        assert replay.status_code == 401
        assert (await post_with_cookie(client, "/api/auth/refresh", second)).status_code == 401

    async def test_without_a_grace_any_reuse_revokes_the_family(self, app_with: AppClient) -> None:
        async with app_with(refresh_retry_grace_seconds=0) as strict:
            first = refresh_cookie(await signup(strict))
            second = refresh_cookie(await post_with_cookie(strict, "/api/auth/refresh", first))
            assert (await post_with_cookie(strict, "/api/auth/refresh", first)).status_code == 401
            assert (await post_with_cookie(strict, "/api/auth/refresh", second)).status_code == 401

    async def test_two_concurrent_refreshes_with_one_token(self, client: httpx.AsyncClient) -> None:
        """Two tabs starting together: one rotates, the other is a retry; whichever cookie the browser keeps
        goes on working."""
        first = refresh_cookie(await signup(client))
        client.cookies.clear()
        client.cookies.set("cypher_refresh", first)
        responses = await asyncio.gather(*(client.post("/api/auth/refresh") for _ in range(2)))
        assert [r.status_code for r in responses] == [200, 200]
        cookies = {refresh_cookie(r) for r in responses}
        assert len(cookies) == 2
        for cookie in cookies:
            assert (await post_with_cookie(client, "/api/auth/refresh", cookie)).status_code == 200

    async def test_without_cookie(self, client: httpx.AsyncClient) -> None:
        assert (await client.post("/api/auth/refresh")).status_code == 401


class TestLogout:
    async def test_revokes_the_family_and_clears_the_cookie(self, client: httpx.AsyncClient) -> None:
        token = refresh_cookie(await signup(client))
        response = await post_with_cookie(client, "/api/auth/logout", token)
        assert response.status_code == 204
        assert (
            'cypher_refresh=""' in response.headers["set-cookie"]
            or "max-age=0" in response.headers["set-cookie"].lower()
        )
        assert (await post_with_cookie(client, "/api/auth/refresh", token)).status_code == 401


class TestJwks:
    async def test_publishes_the_public_key(self, client: httpx.AsyncClient) -> None:
        keys = (await client.get("/api/auth/jwks")).json()["keys"]
        assert len(keys) == 1
        assert keys[0]["kty"] == "RSA" and keys[0]["alg"] == "RS256" and "d" not in keys[0]


@pytest.mark.parametrize("path", ["/healthz", "/readyz"])
async def test_health(client: httpx.AsyncClient, path: str) -> None:
    response = await client.get(path)
    assert response.status_code == 200, response.text
