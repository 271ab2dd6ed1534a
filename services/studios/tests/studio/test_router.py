"""The studio itself: create, read (drafts hidden), save, publish and deactivate, delete, the grid, the map."""

from __future__ import annotations

from typing import Any

import httpx
from fastapi import FastAPI
from sqlalchemy import select
from sqlalchemy.ext.asyncio import AsyncSession
from studio.factories import ADMIN, PLATFORM_ADMIN, STRANGER, create_profiles, create_studio, headers

from kit.testing import collect_events
from kit.testing.photon import BEDFORD_AVENUE, BROOKLYN, FLATBUSH_AVENUE, NOT_FOUND_ADDRESS, served_photon
from kit.testing.plugin import AppClient
from studios.models import Studio, StudioMember
from studios.studios.repository import map_query

NYC = {"nw": "41.2,-75.0", "ne": "41.2,-73.0", "se": "40.2,-73.0", "sw": "40.2,-75.0"}


class TestCreate:
    async def test_a_new_draft_with_the_caller_as_admin(
        self, client: httpx.AsyncClient, session: AsyncSession, nats_url: str
    ) -> None:
        await create_profiles(session, (ADMIN, "Admin"))
        response = await client.post("/api/studios", headers=headers(ADMIN))
        assert response.status_code == 201
        studio_id = response.json()["id"]
        page = (await client.get(f"/api/studios/{studio_id}", headers=headers(ADMIN))).json()
        assert page["status"] == "draft" and page["canEdit"] is True and page["name"] == ""
        assert page["admins"] == [{"id": ADMIN, "dancerName": "Admin", "avatar": f"avatar-{ADMIN}"}]
        (added,) = await collect_events(nats_url, "studios.member.added", count=1)
        assert added.data == {
            "studioId": studio_id,
            "userId": ADMIN,
            "role": "admin",
            "studioName": "",
            "studioImage": None,
            "studioStatus": "draft",
        }

    async def test_a_guest_cannot(self, client: httpx.AsyncClient) -> None:
        assert (await client.post("/api/studios")).status_code == 401


class TestRead:
    async def test_a_draft_is_hidden_from_everyone_but_its_editors(
        self, client: httpx.AsyncClient, session: AsyncSession
    ) -> None:
        studio = await create_studio(session, status="draft")
        assert (await client.get(f"/api/studios/{studio.id}")).status_code == 404
        assert (await client.get(f"/api/studios/{studio.id}", headers=headers(STRANGER))).status_code == 404
        assert (await client.get(f"/api/studios/{studio.id}", headers=headers(ADMIN))).status_code == 200
        as_platform = await client.get(f"/api/studios/{studio.id}", headers=headers(PLATFORM_ADMIN, admin=True))
        assert as_platform.json()["canEdit"] is True

    async def test_the_public_page(self, client: httpx.AsyncClient, session: AsyncSession) -> None:
        studio = await create_studio(session, teachers=[5], students=[6, 7], founded=None)
        page = (await client.get(f"/api/studios/{studio.id}")).json()
        assert page["canEdit"] is False
        assert (page["totalStudents"], page["totalTeachers"], page["battlesEntered"], page["totalWins"]) == (2, 1, 0, 0)
        assert page["socials"] == dict.fromkeys(("email", "facebook", "instagram", "twitter", "youtube", "website"), "")

    async def test_an_unknown_studio_is_not_found(self, client: httpx.AsyncClient) -> None:
        response = await client.get("/api/studios/999")
        assert response.status_code == 404 and response.json()["error"]["code"] == "studio_not_found"


class TestSave:
    async def test_the_full_studio_sanitised_normalised_and_geocoded(
        self, client: httpx.AsyncClient, session: AsyncSession
    ) -> None:
        studio = await create_studio(session, status="draft")
        body = {
            "name": "  Floor Lab ",
            "description": "<p>Hi<script>alert(1)</script></p>",
            "founded": "03/15/2010",
            "locationAddress": "Queens, NY, United States",
            "socials": {"email": "hi@floorlab.dance", "instagram": "@floorlab", "website": "floorlab.dance"},
        }
        response = await client.put(f"/api/studios/{studio.id}", json=body, headers=headers(ADMIN))
        assert response.status_code == 200, response.text
        saved = response.json()
        assert saved["name"] == "Floor Lab" and saved["founded"] == "03/15/2010"
        assert "script" not in saved["description"] and "Hi" in saved["description"]
        assert saved["socials"]["instagram"] == "https://instagram.com/floorlab"
        assert saved["socials"]["website"] == "https://floorlab.dance"
        assert saved["socials"]["email"] == "hi@floorlab.dance"
        assert abs(saved["locationLat"] - 40.68) < 0.2 and abs(saved["locationLng"] + 73.84) < 0.2

    async def test_picked_coordinates_are_kept_and_a_blank_address_clears_the_place(
        self, client: httpx.AsyncClient, session: AsyncSession
    ) -> None:
        studio = await create_studio(session)
        url, who = f"/api/studios/{studio.id}", headers(ADMIN)
        body = {"locationAddress": "12 Main St, Somewhere", "locationLat": 10.5, "locationLng": 20.25}
        saved = (await client.put(url, json=body, headers=who)).json()
        assert (saved["locationAddress"], saved["locationLat"], saved["locationLng"]) == (
            body["locationAddress"],
            10.5,
            20.25,
        )
        again = (
            await client.put(url, json={"name": "Floor Lab", "locationAddress": body["locationAddress"]}, headers=who)
        ).json()
        assert (again["locationLat"], again["locationLng"]) == (10.5, 20.25)  # the same address keeps its place
        saved = (await client.put(url, json={"locationAddress": " "}, headers=who)).json()
        assert (saved["locationAddress"], saved["locationLat"], saved["locationLng"]) == (None, None, None)

    async def test_an_address_the_gazetteer_cannot_place_is_saved_and_said_so(
        self, client: httpx.AsyncClient, session: AsyncSession
    ) -> None:
        studio = await create_studio(session, status="draft")
        url, who = f"/api/studios/{studio.id}", headers(ADMIN)
        saved = (await client.put(url, json={"locationAddress": "Qqqzzx Nowhere"}, headers=who)).json()
        assert (saved["locationAddress"], saved["locationLat"], saved["locationNotFound"]) == (
            "Qqqzzx Nowhere",
            None,
            True,
        )
        assert (await client.get(url, headers=who)).json()["locationNotFound"] is True  # until it is placed
        placed = (await client.put(url, json={"locationAddress": "Brooklyn, NY"}, headers=who)).json()
        assert placed["locationNotFound"] is False
        assert (round(placed["locationLat"], 1), round(placed["locationLng"], 1)) == (40.7, -73.9)  # Brooklyn's centre
        cleared = (await client.put(url, json={"locationAddress": ""}, headers=who)).json()
        assert cleared["locationNotFound"] is False

    async def test_bad_input_is_a_400_that_changes_nothing(
        self, client: httpx.AsyncClient, session: AsyncSession
    ) -> None:
        studio = await create_studio(session)
        url, who = f"/api/studios/{studio.id}", headers(ADMIN)
        for body in (
            {"founded": "2010-03-15"},
            {"founded": "01/01/2999"},
            {"socials": {"email": "nope"}},
            {"socials": {"instagram": "https://evil.example/x"}},
            {"locationLat": 10},
            {"locationLat": 91, "locationLng": 0},
            {"name": "x" * 101},
            {"name": "Floor\nLab"},
            {"locationAddress": "Queens\u0007"},
            {"description": 5},
            {"name": ""},  # a published studio keeps a name
        ):
            response = await client.put(url, json=body, headers=who)
            assert response.status_code == 400, (body, response.text)
        assert (await client.get(url)).json()["name"] == "Floor Lab"

    async def test_a_guest_gets_401_a_stranger_403_a_teacher_403(
        self, client: httpx.AsyncClient, session: AsyncSession
    ) -> None:
        studio = await create_studio(session, teachers=[5])
        url = f"/api/studios/{studio.id}"
        assert (await client.put(url, json={"name": "X"})).status_code == 401
        assert (await client.put(url, json={"name": "X"}, headers=headers(STRANGER))).status_code == 403
        assert (await client.put(url, json={"name": "X"}, headers=headers(5))).status_code == 403
        for path in ("publish", "deactivate"):
            assert (await client.put(f"{url}/{path}")).status_code == 401
            assert (await client.put(f"{url}/{path}", headers=headers(STRANGER))).status_code == 403
        assert (await client.delete(url)).status_code == 401
        assert (await client.delete(url, headers=headers(STRANGER))).status_code == 403
        platform = await client.put(url, json={"name": "Renamed"}, headers=headers(PLATFORM_ADMIN, admin=True))
        assert platform.status_code == 200 and platform.json()["name"] == "Renamed"


class TestStreetLevel:
    """With Photon configured (a local stand-in answering as it does), a typed address is placed at its street."""

    async def test_two_studios_in_brooklyn_on_their_streets_and_one_nowhere(
        self, app_with: AppClient, session: AsyncSession
    ) -> None:
        bedford, flatbush, lost = [(await create_studio(session, status="draft")).id for _ in range(3)]
        seen: list[Any] = []
        async with served_photon(seen) as photon_url, app_with(geocoder="photon", geocoder_url=photon_url) as client:

            async def locate(studio_id: int, address: str) -> dict[str, Any]:
                response = await client.put(
                    f"/api/studios/{studio_id}", json={"locationAddress": address}, headers=headers(ADMIN)
                )
                assert response.status_code == 200, response.text
                return response.json()

            one = await locate(bedford, "285 Bedford Ave, Brooklyn, NY")
            two = await locate(flatbush, "120 Flatbush Ave, Brooklyn, NY 11217")
            nowhere = await locate(lost, NOT_FOUND_ADDRESS)
        assert (one["locationLat"], one["locationLng"]) == BEDFORD_AVENUE
        assert (two["locationLat"], two["locationLng"]) == FLATBUSH_AVENUE
        assert (one["locationLat"], one["locationLng"]) != BROOKLYN  # not the borough's centre, as the gazetteer
        assert one["locationAddress"] == "285 Bedford Ave, Brooklyn, NY"  # kept as typed
        assert not one["locationNotFound"] and not two["locationNotFound"]
        assert (nowhere["locationAddress"], nowhere["locationLat"], nowhere["locationLng"]) == (
            NOT_FOUND_ADDRESS,
            None,
            None,
        )
        assert nowhere["locationNotFound"] is True
        assert {"house", "street"} <= set(seen[0].getlist("layer"))


class TestPublishAndDeactivate:
    async def test_publish_deactivate_and_publish_again(self, client: httpx.AsyncClient, session: AsyncSession) -> None:
        studio = await create_studio(session, status="draft")
        url, who = f"/api/studios/{studio.id}", headers(ADMIN)
        assert (await client.put(f"{url}/publish", headers=who)).json()["status"] == "published"
        assert (await client.get(url)).status_code == 200
        assert (await client.put(f"{url}/deactivate", headers=who)).json()["status"] == "draft"
        assert (await client.get(url)).status_code == 404
        assert [i["id"] for i in (await client.get("/api/studios")).json()["items"]] == []
        assert (await client.put(f"{url}/publish", headers=who)).json()["status"] == "published"
        assert [i["id"] for i in (await client.get("/api/studios")).json()["items"]] == [studio.id]

    async def test_a_nameless_draft_cannot_be_published(self, client: httpx.AsyncClient, session: AsyncSession) -> None:
        studio = await create_studio(session, status="draft", name="")
        response = await client.put(f"/api/studios/{studio.id}/publish", headers=headers(ADMIN))
        assert response.status_code == 400 and response.json()["error"]["message"] == "Name is required"


class TestDelete:
    async def test_the_studio_and_its_members_are_gone_and_announced(
        self, client: httpx.AsyncClient, session: AsyncSession, nats_url: str
    ) -> None:
        studio = await create_studio(session, status="draft", students=[6])
        response = await client.delete(f"/api/studios/{studio.id}", headers=headers(ADMIN))
        assert response.status_code == 200 and response.json() == "ok"
        assert (await client.get(f"/api/studios/{studio.id}", headers=headers(ADMIN))).status_code == 404
        assert (await session.scalars(select(StudioMember))).all() == []
        assert (await session.scalars(select(Studio))).all() == []
        removed = await collect_events(nats_url, "studios.member.removed", count=2)
        assert sorted((e.data["userId"], e.data["role"]) for e in removed) == [(ADMIN, "admin"), (6, "student")]


class TestList:
    async def test_published_by_name_keyword_and_paging(self, client: httpx.AsyncClient, session: AsyncSession) -> None:
        b = await create_studio(session, name="Bravo")
        a = await create_studio(session, name="alpha")
        await create_studio(session, name="Hidden", status="draft")
        items = (await client.get("/api/studios")).json()["items"]
        assert [i["id"] for i in items] == [a.id, b.id]
        assert set(items[0]) == {"id", "name", "image", "status", "locationAddress", "locationLat", "locationLng"}
        assert [i["id"] for i in (await client.get("/api/studios?keyword=RAV")).json()["items"]] == [b.id]
        assert [i["id"] for i in (await client.get("/api/studios?keyword=100%")).json()["items"]] == []
        assert [i["id"] for i in (await client.get("/api/studios?p=1&pp=1")).json()["items"]] == [b.id]
        assert (await client.get("/api/studios?pp=500")).status_code == 200  # lowered to 100

    async def test_pages_of_100_from_page_0(self, client: httpx.AsyncClient, session: AsyncSession) -> None:
        session.add_all(Studio(name=f"Studio {n:03d}", status="published", lat=40.7, lng=-74.0) for n in range(101))
        await session.commit()
        for path in ("/api/studios", "/api/studios-map"):
            first = (await client.get(path)).json()["items"]
            second = (await client.get(path, params={"p": 1})).json()["items"]
            assert (len(first), len(second)) == (100, 1), path
            assert not {i["id"] for i in first} & {i["id"] for i in second}
        assert (await client.get("/api/studios", params={"p": -1})).status_code == 400

    async def test_a_users_studios_with_their_own_drafts(
        self, client: httpx.AsyncClient, session: AsyncSession
    ) -> None:
        mine = await create_studio(session, name="Mine", students=[7])
        draft = await create_studio(session, name="Draft", status="draft", admins=[7])
        await create_studio(session, name="Other")
        as_owner = (await client.get("/api/studios?userId=7", headers=headers(7))).json()["items"]
        assert [i["id"] for i in as_owner] == [draft.id, mine.id]
        as_public = (await client.get("/api/studios?userId=7")).json()["items"]
        assert [i["id"] for i in as_public] == [mine.id]


class TestMap:
    async def test_inside_the_view_published_with_a_place(
        self, client: httpx.AsyncClient, session: AsyncSession
    ) -> None:
        inside = await create_studio(session, name="NYC", lat=40.71, lng=-74.0)
        await create_studio(session, name="Paris", lat=48.85, lng=2.35)
        await create_studio(session, name="Draft NYC", lat=40.72, lng=-74.0, status="draft")
        await create_studio(session, name="Nowhere")
        items = (await client.get("/api/studios-map", params=NYC)).json()["items"]
        assert [i["id"] for i in items] == [inside.id]
        assert items[0]["locationLat"] == 40.71 and items[0]["locationLng"] == -74.0
        world = (await client.get("/api/studios-map")).json()["items"]
        assert len(world) == 2

    async def test_a_view_across_the_antimeridian(self, client: httpx.AsyncClient, session: AsyncSession) -> None:
        fiji = await create_studio(session, name="Fiji", lat=-17.7, lng=178.0)
        samoa = await create_studio(session, name="Samoa", lat=-13.8, lng=-171.8)
        await create_studio(session, name="Perth", lat=-31.9, lng=115.9)
        view = {"nw": "-5,170", "ne": "-5,-165", "se": "-25,-165", "sw": "-25,170"}
        items = (await client.get("/api/studios-map", params=view)).json()["items"]
        assert {i["id"] for i in items} == {fiji.id, samoa.id}

    async def test_nearest_to_uc_first_keyword_and_paging(
        self, client: httpx.AsyncClient, session: AsyncSession
    ) -> None:
        far = await create_studio(session, name="Jersey Crew", lat=40.73, lng=-74.9)
        near = await create_studio(session, name="Bronx Crew", lat=40.84, lng=-73.87)
        await create_studio(session, name="Queens Lab", lat=40.7, lng=-73.8)
        params = NYC | {"uc": "40.85,-73.86", "keyword": "crew"}
        items = (await client.get("/api/studios-map", params=params)).json()["items"]
        assert [i["id"] for i in items] == [near.id, far.id]
        second = (await client.get("/api/studios-map", params=params | {"p": 1, "pp": 1})).json()["items"]
        assert [i["id"] for i in second] == [far.id]

    async def test_bad_bounds_are_a_400(self, client: httpx.AsyncClient) -> None:
        for params in (
            {"nw": "1,2"},
            NYC | {"nw": "north"},
            NYC | {"uc": "200,0"},
            {**NYC, "nw": "10,-75", "ne": "10,-73"} | {"se": "40,-73", "sw": "40,-75"},
        ):
            response = await client.get("/api/studios-map", params=params)
            assert response.status_code == 400, params

    async def test_the_map_runs_on_the_gist_as_a_generic_plan(self, app: FastAPI) -> None:
        """With sequential scans priced out, a plan that still scans the table would mean the index cannot serve
        the prepared statement (what kit.rows runs after a few executions)."""
        async with app.state.rows.pool.acquire() as connection:
            await connection.execute(SPREAD)
            await connection.execute("ANALYZE studio")
        # the screen always sends its bounds: one box, or two across the antimeridian
        for count, query in ((1, map_query(1, True, False)), (2, map_query(2, True, True))):
            nulls = ", ".join("NULL" for _ in query.names)
            async with app.state.rows.pool.acquire() as connection, connection.transaction():
                await connection.execute(
                    "SET LOCAL enable_seqscan = off; SET LOCAL plan_cache_mode = force_generic_plan"
                )
                await connection.execute(f"PREPARE mapped AS {query.sql}")
                plan = "\n".join(line[0] for line in await connection.fetch(f"EXPLAIN EXECUTE mapped({nulls})"))
                await connection.execute("DEALLOCATE mapped")
            assert "ix_studio_published_location" in plan and "Seq Scan" not in plan, plan
            # one box: the index yields the nearest first and stops after a page (two, across the antimeridian, are
            # two bitmap scans and a sort: a rare view)
            assert count == 2 or "Order By" in plan, plan


SPREAD = """
INSERT INTO studio (name, status, lat, lng)
SELECT 'Studio ' || n, CASE WHEN n % 10 = 0 THEN 'draft' ELSE 'published' END, (n % 160) - 80, (n * 7 % 360) - 180
FROM generate_series(1, 5000) AS n
"""
