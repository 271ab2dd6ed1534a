from __future__ import annotations

from typing import Any

import httpx
import pytest
from factories import PASSWORD, add_profile, create_account, create_notification, headers_for
from sqlalchemy.ext.asyncio import AsyncSession

from identity.notifications.service import WELCOME_FINISHED_TEXT, WELCOME_TEXT
from kit.testing import as_user, collect_events, eventually


class TestList:
    async def test_newest_first_in_pages(self, client: httpx.AsyncClient, session: AsyncSession) -> None:
        account, profile = await create_account(session)
        for i in range(5):
            await create_notification(session, profile, f"n{i}", link=f"/event/{i}")
        headers = headers_for(account, profile)
        first = (await client.get("/api/notifications?pp=2", headers=headers)).json()["items"]
        assert [n["text"] for n in first] == ["n4", "n3"]
        assert set(first[0]) == {"id", "kind", "text", "link", "createdAt", "read"} and first[0]["read"] is False
        last = (await client.get("/api/notifications?p=2&pp=2", headers=headers)).json()["items"]
        assert [n["text"] for n in last] == ["n0"]

    async def test_only_the_acting_profiles(self, client: httpx.AsyncClient, session: AsyncSession) -> None:
        account, main = await create_account(session, "a@example.com")
        other = await add_profile(session, account)
        _, stranger = await create_account(session, "b@example.com")
        await create_notification(session, main, "for main")
        await create_notification(session, other, "for other")
        await create_notification(session, stranger, "for stranger")
        listed = (await client.get("/api/notifications", headers=headers_for(account, other, main))).json()["items"]
        assert [n["text"] for n in listed] == ["for other"]

    async def test_a_profile_gone_from_the_account_shows_nothing(
        self, client: httpx.AsyncClient, session: AsyncSession
    ) -> None:
        account, _ = await create_account(session, "a@example.com")
        _, released = await create_account(session, "b@example.com")
        await create_notification(session, released, "private")
        stale = as_user(account.id, released.id)
        assert (await client.get("/api/notifications", headers=stale)).json()["items"] == []
        assert (await client.get("/api/notifications/count", headers=stale)).json() == {"count": 0}

    async def test_one_query_whatever_the_page(
        self, client: httpx.AsyncClient, session: AsyncSession, count_queries: Any
    ) -> None:
        account, profile = await create_account(session)
        for i in range(10):
            await create_notification(session, profile, f"n{i}")
        with count_queries() as small:
            await client.get("/api/notifications?pp=1", headers=headers_for(account, profile))
        with count_queries() as large:
            await client.get("/api/notifications?pp=10", headers=headers_for(account, profile))
        assert len(small) == len(large) == 1, large


class TestRead:
    async def test_count_read_one_read_all(self, client: httpx.AsyncClient, session: AsyncSession) -> None:
        account, profile = await create_account(session)
        notes = [await create_notification(session, profile, f"n{i}") for i in range(3)]
        headers = headers_for(account, profile)
        assert (await client.get("/api/notifications/count", headers=headers)).json() == {"count": 3}
        read = await client.post(f"/api/notifications/{notes[0].id}/read", headers=headers)
        assert read.status_code == 200 and read.json() == {"data": {"unread": 2}}
        again = await client.post(f"/api/notifications/{notes[0].id}/read", headers=headers)
        assert again.json() == {"data": {"unread": 2}}
        listed = (await client.get("/api/notifications", headers=headers)).json()["items"]
        assert [n["read"] for n in listed] == [False, False, True]
        assert (await client.post("/api/notifications/read-all", headers=headers)).json() == {"data": {"unread": 0}}
        assert (await client.get("/api/notifications/count", headers=headers)).json() == {"count": 0}

    async def test_someone_elses_is_403_and_a_missing_one_404(
        self, client: httpx.AsyncClient, session: AsyncSession
    ) -> None:
        _, victim = await create_account(session, "victim@example.com")
        note = await create_notification(session, victim)
        stranger, own = await create_account(session, "stranger@example.com")
        assert (
            await client.post(f"/api/notifications/{note.id}/read", headers=headers_for(stranger, own))
        ).status_code == 403
        assert (await client.post("/api/notifications/999/read", headers=headers_for(stranger, own))).status_code == 404
        await client.post("/api/notifications/read-all", headers=headers_for(stranger, own))
        await session.refresh(note)
        assert note.read_at is None

    @pytest.mark.parametrize(
        ("method", "path"),
        [
            ("GET", "/api/notifications"),
            ("GET", "/api/notifications/count"),
            ("POST", "/api/notifications/1/read"),
            ("POST", "/api/notifications/read-all"),
        ],
    )
    async def test_guest_is_401(self, client: httpx.AsyncClient, method: str, path: str) -> None:
        assert (await client.request(method, path)).status_code == 401


class TestWelcome:
    async def test_a_new_account_is_welcomed_live(self, client: httpx.AsyncClient, nats_url: str) -> None:
        signup = await client.post("/api/auth/signup", json={"email": "new@example.com", "password": PASSWORD})
        user = signup.json()["user"]
        headers = as_user(_account_of(signup.json()["accessToken"]), user["id"])

        async def welcomed() -> list[dict[str, Any]]:
            return (await client.get("/api/notifications", headers=headers)).json()["items"]

        items = await eventually(welcomed)
        assert items[0]["kind"] == "welcome" and items[0]["text"] == WELCOME_TEXT
        assert items[0]["link"] == "/profile-setting"
        live = await collect_events(nats_url, "identity.notification.created", count=1)
        assert live[0].topics == [f"user:{user['id']}"]
        assert live[0].data["id"] == items[0]["id"] and live[0].data["userId"] == user["id"]
        assert set(live[0].data) == {"id", "userId", "kind", "text", "link", "createdAt"}

    async def test_a_finished_profile_is_only_welcomed(self, client: httpx.AsyncClient, session: AsyncSession) -> None:
        """A profile released to an account of its own has its dancer name: no 'Finish your profile'."""
        account, main = await create_account(session, "old@example.com")
        second = await add_profile(session, account, dancer_name="Bgirl Ana")
        released = await client.post(
            "/api/user/release",
            json={"id": second.id, "email": "ana@example.com", "password": "another secret"},
            headers=headers_for(account, main, second),
        )
        assert released.status_code == 200, released.text
        login = await client.post("/api/auth/login", json={"email": "ana@example.com", "password": "another secret"})
        headers = as_user(_account_of(login.json()["accessToken"]), second.id)

        async def welcomed() -> list[dict[str, Any]]:
            return (await client.get("/api/notifications", headers=headers)).json()["items"]

        items = await eventually(welcomed)
        assert [(n["kind"], n["text"], n["link"]) for n in items] == [("welcome", WELCOME_FINISHED_TEXT, None)]
        assert "Finish your profile" not in items[0]["text"]


def _account_of(access_token: str) -> int:
    from jose import jwt

    return int(jwt.get_unverified_claims(access_token)["sub"])
