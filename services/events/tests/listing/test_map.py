"""`GET /api/events-map`: published events with a place inside the view's four corners (none: the world; across
the antimeridian: two boxes), the first MAP_CAP of tab t by s or nearest to uc, and the count of each period in
the same bounds and keyword; one statement."""

from __future__ import annotations

from typing import Any

import httpx
from event.cast import ORGANIZER
from event.factories import create_event, headers
from listing.test_router import DAY, SPANS, all_refused, local
from sqlalchemy.ext.asyncio import AsyncSession

from events.events import rules
from events.listing.rules import MAP_CAP
from events.models import Event
from kit.db import utcnow

NEW_YORK = {"lat": 40.7128, "lng": -74.006}
BROOKLYN = {"lat": 40.6782, "lng": -73.9442}
BERLIN = {"lat": 52.52, "lng": 13.405}
SUVA = {"lat": -18.1416, "lng": 178.4419}  # Fiji
APIA = {"lat": -13.8507, "lng": -171.7514}  # Samoa
SYDNEY = {"lat": -33.8688, "lng": 151.2093}

NEW_YORK_VIEW = "nw=41.5,-75&ne=41.5,-73&se=40,-73&sw=40,-75"
PACIFIC_VIEW = "nw=-10,175&ne=-10,-170&se=-20,-170&sw=-20,175"  # west 175 > east -170: across the antimeridian


async def placed(session: AsyncSession, title: str, where: dict[str, float] | None, period: str = "now", **more: Any):
    start, end = SPANS[period]
    return await create_event(session, title=title, start=local(start), end=local(end), **(where or {}), **more)


async def on_map(client: httpx.AsyncClient, query: str = "", who: int | None = None) -> dict[str, Any]:
    answer = await client.get(f"/api/events-map?{query}", headers=headers(who) if who else {})
    assert answer.status_code == 200, answer.text
    return dict(answer.json())


async def ids(client: httpx.AsyncClient, query: str = "") -> list[int]:
    return [event["id"] for event in (await on_map(client, query))["events"]]


class TestBounds:
    async def test_inside_and_outside_the_view(self, client: httpx.AsyncClient, session: AsyncSession) -> None:
        ny = await placed(session, "ny", NEW_YORK, image="img-ny", location_address="Manhattan")
        brooklyn = await placed(session, "brooklyn", BROOKLYN)
        await placed(session, "berlin", BERLIN)
        await placed(session, "no place", None)
        found = await on_map(client, NEW_YORK_VIEW)
        assert sorted(event["id"] for event in found["events"]) == sorted([ny.id, brooklyn.id])
        first = next(event for event in found["events"] if event["id"] == ny.id)
        assert first == {
            "id": ny.id,
            "image": "img-ny",
            "locationAddress": "Manhattan",
            "coordinates": NEW_YORK,
        }
        assert found["stats"] == {"now": 2, "future": 0, "past": 0}
        assert await ids(client, "nw=60,0&ne=60,20&se=50,20&sw=50,0") == [(await ids(client, "k=berlin"))[0]]
        assert await ids(client, "nw=10,0&ne=10,20&se=0,20&sw=0,0") == []

    async def test_across_the_antimeridian(self, client: httpx.AsyncClient, session: AsyncSession) -> None:
        suva = await placed(session, "suva", SUVA)
        apia = await placed(session, "apia", APIA)
        await placed(session, "sydney", SYDNEY)
        await placed(session, "new york", NEW_YORK)
        assert sorted(await ids(client, PACIFIC_VIEW)) == sorted([suva.id, apia.id])
        # the same view as a map that does not wrap its corners says it: 175 to 190
        assert sorted(await ids(client, "nw=-10,175&ne=-10,190&se=-20,190&sw=-20,175")) == sorted([suva.id, apia.id])
        assert (await on_map(client, PACIFIC_VIEW))["stats"]["now"] == 2

    async def test_the_world_and_only_events_with_a_place(
        self, client: httpx.AsyncClient, session: AsyncSession
    ) -> None:
        everywhere = [(await placed(session, name, where)).id for name, where in (("a", SUVA), ("b", BERLIN))]
        await placed(session, "no place", None)
        await placed(session, "half a place", {"lat": 10.0})
        assert sorted(await ids(client)) == sorted(everywhere)
        assert sorted(await ids(client, "nw=85,-250&ne=85,250&se=-85,250&sw=-85,-250")) == sorted(everywhere)
        assert sorted(await ids(client, "nw=95,-180&ne=95,180&se=-95,180&sw=-95,-180")) == sorted(everywhere)
        assert (await on_map(client))["stats"] == {"now": 2, "future": 0, "past": 0}

    async def test_published_and_undeleted_only(self, client: httpx.AsyncClient, session: AsyncSession) -> None:
        await placed(session, "draft", NEW_YORK, status="draft")
        await placed(session, "gone", NEW_YORK, deleted_at=utcnow())
        assert await on_map(client, "", ORGANIZER) == {"events": [], "stats": {"now": 0, "future": 0, "past": 0}}


class TestTabsSortsAndStats:
    async def test_the_tab_its_default_sort_and_the_stats_of_every_period(
        self, client: httpx.AsyncClient, session: AsyncSession
    ) -> None:
        past = [
            (
                await create_event(session, title=f"p{n}", start=local(-n * DAY - DAY), end=local(-n * DAY), **NEW_YORK)
            ).id
            for n in (1, 2)
        ]
        future = [
            (await create_event(session, title=f"f{n}", start=local(n * DAY), end=local(n * DAY + DAY), **NEW_YORK)).id
            for n in (1, 2, 3)
        ]
        now = (await placed(session, "now", BROOKLYN)).id
        await placed(session, "berlin", BERLIN, "future")
        stats = {"now": 1, "future": 3, "past": 2}
        assert await on_map(client, NEW_YORK_VIEW) == {
            "events": (await on_map(client, NEW_YORK_VIEW))["events"],
            "stats": stats,
        }
        assert await ids(client, NEW_YORK_VIEW) == [now], "t defaults to now"
        assert await ids(client, f"t=future&{NEW_YORK_VIEW}") == future, "future: date-asc"
        assert await ids(client, f"t=past&{NEW_YORK_VIEW}") == past, "past: date-desc"
        assert await ids(client, f"t=past&s=date-asc&{NEW_YORK_VIEW}") == past[::-1]
        assert await ids(client, f"t=future&s=date-desc&{NEW_YORK_VIEW}") == future[::-1]
        assert (await on_map(client, f"t=past&{NEW_YORK_VIEW}"))["stats"] == stats, "stats do not depend on t"
        assert (await on_map(client, "t=future"))["stats"] == stats | {"future": 4}

    async def test_keyword_filters_the_events_and_the_stats(
        self, client: httpx.AsyncClient, session: AsyncSession
    ) -> None:
        jam = await placed(session, "Summer Jam", NEW_YORK, "future")
        await placed(session, "Battle", NEW_YORK, "future")
        await placed(session, "Jam session", NEW_YORK, "past")
        found = await on_map(client, f"t=future&k=JAM&{NEW_YORK_VIEW}")
        assert [event["id"] for event in found["events"]] == [jam.id]
        assert found["stats"] == {"now": 0, "future": 1, "past": 1}

    async def test_the_organization_filter_holds_on_the_map(
        self, client: httpx.AsyncClient, session: AsyncSession
    ) -> None:
        ours = await placed(session, "Ours", NEW_YORK, "future", org_id=7)
        await placed(session, "Theirs", NEW_YORK, "future", org_id=8)
        await placed(session, "Platform", NEW_YORK, "past")
        found = await on_map(client, f"t=future&o=7&{NEW_YORK_VIEW}")
        assert [event["id"] for event in found["events"]] == [ours.id]
        assert found["stats"] == {"now": 0, "future": 1, "past": 0}
        assert (await on_map(client, f"t=future&{NEW_YORK_VIEW}"))["stats"] == {"now": 0, "future": 2, "past": 1}

    async def test_nearest_to_uc_first(self, client: httpx.AsyncClient, session: AsyncSession) -> None:
        far = await create_event(session, title="berlin", start=local(DAY), end=local(2 * DAY), **BERLIN)
        near = await create_event(session, title="ny", start=local(3 * DAY), end=local(4 * DAY), **NEW_YORK)
        assert await ids(client, "t=future") == [far.id, near.id]
        assert await ids(client, "t=future&uc=40.7,-74") == [near.id, far.id]
        assert await ids(client, "t=future&uc=52,13") == [far.id, near.id]

    async def test_at_most_the_cap_in_one_statement_and_all_counted(
        self, client: httpx.AsyncClient, session: AsyncSession, count_queries: Any
    ) -> None:
        start = rules.parse_local(local(DAY))
        end = rules.parse_local(local(2 * DAY))
        for n in range(MAP_CAP + 3):
            session.add(
                Event(
                    title=f"jam {n}",
                    status="published",
                    organizer_id=ORGANIZER,
                    time_zone="America/New_York",
                    local_start=start,
                    local_end=end,
                    starts_at=rules.to_utc(start, "America/New_York"),
                    ends_at=rules.to_utc(end, "America/New_York"),
                    lat=40 + n / 10_000,
                    lng=-74.0,
                )
            )
        await session.commit()
        with count_queries() as statements:
            found = await on_map(client, f"t=future&{NEW_YORK_VIEW}")
        assert len(statements) == 1
        assert len(found["events"]) == MAP_CAP and found["stats"]["future"] == MAP_CAP + 3
        assert [event["id"] for event in found["events"]] == sorted(event["id"] for event in found["events"])


class TestBadInput:
    async def test_bad_corners_points_and_tabs_are_400(self, client: httpx.AsyncClient) -> None:
        await all_refused(
            client,
            "/api/events-map",
            "nw=41,-75&ne=41,-73&se=40,-73",
            "nw=41&ne=41,-73&se=40,-73&sw=40,-75",
            "nw=a,b&ne=41,-73&se=40,-73&sw=40,-75",
            "nw=nan,0&ne=41,-73&se=40,-73&sw=40,-75",
            "nw=inf,0&ne=41,-73&se=40,-73&sw=40,-75",
            "nw=1e300,0&ne=41,-73&se=40,-73&sw=40,-75",
            "nw=30,-75&ne=30,-73&se=40,-73&sw=40,-75",
            "uc=91,0",
            "uc=40",
            "t=draft",
            "t=soon",
            "s=near",
        )
