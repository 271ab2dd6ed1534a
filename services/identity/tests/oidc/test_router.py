from __future__ import annotations

from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from typing import Any
from urllib.parse import parse_qs, urlsplit

import httpx
import pytest
from factories import PASSWORD, create_account
from jose import jwt
from oidc_stub import StubProvider, StubUser, create_stub_app
from sqlalchemy import select
from support import PUBLIC_URL, AppClient, free_port

from identity.models import Account, SocialIdentity
from kit.testing import as_user, serve_app

FAILED = {"social": ["error"], "reason": ["failed"]}


@pytest.fixture
async def provider() -> AsyncIterator[StubProvider]:
    port = free_port()
    stub = StubProvider(issuer=f"http://127.0.0.1:{port}")
    async with serve_app(create_stub_app(stub), port):
        yield stub


@pytest.fixture
def google(app_with: AppClient, provider: StubProvider) -> Any:
    """The identity app with Google sign-in on, pointed at the stub provider."""

    @asynccontextmanager
    async def make() -> AsyncIterator[httpx.AsyncClient]:
        async with app_with(
            oidc_client_id=provider.client_id,
            oidc_client_secret=provider.client_secret,
            oidc_discovery_url=f"{provider.issuer}/.well-known/openid-configuration",
        ) as client:
            yield client

    return make


async def sign_in_with_google(client: httpx.AsyncClient, redirect: str | None = None) -> httpx.Response:
    """What the browser does: start, the provider's authorize page, back to the callback."""
    params = {"redirect": redirect} if redirect else {}
    start = await client.get("/api/auth/oidc/google/start", params=params)
    assert start.status_code == 302, start.text
    assert "cypher_oidc_state" in start.cookies
    async with httpx.AsyncClient() as browser:
        authorized = await browser.get(start.headers["location"])
    assert authorized.status_code == 302, authorized.text
    back = urlsplit(authorized.headers["location"])
    assert f"{back.scheme}://{back.netloc}" == PUBLIC_URL and back.path == "/api/auth/oidc/google/callback"
    return await client.get(f"{back.path}?{back.query}")


def spa_target(response: httpx.Response) -> tuple[str, dict[str, list[str]]]:
    assert response.status_code == 303, response.text
    target = urlsplit(response.headers["location"])
    return f"{target.scheme}://{target.netloc}{target.path}", parse_qs(target.query)


async def refresh(client: httpx.AsyncClient) -> dict[str, Any]:
    response = await client.post("/api/auth/refresh")
    assert response.status_code == 200, response.text
    return jwt.get_unverified_claims(response.json()["accessToken"])


async def account_by_email(client: httpx.AsyncClient, email: str) -> Account | None:
    async with client.app.state.sessionmaker() as s:  # type: ignore[attr-defined]
        return await s.scalar(select(Account).where(Account.email == email))


class TestProviders:
    async def test_google_is_on_with_a_client_id(self, google: Any) -> None:
        async with google() as client:
            assert (await client.get("/api/auth/providers")).json() == {"google": True}


class TestStart:
    async def test_redirects_to_the_provider_with_pkce_state_and_nonce(
        self, google: Any, provider: StubProvider
    ) -> None:
        async with google() as client:
            start = await client.get("/api/auth/oidc/google/start")
        assert start.status_code == 302
        target = urlsplit(start.headers["location"])
        query = {k: v[0] for k, v in parse_qs(target.query).items()}
        assert f"{target.scheme}://{target.netloc}{target.path}" == f"{provider.issuer}/authorize"
        assert query["client_id"] == provider.client_id and query["response_type"] == "code"
        assert query["redirect_uri"] == f"{PUBLIC_URL}/api/auth/oidc/google/callback"
        assert query["code_challenge_method"] == "S256" and len(query["code_challenge"]) == 43
        assert query["state"] == start.cookies["cypher_oidc_state"] and query["nonce"]
        cookie = start.headers["set-cookie"].lower()
        assert "httponly" in cookie and "samesite=lax" in cookie and "path=/api/auth/oidc" in cookie


class TestCallback:
    async def test_a_new_google_user_gets_an_account_and_a_session(self, google: Any, provider: StubProvider) -> None:
        async with google() as client:
            response = await sign_in_with_google(client, redirect="/events/3")
            target, query = spa_target(response)
            assert target == f"{PUBLIC_URL}/login" and query == {"social": ["done"], "redirect": ["/events/3"]}
            assert "cypher_refresh" in response.cookies
            claims = await refresh(client)
            user = (await client.get("/api/user", headers=as_user(int(claims["sub"]), claims["mpid"]))).json()
            assert user["aEmail"] == "dancer@gmail.com" and user["dancerName"] is None
            account = await account_by_email(client, "dancer@gmail.com")
            assert account is not None and account.password_hash is None and account.email_verified_at is not None
        # PKCE: the provider saw a verifier matching the challenge (it refuses otherwise).
        assert len(provider.token_requests) == 1 and provider.token_requests[0]["code_verifier"]

    async def test_an_existing_account_with_that_email_is_linked(self, google: Any, provider: StubProvider) -> None:
        async with google() as client:
            async with client.app.state.sessionmaker() as s:  # type: ignore[attr-defined]
                account, profile = await create_account(s, "dancer@gmail.com")
            spa_target(await sign_in_with_google(client))
            claims = await refresh(client)
            assert int(claims["sub"]) == account.id and claims["mpid"] == profile.id
            # Later the provider reports another address: the subject still finds the same account.
            provider.user = StubUser(email="renamed@gmail.com")
            client.cookies.clear()
            spa_target(await sign_in_with_google(client))
            assert int((await refresh(client))["sub"]) == account.id
            login = await client.post("/api/auth/login", json={"email": "dancer@gmail.com", "password": PASSWORD})
            assert login.status_code == 200
            async with client.app.state.sessionmaker() as s:  # type: ignore[attr-defined]
                links = (await s.scalars(select(SocialIdentity))).all()
            assert [(link.account_id, link.subject) for link in links] == [(account.id, "google-sub-1")]

    async def test_an_unverified_email_is_refused(self, google: Any, provider: StubProvider) -> None:
        provider.user = StubUser(email="unverified@gmail.com", email_verified=False)
        async with google() as client:
            response = await sign_in_with_google(client)
            assert spa_target(response)[1] == {"social": ["error"], "reason": ["unverified"]}
            assert "cypher_refresh" not in response.cookies
            assert await account_by_email(client, "unverified@gmail.com") is None

    async def test_a_wrong_nonce_is_refused(self, google: Any, provider: StubProvider) -> None:
        provider.wrong_nonce = True
        async with google() as client:
            assert spa_target(await sign_in_with_google(client))[1] == FAILED

    async def test_a_token_signed_by_another_key_is_refused(self, google: Any, provider: StubProvider) -> None:
        provider.foreign_key = True
        async with google() as client:
            assert spa_target(await sign_in_with_google(client))[1] == FAILED

    async def test_the_state_must_come_from_the_browser_that_started_and_serves_once(
        self, google: Any, provider: StubProvider
    ) -> None:
        async with google() as client:
            start = await client.get("/api/auth/oidc/google/start")
            async with httpx.AsyncClient() as browser:
                authorized = await browser.get(start.headers["location"])
            back = urlsplit(authorized.headers["location"])
            callback = f"{back.path}?{back.query}"
            client.cookies.clear()  # another browser: it never started this sign-in
            elsewhere = {"social": ["error"], "reason": ["expired"]}
            assert spa_target(await client.get(callback))[1] == elsewhere
            assert await account_by_email(client, "dancer@gmail.com") is None
            client.cookies.set("cypher_oidc_state", start.cookies["cypher_oidc_state"])
            assert spa_target(await client.get(callback))[1] == {"social": ["done"]}  # the browser that started
            client.cookies.set("cypher_oidc_state", start.cookies["cypher_oidc_state"])
            assert spa_target(await client.get(callback))[1] == elsewhere  # and only once

    async def test_the_providers_refusal_says_why_as_a_code_only(self, google: Any) -> None:
        async with google() as client:
            response = await client.get("/api/auth/oidc/google/callback?error=access_denied&state=x")
            assert spa_target(response)[1] == {"social": ["error"], "reason": ["cancelled"]}
            response = await client.get(
                "/api/auth/oidc/google/callback",
                params={"error": "admin_policy_enforced", "error_description": "Call +1 555 0100 to unlock"},
            )
            assert spa_target(response)[1] == {"social": ["error"], "reason": ["refused"]}  # no free text

    async def test_an_unsafe_redirect_is_dropped(self, google: Any) -> None:
        async with google() as client:
            response = await sign_in_with_google(client, redirect="//evil.example/steal")
            assert spa_target(response)[1] == {"social": ["done"]}
