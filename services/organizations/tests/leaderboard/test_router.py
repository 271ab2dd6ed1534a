"""The leaderboard from battles.winners.set events published to NATS, as the battles service will."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from typing import Any

import httpx
from leaderboard.factories import winners_set
from orgs.factories import create_org, create_profiles
from profiles.factories import publish
from sqlalchemy import func, select
from sqlalchemy.ext.asyncio import AsyncSession

from kit.metrics import CONSUMER_MESSAGES
from kit.testing import eventually
from organizations.models import BattleResult

MEMBERS = {10: "Ace", 11: "Blaze", 12: "Cypher", 13: "Drift", 14: "Echo", 15: "Flare"}


def board(rows: list[dict[str, Any]]) -> list[tuple[int, int | None, int | None]]:
    return [(row["id"], row.get("rank"), row.get("points")) for row in rows]


async def leaderboard(client: httpx.AsyncClient, org_id: int, **params: Any) -> list[dict[str, Any]]:
    response = await client.get(f"/api/orgs/{org_id}/leaderboard", params=params)
    assert response.status_code == 200, response.text
    return response.json()


async def settled(
    client: httpx.AsyncClient, org_id: int, expected: list[tuple[int, int | None, int | None]], **params: Any
):
    async def check() -> bool:
        return board(await leaderboard(client, org_id, **params)) == expected

    await eventually(check)


async def arrange(session: AsyncSession) -> int:
    org = await create_org(session, members=list(MEMBERS))
    await create_profiles(session, *MEMBERS.items(), (16, "Guest Star"))
    return org.id


class TestRanks:
    async def test_ranks_points_with_shared_ranks_and_members_without_points_last(
        self, client: httpx.AsyncClient, session: AsyncSession, nats_url: str
    ) -> None:
        org_id = await arrange(session)
        await publish(
            nats_url, winners_set(1, org_id, "2026-03-14", {"1st Place": [11], "2nd Place": [12], "Top 4": [13, 14]})
        )
        await publish(nats_url, winners_set(2, org_id, "2026-06-01", {"1st Place": [12, 16], "Top 8": [11]}))
        # Blaze 100+25, Cypher 75+100, Drift 50, Echo 50; Ace and Flare have none; 16 is no member.
        await settled(
            client,
            org_id,
            [(12, 1, 175), (11, 2, 125), (13, 3, 50), (14, 3, 50), (10, None, None), (15, None, None)],
            y=2026,
        )

    async def test_members_without_points_have_no_rank_or_points_keys(
        self, client: httpx.AsyncClient, session: AsyncSession, nats_url: str
    ) -> None:
        org_id = await arrange(session)
        await publish(nats_url, winners_set(1, org_id, "2026-03-14", {"1st Place": [11]}))
        await settled(
            client,
            org_id,
            [(11, 1, 100), (10, None, None), (12, None, None), (13, None, None), (14, None, None), (15, None, None)],
            y=2026,
        )
        rows = await leaderboard(client, org_id, y=2026)
        assert rows[0] == {"id": 11, "dancerName": "Blaze", "avatar": "avatar-11", "rank": 1, "points": 100}
        assert rows[1] == {"id": 10, "dancerName": "Ace", "avatar": "avatar-10"}

    async def test_years_and_all_years(self, client: httpx.AsyncClient, session: AsyncSession, nats_url: str) -> None:
        org_id = await arrange(session)
        await publish(nats_url, winners_set(1, org_id, "2025-11-30", {"1st Place": [10], "2nd Place": [11]}))
        await publish(nats_url, winners_set(2, org_id, "2026-01-10", {"1st Place": [11], "Top 4": [10]}))
        rest = [(12, None, None), (13, None, None), (14, None, None), (15, None, None)]
        await settled(client, org_id, [(10, 1, 100), (11, 2, 75), *rest], y=2025)
        await settled(client, org_id, [(11, 1, 100), (10, 2, 50), *rest], y=2026)
        await settled(client, org_id, [(11, 1, 175), (10, 2, 150), *rest], y=0)
        assert board(await leaderboard(client, org_id, y=2024)) == [(m, None, None) for m in MEMBERS]

    async def test_the_default_year_is_this_year(
        self, client: httpx.AsyncClient, session: AsyncSession, nats_url: str
    ) -> None:
        org_id = await arrange(session)
        this_year = datetime.now(UTC).year
        await publish(nats_url, winners_set(1, org_id, f"{this_year}-01-01", {"Top 16": [15]}))
        await publish(nats_url, winners_set(2, org_id, f"{this_year - 1}-01-01", {"1st Place": [10]}))
        await settled(client, org_id, [(15, 1, 10), *((m, None, None) for m in list(MEMBERS)[:5])])

    async def test_sorts(self, client: httpx.AsyncClient, session: AsyncSession, nats_url: str) -> None:
        org_id = await arrange(session)
        await publish(
            nats_url, winners_set(1, org_id, "2026-03-14", {"1st Place": [13], "2nd Place": [10], "Top 4": [15]})
        )
        await settled(
            client,
            org_id,
            [(13, 1, 100), (10, 2, 75), (15, 3, 50), (11, None, None), (12, None, None), (14, None, None)],
            y=2026,
        )
        ids = {
            sort: [row["id"] for row in await leaderboard(client, org_id, y=2026, sb=sort)]
            for sort in ("rank-asc", "rank-desc", "name-asc", "name-desc")
        }
        assert ids == {
            "rank-asc": [13, 10, 15, 11, 12, 14],
            "rank-desc": [15, 10, 13, 11, 12, 14],
            "name-asc": [10, 11, 12, 13, 14, 15],
            "name-desc": [15, 14, 13, 12, 11, 10],
        }
        bad = await client.get(f"/api/orgs/{org_id}/leaderboard", params={"sb": "points"})
        assert bad.status_code == 400 and bad.json()["error"]["field"] == "sb"

    async def test_pages(self, client: httpx.AsyncClient, session: AsyncSession, nats_url: str) -> None:
        org_id = await arrange(session)
        await publish(nats_url, winners_set(1, org_id, "2026-03-14", {"1st Place": [14], "2nd Place": [12]}))
        await settled(
            client,
            org_id,
            [(14, 1, 100), (12, 2, 75), (10, None, None), (11, None, None), (13, None, None), (15, None, None)],
            y=2026,
        )
        second = await leaderboard(client, org_id, y=2026, p=1, pp=2)
        assert board(second) == [(10, None, None), (11, None, None)]

    async def test_one_statement_for_the_board(
        self, client: httpx.AsyncClient, session: AsyncSession, nats_url: str, count_queries: Any
    ) -> None:
        org = await create_org(session, members=range(100, 150))
        await create_profiles(session, *((n, f"Dancer {n}") for n in range(100, 150)))
        await publish(nats_url, winners_set(1, org.id, "2026-03-14", {"Top 32": list(range(100, 132))}))
        await eventually(lambda: _awarded(client, org.id, 32))
        with count_queries() as statements:
            rows = await leaderboard(client, org.id, y=2026)
        assert len(rows) == 50
        assert len(statements) == 2, statements  # the organization (who may see it), the board


async def _awarded(client: httpx.AsyncClient, org_id: int, count: int) -> bool:
    rows = await leaderboard(client, org_id, y=2026)
    return sum(1 for row in rows if "points" in row) == count


class TestWinnersSet:
    async def test_setting_winners_again_replaces_that_battles_points(
        self, client: httpx.AsyncClient, session: AsyncSession, nats_url: str
    ) -> None:
        org_id = await arrange(session)
        await publish(nats_url, winners_set(1, org_id, "2026-03-14", {"1st Place": [10], "2nd Place": [11]}))
        await publish(nats_url, winners_set(2, org_id, "2026-04-14", {"Top 8": [10]}))
        rest = [(12, None, None), (13, None, None), (14, None, None), (15, None, None)]
        await settled(client, org_id, [(10, 1, 125), (11, 2, 75), *rest], y=2026)
        # The judges correct battle 1: Blaze won it, Ace was second.
        await publish(nats_url, winners_set(1, org_id, "2026-03-14", {"1st Place": [11], "2nd Place": [10]}))
        await settled(client, org_id, [(10, 1, 100), (11, 1, 100), *rest], y=2026)
        # And then battle 1 is cleared.
        await publish(nats_url, winners_set(1, org_id, "2026-03-14", {}))
        await settled(client, org_id, [(10, 1, 25), (11, None, None), *rest], y=2026)

    async def test_a_result_delivered_twice_is_applied_once(
        self, client: httpx.AsyncClient, session: AsyncSession, nats_url: str
    ) -> None:
        org_id = await arrange(session)
        first = winners_set(1, org_id, "2026-03-14", {"1st Place": [10]})
        await publish(nats_url, first, msg_id=f"{first.id}-a")
        correction = winners_set(1, org_id, "2026-03-14", {"1st Place": [11]})
        await publish(nats_url, correction)
        rest = [(12, None, None), (13, None, None), (14, None, None), (15, None, None)]
        await settled(client, org_id, [(11, 1, 100), (10, None, None), *rest], y=2026)
        duplicates = CONSUMER_MESSAGES.labels("orgs-leaderboard", "duplicate")._value.get()
        # The first result again, as a redelivery (another message id, so JetStream keeps it): it must not
        # undo the correction.
        await publish(nats_url, first, msg_id=f"{first.id}-b")
        await eventually(lambda: _metric_above("duplicate", duplicates))
        assert board(await leaderboard(client, org_id, y=2026)) == [(11, 1, 100), (10, None, None), *rest]

    async def test_an_older_result_arriving_late_is_ignored(
        self, client: httpx.AsyncClient, session: AsyncSession, nats_url: str
    ) -> None:
        org_id = await arrange(session)
        now = datetime.now(UTC)
        newer = winners_set(1, org_id, "2026-03-14", {"1st Place": [11]}, occurred_at=now)
        older = winners_set(1, org_id, "2026-03-14", {"1st Place": [10]}, occurred_at=now - timedelta(minutes=5))
        applied = CONSUMER_MESSAGES.labels("orgs-leaderboard", "applied")._value.get()
        await publish(nats_url, newer)
        await publish(nats_url, older)
        await eventually(lambda: _metric_above("applied", applied + 1))
        rest = [(12, None, None), (13, None, None), (14, None, None), (15, None, None)]
        assert board(await leaderboard(client, org_id, y=2026)) == [(11, 1, 100), (10, None, None), *rest]

    async def test_a_battle_outside_any_organization_awards_nothing(
        self, client: httpx.AsyncClient, session: AsyncSession, nats_url: str
    ) -> None:
        org_id = await arrange(session)
        await publish(nats_url, winners_set(1, None, "2026-03-14", {"1st Place": [10]}))
        await publish(nats_url, winners_set(2, 999, "2026-03-14", {"1st Place": [10]}))  # no such organization
        await eventually(lambda: _results(session, 2))
        assert all("points" not in row for row in await leaderboard(client, org_id, y=2026))

    async def test_an_instant_as_start_date_counts_in_its_day(
        self, client: httpx.AsyncClient, session: AsyncSession, nats_url: str
    ) -> None:
        org_id = await arrange(session)
        await publish(nats_url, winners_set(1, org_id, "2025-12-31T20:00:00Z", {"Top 4": [10]}))
        await settled(client, org_id, [(10, 1, 50), *((m, None, None) for m in list(MEMBERS)[1:])], y=2025)


async def _metric_above(outcome: str, value: float) -> bool:
    return CONSUMER_MESSAGES.labels("orgs-leaderboard", outcome)._value.get() > value


async def _results(session: AsyncSession, count: int) -> bool:
    await session.rollback()  # a fresh snapshot on every try
    return (await session.scalar(select(func.count()).select_from(BattleResult))) == count
