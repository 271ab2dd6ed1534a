"""Winners (classic, once the event has begun; the event as docs/events.md defines it) and the CSV."""

from __future__ import annotations

from typing import Any

import httpx
from battle.cast import HOST, ORGANIZER, STRANGER
from battle.factories import create_battle, create_event, create_org, create_profiles, headers, winners_announced
from sqlalchemy import text
from sqlalchemy.ext.asyncio import AsyncSession

from kit.testing import collect_events


async def registered_battle(
    client: httpx.AsyncClient, session: AsyncSession, period: str = "past", **fields: Any
) -> dict[str, Any]:
    await create_event(session, period=period)
    await create_org(session)
    await create_profiles(session, 10, 11, 12, names={11: '=HYPERLINK("x")', 12: "Zoë"})
    battle = await create_battle(client, **fields)
    await client.post(
        f"/api/admin/battles/{battle['id']}/register", json={"userIds": [10, 11, 12]}, headers=headers(ORGANIZER)
    )
    return battle


class TestWinners:
    async def test_set_and_announced(self, client: httpx.AsyncClient, session: AsyncSession, nats_url: str) -> None:
        battle = await registered_battle(client, session)
        path = f"/api/battles/{battle['id']}/winners"
        body = [{"id": 11, "place": 2}, {"id": 10, "place": 1}, {"id": 12, "place": 4}]
        response = await client.post(path, json=body, headers=headers(ORGANIZER))
        assert response.status_code == 200, response.text
        page = response.json()
        assert [(w["place"], w["id"]) for w in page["winners"]] == [(1, 10), (2, 11), (4, 12)]
        assert page["winners"][0]["participants"] == [{"id": 10, "dancerName": "Dancer 10", "avatar": "avatar-10"}]
        assert {p["id"]: p["place"] for p in page["participants"]} == {10: 1, 11: 2, 12: 4}
        await winners_announced(nats_url, battle, ("1st Place", [10]), ("2nd Place", [11]), ("Top 4", [12]))
        cleared = await client.post(path, json=[], headers=headers(ORGANIZER))
        assert cleared.json()["winners"] == []
        assert len(await collect_events(nats_url, "battles.winners.set", count=2)) == 2

    async def test_crew_winners_name_confirmed_members(
        self, client: httpx.AsyncClient, session: AsyncSession, nats_url: str
    ) -> None:
        await create_event(session, period="now")
        await create_profiles(session, 10, 11, 12)
        battle = await create_battle(client, crewSize=2)
        crew = (
            await client.post(
                f"/api/crews/{battle['id']}", json={"name": "Rockers", "userIds": [11]}, headers=headers(10)
            )
        ).json()["crews"][0]
        done = await client.post(
            f"/api/battles/{battle['id']}/winners", json=[{"id": crew["id"], "place": 1}], headers=headers(ORGANIZER)
        )
        assert done.json()["winners"][0]["name"] == "Rockers"
        (winners,) = await collect_events(nats_url, "battles.winners.set", count=1)
        assert winners.data["winners"] == [{"place": "1st Place", "userIds": [10]}]

    async def test_refusals(self, client: httpx.AsyncClient, session: AsyncSession) -> None:
        battle = await registered_battle(client, session, period="future")
        path = f"/api/battles/{battle['id']}/winners"
        early = await client.post(path, json=[{"id": 10, "place": 1}], headers=headers(ORGANIZER))
        assert early.status_code == 400
        assert early.json()["error"]["message"] == "Winners can be entered once the event has begun."
        assert (await client.post(path, json=[])).status_code == 401
        assert (await client.post(path, json=[], headers=headers(STRANGER))).status_code == 403
        assert (await client.post(path, json=[], headers=headers(HOST))).status_code == 403
        await session.execute(text("UPDATE event_view SET starts_at = now() - interval '1 hour'"))
        await session.commit()
        for body in (
            [{"id": 10, "place": 3}],
            [{"id": 10, "place": 1}, {"id": 11, "place": 1}],
            [{"id": 10, "place": 1}, {"id": 10, "place": 4}],
            [{"id": 99, "place": 1}],
        ):
            response = await client.post(path, json=body, headers=headers(ORGANIZER))
            assert response.status_code == 400, body
        assert (await client.get(f"/api/battles/{battle['id']}")).json()["winners"] == []
        bracket = await create_battle(client, style="bracket")
        refused = await client.post(f"/api/battles/{bracket['id']}/winners", json=[], headers=headers(ORGANIZER))
        assert refused.status_code == 400


class TestCsv:
    async def test_bom_and_neutralised_cells(self, client: httpx.AsyncClient, session: AsyncSession) -> None:
        battle = await registered_battle(client, session)
        path = f"/api/battles/{battle['id']}/download"
        assert (await client.get(path)).status_code == 401
        assert (await client.get(path, headers=headers(STRANGER))).status_code == 403
        response = await client.get(path, headers=headers(ORGANIZER))
        assert response.status_code == 200
        assert response.headers["content-type"].startswith("text/csv")
        assert f'filename="battle_{battle["id"]}.csv"' in response.headers["content-disposition"]
        assert response.content.startswith(b"\xef\xbb\xbf")
        lines = response.content.decode("utf-8-sig").splitlines()
        assert lines[0].startswith("Number,Crew,Dancer name")
        assert len(lines) == 4
        assert "'=HYPERLINK" in lines[2] and "Zoë" in lines[3]
