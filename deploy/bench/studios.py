"""The studios map: `GET /api/studios-map` for a city-sized view (New York) and a continent-sized one
(Europe), each measured directly and through the gateway, wrk with 32 connections, SECONDS a run, the median of
ROUNDS rounds over every read.

Three tables, like the events bench: "10k world" spreads 10,000 published studios over the world's cities (a view
holds about 100 times the 100's, and the answer is a full page of 100 where the 100's holds a few); "10k grown" is
the 100 studios themselves plus 9,900 at cities outside both views: only the table has grown, the answers are the
100's; "100" is the base. Targets: through the gateway >= 0.8 of direct for each read and table; "10k grown" >= 0.8
of "100" for each read (the cost does not grow with the table: the GiST on the published studios' points serves
the view and its nearest-first order). The EXPLAIN (ANALYZE, BUFFERS) of each read on "10k grown" is printed as
the service runs it (a prepared statement after 6 executions).

`uv run python deploy/bench/run.py studios` runs this alone; STUDIOS_BENCH_SECONDS and STUDIOS_BENCH_ROUNDS
shorten a trial run; STUDIOS_BENCH_ROUNDS=0 seeds, explains and checks each answer without measuring (a minute)."""

from __future__ import annotations

import asyncio
import os
import random
from typing import Any

import httpx
from common import (
    Load,
    check_answers,
    copy_rows,
    direct_and_gateway,
    explain_all,
    growth_report,
    measure_datasets,
    median_loads,
    service_package,
    with_bench_postgres,
    world_cities,
)

from kit.local import EmbeddedPostgres

SECONDS = int(os.environ.get("STUDIOS_BENCH_SECONDS", "5"))
ROUNDS = int(os.environ.get("STUDIOS_BENCH_ROUNDS", "3"))
# (name, studios like the 100's, studios elsewhere): see the module's docstring
DATASETS = (("10k world", 10_000, 0), ("10k grown", 100, 9_900), ("100", 100, 0))
BASE = "100"
GROWN = "10k grown"
TARGETS = {"gateway vs direct": 0.8, "10k vs 100": 0.8}

# A city at street level (New York's five boroughs) and a continent (the events bench's Europe).
CITY_VIEW = "nw=40.95,-74.3&ne=40.95,-73.65&se=40.5,-73.65&sw=40.5,-74.3"
CONTINENT_VIEW = "nw=71,-25&ne=71,45&se=35,45&sw=35,-25"
VIEWS = ((40.5, 40.95, -74.3, -73.65), (35.0, 71.0, -25.0, 45.0))  # south, north, west, east of the two above
PATHS = {
    "map city": f"/api/studios-map?pp=100&{CITY_VIEW}",
    "map continent": f"/api/studios-map?pp=100&{CONTINENT_VIEW}",
}
CORNERS = ("nw", "ne", "se", "sw")
# The 100's studios: half at the cities of each view, so both answers hold some (the world's spread would leave
# New York's view empty at 100).
IN_VIEWS = 100


def inside(city: dict[str, Any], view: tuple[float, float, float, float], margin: float = 0.0) -> bool:
    """`margin` widens the view: a studio lies up to 0.02 degrees from its city, so one "outside" must stay out."""
    south, north, west, east = view
    return south - margin <= city["latitude"] <= north + margin and west - margin <= city["longitude"] <= east + margin


def studio_rows(count: int, places: list[dict[str, Any]], rng: random.Random, first: int) -> list[tuple[Any, ...]]:
    rows = []
    for n in range(first, first + count):
        city = rng.choice(places)
        # a studio somewhere in its city (within ~2 km), not all on one point
        lat = city["latitude"] + rng.uniform(-0.02, 0.02)
        lng = city["longitude"] + rng.uniform(-0.02, 0.02)
        rows.append((f"Studio {n} {city['name']}"[:100], "published", f"bench-{n % 64:02d}", city["name"], lat, lng))
    return rows


def dataset_rows(like: int, elsewhere: int, places: list[dict[str, Any]]) -> list[tuple[Any, ...]]:
    """`like` studios as the 100's (the 100's own when like is 100: the same seed), `elsewhere` outside both views."""
    rng = random.Random(14)
    if like == IN_VIEWS:
        city, continent = ([c for c in places if inside(c, view)] for view in VIEWS)
        rows = studio_rows(like // 2, city, rng, 0) + studio_rows(like - like // 2, continent, rng, like // 2)
    else:
        rows = studio_rows(like, places, rng, 0)
    outside = [c for c in places if not any(inside(c, view, margin=0.1) for view in VIEWS)]
    return rows + studio_rows(elsewhere, outside, random.Random(41), 10**6)


COLUMNS = ["name", "status", "image", "location_address", "lat", "lng"]


def measure(services: dict[str, str]) -> dict[str, dict[str, Load]]:
    urls = direct_and_gateway(services, "studios", PATHS)
    check_answers(urls)
    for name, pair in urls.items():
        print(f"  {name}: {len(httpx.get(pair['direct'], timeout=30).json()['items'])} studios in the answer")
    return median_loads(urls, ROUNDS, SECONDS) if ROUNDS else {}


async def explain(url: str) -> dict[str, str]:
    """The plan of each read as the service runs it: the router's statement and parameters."""
    from kit.places import bounds
    from kit.places.sql import box_params
    from studios.studios.repository import map_query

    statements = {}
    for name, path in PATHS.items():
        pairs = (part.split("=") for part in path.split("?", 1)[1].split("&"))
        corners: dict[str, str | None] = {key: value for key, value in pairs if key in CORNERS}
        found = bounds.boxes(corners)
        middle = bounds.centre(found)
        assert found is not None and middle is not None
        query = map_query(len(found), True, False)
        params = box_params(found) | {"near_lat": middle.lat, "near_lng": middle.lng, "limit": 100, "offset": 0}
        statements[name] = (query.sql, ", ".join(repr(value) for value in query.arguments(params)))
    return await explain_all(url, statements)


def run() -> dict[str, Any]:
    service_package("studios")
    return with_bench_postgres(_run)


def _run(pg: EmbeddedPostgres) -> dict[str, Any]:
    places = world_cities()
    sizes = {name: (like, elsewhere) for name, like, elsewhere in DATASETS}

    def seed(name: str, database: str) -> None:
        like, elsewhere = sizes[name]
        print(f"seeding {name}: {like:,} studios, {elsewhere:,} outside the views", flush=True)
        asyncio.run(copy_rows(database, "studio", COLUMNS, dataset_rows(like, elsewhere, places)))

    results, plans = measure_datasets(
        pg, "studios", list(sizes), seed, lambda url: asyncio.run(explain(url)), measure, GROWN
    )
    if not ROUNDS:
        return {"plans": plans}
    return report(results, plans)


def report(results: dict[str, dict[str, dict[str, Load]]], plans: dict[str, str]) -> dict[str, Any]:
    targets = (TARGETS["gateway vs direct"], TARGETS["10k vs 100"])
    return growth_report(results, plans, noun="studios", base=BASE, grown=GROWN, targets=targets, gateway_on_base=True)


if __name__ == "__main__":
    run()
