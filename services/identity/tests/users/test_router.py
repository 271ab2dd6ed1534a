from __future__ import annotations

from datetime import UTC, datetime
from typing import Any

import httpx
from factories import create_account
from sqlalchemy.ext.asyncio import AsyncSession

from identity.models import OrgMembership


async def names(client: httpx.AsyncClient, query: str = "") -> list[str]:
    response = await client.get(f"/api/users{query}")
    assert response.status_code == 200, response.text
    return [item["dancerName"] for item in response.json()["items"]]


async def crew(session: AsyncSession, *dancer_names: str | None) -> list[int]:
    ids = []
    for i, name in enumerate(dancer_names):
        _, profile = await create_account(session, f"d{i}@example.com", dancer_name=name, verified=i % 2 == 0)
        ids.append(profile.id)
    return ids


async def join(session: AsyncSession, org_id: int, profile_id: int, role: str = "member", active: bool = True) -> None:
    session.add(
        OrgMembership(org_id=org_id, profile_id=profile_id, role=role, active=active, changed_at=datetime.now(UTC))
    )
    await session.commit()


async def located(session: AsyncSession) -> None:
    """Four dancers in three countries, and one profile without a dancer name in Brooklyn."""
    us = {"country": "United States"}
    await create_account(session, "b@example.com", dancer_name="Brooklyn One", **us, state="NY", city="Brooklyn")
    await create_account(session, "q@example.com", dancer_name="Queens One", **us, state="NY", city="Queens")
    await create_account(session, "t@example.com", dancer_name="Texan", **us, state="TX", city="Austin")
    await create_account(session, "p@example.com", dancer_name="Parisienne", country="France", state=None, city="Paris")
    await create_account(session, "n@example.com", dancer_name=None, **us, state="NY", city="Brooklyn")


class TestSearch:
    async def test_completed_profiles_only_sorted_by_name(
        self, client: httpx.AsyncClient, session: AsyncSession
    ) -> None:
        await crew(session, "zulu", None, "Alpha", "", "mike")
        assert await names(client) == ["Alpha", "mike", "zulu"]
        assert await names(client, "?sb=name-desc") == ["zulu", "mike", "Alpha"]

    async def test_items_have_id_name_avatar_confirmed(self, client: httpx.AsyncClient, session: AsyncSession) -> None:
        _, verified = await create_account(session, "v@example.com", dancer_name="V", avatar="av", verified=True)
        _, unverified = await create_account(session, "u@example.com", dancer_name="U")
        items = (await client.get("/api/users")).json()["items"]
        assert items == [
            {"id": unverified.id, "dancerName": "U", "avatar": None, "confirmed": False},
            {"id": verified.id, "dancerName": "V", "avatar": "av", "confirmed": True},
        ]

    async def test_keyword_is_a_case_insensitive_substring(
        self, client: httpx.AsyncClient, session: AsyncSession
    ) -> None:
        await crew(session, "Bboy Storm", "storm rider", "Calm", "100%_real")
        assert await names(client, "?k=STORM") == ["Bboy Storm", "storm rider"]
        assert await names(client, "?k=%25_") == ["100%_real"]  # wildcards are literal
        assert await names(client, "?k=%20storm%20") == ["Bboy Storm", "storm rider"]  # trimmed

    async def test_excluded_ids_are_left_out(self, client: httpx.AsyncClient, session: AsyncSession) -> None:
        ids = await crew(session, "a", "b", "c")
        assert await names(client, f"?ex={ids[0]},{ids[2]}") == ["b"]

    async def test_organization_filter(self, client: httpx.AsyncClient, session: AsyncSession) -> None:
        ids = await crew(session, "member", "admin", "left", "outsider")
        await join(session, 5, ids[0])
        await join(session, 5, ids[1], role="admin")
        await join(session, 5, ids[2], active=False)
        await join(session, 6, ids[3])
        assert await names(client, "?orgs=5") == ["admin", "member"]
        assert await names(client, "?orgs=5,6") == ["admin", "member", "outsider"]
        assert await names(client, "?orgs=0") == ["admin", "left", "member", "outsider"]

    async def test_location_chips_match_the_whole_value_case_insensitively(
        self, client: httpx.AsyncClient, session: AsyncSession
    ) -> None:
        await located(session)
        assert await names(client, "?country=united%20states") == ["Brooklyn One", "Queens One", "Texan"]
        assert await names(client, "?country=United%20States&state=ny") == ["Brooklyn One", "Queens One"]
        assert await names(client, "?country=United%20States&state=NY&city=%20brooklyn%20") == ["Brooklyn One"]
        assert await names(client, "?city=Brooklyn") == ["Brooklyn One"]  # a city chip alone
        assert await names(client, "?city=Brook") == []  # exact, not a part
        assert await names(client, "?country=France&k=par") == ["Parisienne"]
        assert await names(client, "?country=&state=%20&city=") == [
            "Brooklyn One",
            "Parisienne",
            "Queens One",
            "Texan",
        ]  # blank chips filter nothing

    async def test_a_too_long_location_is_a_400_naming_the_field(self, client: httpx.AsyncClient) -> None:
        response = await client.get("/api/users?city=" + "x" * 101)
        assert response.status_code == 400 and "city" in response.text

    async def test_pages(self, client: httpx.AsyncClient, session: AsyncSession) -> None:
        await crew(session, *[f"d{i:02}" for i in range(7)])
        assert await names(client, "?p=0&pp=3") == ["d00", "d01", "d02"]
        assert await names(client, "?p=2&pp=3") == ["d06"]

    async def test_page_size_is_capped_at_100(self, client: httpx.AsyncClient, session: AsyncSession) -> None:
        await crew(session, *[f"d{i:03}" for i in range(101)])
        assert len(await names(client, "?pp=500")) == 100

    async def test_one_query_whatever_the_page(
        self, client: httpx.AsyncClient, session: AsyncSession, count_queries: Any
    ) -> None:
        ids = await crew(session, *[f"d{i:02}" for i in range(12)])
        for profile_id in ids[:6]:
            await join(session, 1, profile_id)
        with count_queries() as small:
            await client.get("/api/users?pp=2&orgs=1&k=d&ex=1")
        with count_queries() as large:
            await client.get("/api/users?pp=50&orgs=1&k=d&ex=1&country=United%20States&state=NY&city=Brooklyn")
        assert len(small) == len(large) == 1, large


class TestCount:
    async def test_counts_with_the_same_filters(self, client: httpx.AsyncClient, session: AsyncSession) -> None:
        ids = await crew(session, "Storm", "storm 2", None, "calm")
        await join(session, 3, ids[1])
        assert (await client.get("/api/users/count")).json() == {"count": 3}
        assert (await client.get("/api/users/count?k=storm")).json() == {"count": 2}
        assert (await client.get(f"/api/users/count?k=storm&ex={ids[0]}")).json() == {"count": 1}
        assert (await client.get("/api/users/count?orgs=3")).json() == {"count": 1}

    async def test_counts_with_the_location_chips(self, client: httpx.AsyncClient, session: AsyncSession) -> None:
        await located(session)
        assert (await client.get("/api/users/count?country=UNITED%20STATES")).json() == {"count": 3}
        assert (await client.get("/api/users/count?country=United%20States&state=NY")).json() == {"count": 2}
        assert (await client.get("/api/users/count?country=United%20States&city=Queens")).json() == {"count": 1}
        assert (await client.get("/api/users/count?country=Germany")).json() == {"count": 0}

    async def test_one_query(self, client: httpx.AsyncClient, session: AsyncSession, count_queries: Any) -> None:
        await crew(session, "a", "b")
        with count_queries() as counted:
            await client.get("/api/users/count?orgs=1,2&k=a")
        assert len(counted) == 1
