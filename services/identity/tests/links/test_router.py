from __future__ import annotations

from datetime import timedelta

import httpx
import pytest
from factories import PASSWORD, create_account
from sqlalchemy import select, update
from sqlalchemy.ext.asyncio import AsyncSession
from support import Mailbox, link_token

from identity.links.exceptions import INVALID_LINK
from identity.models import Account, EmailToken, Mail
from kit.db import utcnow


async def ask(client: httpx.AsyncClient, path: str, email: str) -> httpx.Response:
    return await client.post(path, content=email.encode(), headers={"content-type": "text/plain"})


async def expire_tokens(session: AsyncSession) -> None:
    await session.execute(update(EmailToken).values(expires_at=utcnow() - timedelta(seconds=1)))
    await session.commit()


class TestAskForResetPassword:
    async def test_mails_a_single_use_link(
        self, client: httpx.AsyncClient, session: AsyncSession, mailbox: Mailbox
    ) -> None:
        await create_account(session, "known@example.com")
        response = await ask(client, "/api/user/reset-password", " Known@Example.com ")
        assert response.status_code == 200 and response.json() == {"data": True}
        [mail] = await mailbox.wait_for("known@example.com")
        assert mail["subject"] == "Reset your Cypher password"
        token = link_token(mail, "reset-password")
        assert f'href="http://cypher.test/reset-password?token={token}"' in mail["html"]
        assert "expires in 60 minutes" in mail["text"]
        stored = await session.scalar(select(EmailToken))
        assert stored is not None and stored.token_hash != token.encode()  # only the hash is kept
        assert (stored.expires_at - stored.created_at).total_seconds() == pytest.approx(3600, abs=5)

    async def test_known_and_unknown_emails_answer_alike(
        self, client: httpx.AsyncClient, session: AsyncSession, mailbox: Mailbox
    ) -> None:
        await create_account(session, "known@example.com")
        known = await ask(client, "/api/user/reset-password", "known@example.com")
        unknown = await ask(client, "/api/user/reset-password", "nobody@example.com")
        assert (known.status_code, known.json()) == (unknown.status_code, unknown.json()) == (200, {"data": True})
        await mailbox.wait_for("known@example.com")
        assert mailbox.to("nobody@example.com") == []

    @pytest.mark.parametrize("path", ["/api/user/reset-password", "/api/user/magic-link"])
    async def test_empty_body_is_field_required(self, client: httpx.AsyncClient, path: str) -> None:
        response = await ask(client, path, "  ")
        assert response.status_code == 400 and response.json()["error"]["message"] == "Field is required"

    @pytest.mark.parametrize("path", ["/api/user/reset-password", "/api/user/magic-link"])
    async def test_not_an_email(self, client: httpx.AsyncClient, path: str) -> None:
        response = await ask(client, path, "not-an-email")
        assert response.status_code == 400 and response.json()["error"]["message"] == "Invalid e-mail"

    @pytest.mark.parametrize("path", ["/api/user/reset-password", "/api/user/magic-link"])
    @pytest.mark.parametrize("body", [b"\xff\xfe@example.com", b"a\xc0\xae@example.com", b"\xed\xa0\x80@example.com"])
    async def test_bytes_that_are_not_utf8_are_refused(self, client: httpx.AsyncClient, path: str, body: bytes) -> None:
        response = await client.post(path, content=body, headers={"content-type": "text/plain"})
        assert response.status_code == 400
        assert response.json()["error"] == {"code": "invalid", "message": "The email must be UTF-8 text"}

    async def test_a_json_string_body_works_too(
        self, client: httpx.AsyncClient, session: AsyncSession, mailbox: Mailbox
    ) -> None:
        await create_account(session, "known@example.com")
        response = await client.post("/api/user/reset-password", json="known@example.com")
        assert response.json() == {"data": True}
        await mailbox.wait_for("known@example.com")

    async def test_at_most_five_links_an_hour_per_address(
        self, client: httpx.AsyncClient, session: AsyncSession
    ) -> None:
        await create_account(session, "known@example.com")
        for _ in range(7):
            assert (await ask(client, "/api/user/reset-password", "known@example.com")).json() == {"data": True}
        assert len((await session.scalars(select(Mail))).all()) == 5


class TestResetPassword:
    async def test_sets_the_password_once_and_ends_every_session(
        self, client: httpx.AsyncClient, session: AsyncSession, mailbox: Mailbox
    ) -> None:
        signup = await client.post("/api/auth/signup", json={"email": "me@example.com", "password": PASSWORD})
        old_cookie = signup.cookies["cypher_refresh"]
        client.cookies.clear()
        await ask(client, "/api/user/reset-password", "me@example.com")
        token = link_token((await mailbox.wait_for("me@example.com"))[0], "reset-password")

        response = await client.post("/api/auth/reset-password", json={"token": token, "password": "brand new pass"})
        assert response.status_code == 200 and response.json() == {"data": True}
        login = await client.post("/api/auth/login", json={"email": "me@example.com", "password": "brand new pass"})
        assert login.status_code == 200
        assert login.json()["user"]["aEmail"] == "me@example.com"
        client.cookies.clear()
        client.cookies.set("cypher_refresh", old_cookie)
        assert (await client.post("/api/auth/refresh")).status_code == 401
        client.cookies.clear()

        again = await client.post("/api/auth/reset-password", json={"token": token, "password": "third password"})
        assert again.status_code == 400 and again.json()["error"]["message"] == INVALID_LINK

    async def test_an_expired_link_is_refused(
        self, client: httpx.AsyncClient, session: AsyncSession, mailbox: Mailbox
    ) -> None:
        await create_account(session, "me@example.com")
        await ask(client, "/api/user/reset-password", "me@example.com")
        token = link_token((await mailbox.wait_for("me@example.com"))[0], "reset-password")
        await expire_tokens(session)
        response = await client.post("/api/auth/reset-password", json={"token": token, "password": "brand new pass"})
        assert response.status_code == 400 and response.json()["error"]["message"] == INVALID_LINK

    async def test_a_magic_link_token_is_not_a_reset_token(
        self, client: httpx.AsyncClient, session: AsyncSession, mailbox: Mailbox
    ) -> None:
        await create_account(session, "me@example.com")
        await ask(client, "/api/user/magic-link", "me@example.com")
        token = link_token((await mailbox.wait_for("me@example.com"))[0], "magic-link")
        response = await client.post("/api/auth/reset-password", json={"token": token, "password": "brand new pass"})
        assert response.status_code == 400

    async def test_password_rules_and_unknown_tokens(self, client: httpx.AsyncClient) -> None:
        short = await client.post("/api/auth/reset-password", json={"token": "x", "password": "short"})
        assert short.json()["error"]["message"] == "Password must be at least 8 characters"
        unknown = await client.post("/api/auth/reset-password", json={"token": "nope", "password": "long enough"})
        assert unknown.status_code == 400 and unknown.json()["error"]["message"] == INVALID_LINK


class TestMagicLink:
    async def test_known_and_unknown_emails_answer_alike_and_both_get_a_link(
        self, client: httpx.AsyncClient, session: AsyncSession, mailbox: Mailbox
    ) -> None:
        await create_account(session, "known@example.com")
        known = await ask(client, "/api/user/magic-link", "known@example.com")
        unknown = await ask(client, "/api/user/magic-link", "new@example.com")
        assert known.json() == unknown.json() == {"data": True}
        for address in ("known@example.com", "new@example.com"):
            [mail] = await mailbox.wait_for(address)
            assert mail["subject"] == "Your Cypher sign-in link" and "expires in 15 minutes" in mail["text"]

    async def test_signs_in_once_like_login(
        self, client: httpx.AsyncClient, session: AsyncSession, mailbox: Mailbox
    ) -> None:
        account, profile = await create_account(session, "known@example.com")
        await ask(client, "/api/user/magic-link", "known@example.com")
        token = link_token((await mailbox.wait_for("known@example.com"))[0], "magic-link")
        response = await client.post("/api/auth/magic-link", json={"email": "Known@example.com", "token": token})
        assert response.status_code == 200, response.text
        body = response.json()
        assert set(body) == {"accessToken", "expiresIn", "user"} and body["user"]["id"] == profile.id
        assert "httponly" in response.headers["set-cookie"].lower() and response.cookies["cypher_refresh"]
        client.cookies.clear()
        again = await client.post("/api/auth/magic-link", json={"email": "known@example.com", "token": token})
        assert again.status_code == 400 and again.json()["error"]["message"] == INVALID_LINK
        await session.refresh(account)
        assert account.email_verified_at is not None

    async def test_a_new_email_gets_an_account_with_an_empty_profile(
        self, client: httpx.AsyncClient, session: AsyncSession, mailbox: Mailbox
    ) -> None:
        await ask(client, "/api/user/magic-link", "fresh@example.com")
        token = link_token((await mailbox.wait_for("fresh@example.com"))[0], "magic-link")
        response = await client.post("/api/auth/magic-link", json={"email": "fresh@example.com", "token": token})
        assert response.status_code == 200
        user = response.json()["user"]
        assert user["dancerName"] is None and user["aEmail"] == "fresh@example.com"
        assert [p["isMain"] for p in user["profiles"]] == [True]
        account = await session.scalar(select(Account).where(Account.email == "fresh@example.com"))
        assert account is not None and account.password_hash is None

    async def test_the_link_belongs_to_its_address(
        self, client: httpx.AsyncClient, session: AsyncSession, mailbox: Mailbox
    ) -> None:
        await ask(client, "/api/user/magic-link", "a@example.com")
        token = link_token((await mailbox.wait_for("a@example.com"))[0], "magic-link")
        response = await client.post("/api/auth/magic-link", json={"email": "b@example.com", "token": token})
        assert response.status_code == 400 and response.json()["error"]["message"] == INVALID_LINK

    async def test_an_expired_link_is_refused(
        self, client: httpx.AsyncClient, session: AsyncSession, mailbox: Mailbox
    ) -> None:
        await ask(client, "/api/user/magic-link", "a@example.com")
        token = link_token((await mailbox.wait_for("a@example.com"))[0], "magic-link")
        stored = await session.scalar(select(EmailToken))
        assert stored is not None
        assert (stored.expires_at - stored.created_at).total_seconds() == pytest.approx(900, abs=5)
        await expire_tokens(session)
        response = await client.post("/api/auth/magic-link", json={"email": "a@example.com", "token": token})
        assert response.status_code == 400
