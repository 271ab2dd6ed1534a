from __future__ import annotations

from typing import Any

import httpx
from factories import create_account, headers_for
from sqlalchemy.ext.asyncio import AsyncSession


async def admin_headers(session: AsyncSession) -> dict[str, str]:
    admin, profile = await create_account(session, "admin@example.com", admin=True, dancer_name="Admin")
    return headers_for(admin, profile, admin=True)


async def mark(client: httpx.AsyncClient, headers: dict[str, str], profile_id: int, value: bool = True) -> Any:
    response = await client.put(
        f"/api/admin/users/{profile_id}/instructor", json={"isInstructor": value}, headers=headers
    )
    assert response.status_code == 200, response.text
    return response.json()["data"]


async def instructors(client: httpx.AsyncClient) -> list[dict[str, Any]]:
    response = await client.get("/api/workshops")  # a guest: no headers
    assert response.status_code == 200, response.text
    cards: list[dict[str, Any]] = response.json()
    return cards


class TestWorkshops:
    async def test_a_guest_reads_the_marked_instructors_in_the_order_they_were_marked(
        self, client: httpx.AsyncClient, session: AsyncSession
    ) -> None:
        headers = await admin_headers(session)
        _, first = await create_account(session, "a@example.com", dancer_name="Zulu")
        _, second = await create_account(session, "b@example.com", dancer_name="Alpha")
        await create_account(session, "c@example.com", dancer_name="Not marked")
        assert await instructors(client) == []
        await mark(client, headers, first.id)
        await mark(client, headers, second.id)
        await mark(client, headers, first.id)  # marking again keeps the first place
        assert [card["dancerName"] for card in await instructors(client)] == ["Zulu", "Alpha"]

    async def test_a_card_has_what_the_flip_card_shows_by_the_public_profile_rules(
        self, client: httpx.AsyncClient, session: AsyncSession
    ) -> None:
        headers = await admin_headers(session)
        _, dancer = await create_account(
            session,
            "teacher@example.com",
            dancer_name="Bgirl Teach",
            avatar="img-1",
            country="Canada",
            state="Ontario",
            city="Toronto",
            is_patron=True,
            events_attended=12,
            battles_entered=5,
            battles_won=2,
            events_dj=9,
            privacy={"battlesWon": False},
            socials={"email": "teach@example.com", "instagram": "https://www.instagram.com/teach"},
        )
        await mark(client, headers, dancer.id)
        assert await instructors(client) == [
            {
                "id": dancer.id,
                "dancerName": "Bgirl Teach",
                "avatar": "img-1",
                "city": "Toronto",
                "state": "Ontario",
                "country": "Canada",
                "isPatron": True,
                "eventsAttended": 12,
                "battlesEntered": 5,
                # battlesWon is private; the account's own email (aEmail) is never on a card
                "socials": {
                    "email": "teach@example.com",
                    "facebook": "",
                    "instagram": "https://www.instagram.com/teach",
                    "twitter": "",
                    "youtube": "",
                    "website": "",
                },
            }
        ]

    async def test_only_completed_profiles_are_shown(self, client: httpx.AsyncClient, session: AsyncSession) -> None:
        headers = await admin_headers(session)
        _, unfinished = await create_account(session, "new@example.com", dancer_name=None)
        assert (await mark(client, headers, unfinished.id))["isInstructor"] is True
        assert await instructors(client) == []
        unfinished.dancer_name = "Finally"
        await session.commit()
        assert [card["dancerName"] for card in await instructors(client)] == ["Finally"]

    async def test_unmarking_takes_the_card_off(self, client: httpx.AsyncClient, session: AsyncSession) -> None:
        headers = await admin_headers(session)
        _, dancer = await create_account(session, "a@example.com", dancer_name="Gone")
        await mark(client, headers, dancer.id)
        assert await mark(client, headers, dancer.id, False) == {"id": dancer.id, "isInstructor": False}
        assert await instructors(client) == []
        await session.refresh(dancer)
        assert dancer.instructor_at is None

    async def test_one_statement(self, client: httpx.AsyncClient, session: AsyncSession, count_queries: Any) -> None:
        headers = await admin_headers(session)
        for i in range(5):
            _, dancer = await create_account(session, f"d{i}@example.com", dancer_name=f"D{i}")
            await mark(client, headers, dancer.id)
        with count_queries() as statements:
            assert len(await instructors(client)) == 5
        assert len(statements) == 1


class TestMarkingInstructors:
    async def test_anyone_but_a_platform_admin_is_403_and_a_guest_401(
        self, client: httpx.AsyncClient, session: AsyncSession
    ) -> None:
        user, profile = await create_account(session, "user@example.com")
        path = f"/api/admin/users/{profile.id}/instructor"
        body = {"isInstructor": True}
        assert (await client.put(path, json=body, headers=headers_for(user, profile))).status_code == 403
        # A token still claiming an admin flag the database no longer has.
        stale = headers_for(user, profile, admin=True)
        assert (await client.put(path, json=body, headers=stale)).status_code == 403
        assert (await client.put(path, json=body)).status_code == 401
        await session.refresh(profile)
        assert profile.instructor_at is None

    async def test_an_unknown_user_is_404(self, client: httpx.AsyncClient, session: AsyncSession) -> None:
        headers = await admin_headers(session)
        response = await client.put("/api/admin/users/999999/instructor", json={"isInstructor": True}, headers=headers)
        assert response.status_code == 404 and response.json()["error"]["message"] == "User not found"

    async def test_a_body_without_the_flag_is_a_400(self, client: httpx.AsyncClient, session: AsyncSession) -> None:
        headers = await admin_headers(session)
        _, dancer = await create_account(session, "a@example.com")
        for body in ({}, {"isInstructor": "maybe"}):
            response = await client.put(f"/api/admin/users/{dancer.id}/instructor", json=body, headers=headers)
            assert response.status_code == 400, response.text
