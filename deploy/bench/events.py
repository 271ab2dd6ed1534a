"""The events page's reads: the grid, a keyword search, the map (New York's view and Europe) and a
calendar month (each day's first 4 and total, as the grid reads it; "calendar list": the month's events in one
page of 999, as the grid read them before), on 100,000 published events over five years (centred on today) at
the world's cities, then on 1,000 the same way. Each read is measured directly and through the gateway, wrk with
32 connections, 5 s a run, the median of 3 rounds over every read.

Targets: through the gateway >= 0.8 of direct for each read; each read's throughput at 100,000 events >= 0.8 of
its throughput at 1,000 (its cost does not grow with the table). Two tables of 100,000 are measured against the
1,000: "100k world" spreads them like the 1,000 (uniform over cities and five years), so a map view or a month
holds about 100 times the events of the 1,000's and the answer grows with them (the map's counts, a month's
totals and items); "100k history" is the 1,000 events themselves plus 99,000 past events (before this month, at
cities outside both map views): the table of a platform with years behind it, where each read's answer is the
1,000's and only the table has grown. The growth target is checked on "100k history" (the table's size alone);
"100k world" shows what denser views cost. The EXPLAIN (ANALYZE, BUFFERS) of each read at
100,000 is printed as the service runs it: a prepared statement after 6 executions (PostgreSQL's plan cache then
picks its generic plan or keeps custom ones, as it does for kit.rows).
`uv run python deploy/bench/run.py events` runs this alone."""

from __future__ import annotations

import asyncio
import datetime as dt
import random
from typing import Any
from zoneinfo import ZoneInfo

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

SECONDS = 5
ROUNDS = 3
# (name, events like the 1,000's, past events elsewhere): see the module's docstring
DATASETS = (("100k world", 100_000, 0), ("100k history", 1_000, 99_000), ("1k", 1_000, 0))
BASE = "1k"
GROWN = "100k history"
YEARS = 5
TARGETS = {"gateway vs direct": 0.8, "100k vs 1k": 0.8}

# Titles: a kind of event and a flavour, with the city's name ("Winter Battle Lagos"): "battle" is one kind in 12.
KINDS = ["Battle", "Jam", "Session", "Cypher", "Showdown", "Clash", "Throwdown", "Open", "Festival", "Workshop"]
KINDS += ["Championship", "Party"]
FLAVOURS = ["Winter", "Summer", "Spring", "Autumn", "Street", "Underground", "Summit", "Floor", "Power", "Funk"]
FLAVOURS += ["Soul", "Urban", "Golden", "Breaking", "Legends", "Rising", "Groove", "Kings", "Queens", "Freestyle"]
KEYWORD = "battle"

# The map's first view: New York at zoom 5 on a 1280 x 800 screen (seed: "Initial centre is New York ... zoom 5").
NEW_YORK_VIEW = "nw=51.5,-102&ne=51.5,-46&se=27.5,-46&sw=27.5,-102"
EUROPE_VIEW = "nw=71,-25&ne=71,45&se=35,45&sw=35,-25"
VIEWS = ((27.5, 51.5, -102.0, -46.0), (35.0, 71.0, -25.0, 45.0))  # south, north, west, east of the two above


def outside_views(city: dict[str, Any]) -> bool:
    lat, lng = city["latitude"], city["longitude"]
    return not any(south <= lat <= north and west <= lng <= east for south, north, west, east in VIEWS)


def queries(today: dt.date) -> dict[str, str]:
    from events.listing.rules import CALENDAR_PER_DAY  # after service_package, as in statements

    first = today.replace(day=1)
    last = (first + dt.timedelta(days=32)).replace(day=1) - dt.timedelta(days=1)
    return {
        "grid": "/api/events?t=future&s=date-asc&pp=50",
        "keyword": f"/api/events?t=future&s=date-asc&pp=50&k={KEYWORD}",
        "map new york": f"/api/events-map?t=now&{NEW_YORK_VIEW}",
        "map europe": f"/api/events-map?t=future&{EUROPE_VIEW}",
        "calendar month": f"/api/events/calendar?start={first}&end={last}&perDay={CALENDAR_PER_DAY}",
        # the list a day's '+N' reads, here for a whole month: what the grid read before /api/events/calendar
        "calendar list": f"/api/events?start={first}&end={last}&pp=999",
    }


def event_rows(count: int, now: dt.datetime, places: list[dict[str, Any]]) -> list[tuple[Any, ...]]:
    """Published events, uniform over the cities and over five years centred on now; starts on the half hour
    between 10:00 and 22:00 local, 2 to 8 hours long, one in ten over two or three days."""
    rng = random.Random(12)
    span = YEARS * 365 * 24 * 2  # half hours
    return _rows(rng, count, places, lambda: now + dt.timedelta(minutes=30 * (rng.randrange(span) - span // 2)))


def past_rows(count: int, now: dt.datetime, places: list[dict[str, Any]]) -> list[tuple[Any, ...]]:
    """Events of the years before this month (ending a week before it, whatever their zone and length) at cities
    outside both map views: none of them is in any measured read's answer."""
    rng = random.Random(34)
    elsewhere = [city for city in places if outside_views(city)]
    month = now.replace(day=1, hour=0, minute=0, second=0, microsecond=0) - dt.timedelta(days=10)
    span = YEARS * 365 * 24 * 2
    return _rows(rng, count, elsewhere, lambda: month - dt.timedelta(minutes=30 * rng.randrange(span)), first=10**6)


def _rows(
    rng: random.Random, count: int, places: list[dict[str, Any]], moment_of: Any, first: int = 0
) -> list[tuple[Any, ...]]:
    rows = []
    zones: dict[str, ZoneInfo] = {}
    for n in range(first, first + count):
        city = rng.choice(places)
        zone = zones.setdefault(city["timezone"], ZoneInfo(city["timezone"]))
        moment = moment_of().astimezone(zone)
        local_start = moment.replace(hour=rng.randint(10, 21), minute=rng.choice((0, 30)), tzinfo=None)
        hours = rng.randint(2, 8) if rng.random() > 0.1 else rng.randint(26, 60)
        local_end = local_start + dt.timedelta(hours=hours)
        title = f"{rng.choice(FLAVOURS)} {rng.choice(KINDS)} {city['name']}"
        rows.append(
            (
                None,
                1 + n % 500,
                "published",
                title[:150],
                f"bench-{n % 64:02d}",
                f"{city['name']}, {city['countrycode']}",
                city["latitude"],
                city["longitude"],
                city["timezone"],
                local_start,
                local_end,
                local_start.replace(tzinfo=zone).astimezone(dt.UTC),
                local_end.replace(tzinfo=zone).astimezone(dt.UTC),
            )
        )
    return rows


COLUMNS = [
    "org_id",
    "organizer_id",
    "status",
    "title",
    "image",
    "location_address",
    "lat",
    "lng",
    "time_zone",
    "local_start",
    "local_end",
    "starts_at",
    "ends_at",
]


def answer_size(body: Any) -> int:
    """Events in an answer: a list, the map's `events`, or the calendar's days (`total` each)."""
    if isinstance(body, list):
        return len(body)
    if "days" in body:
        return sum(day["total"] for day in body["days"])
    return len(body["events"])


def measure(services: dict[str, str], paths: dict[str, str]) -> dict[str, dict[str, Load]]:
    urls = direct_and_gateway(services, "events", paths)
    check_answers(urls)
    for name, pair in urls.items():
        body = httpx.get(pair["direct"], timeout=30).json()
        print(f"  {name}: {answer_size(body)} events in the answer", flush=True)
    return median_loads(urls, ROUNDS, SECONDS)


def _literal(value: Any) -> str:
    if value is None:
        return "NULL"
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int | float):
        return repr(value)
    if isinstance(value, dt.datetime):
        return f"'{value.isoformat()}'"
    if isinstance(value, list):
        return "ARRAY[" + ", ".join(_literal(v) for v in value) + "]"
    return "'" + str(value).replace("'", "''") + "'"


def statements(today: dt.date) -> dict[str, tuple[Any, dict[str, Any]]]:
    """The statements and parameters the service sends for each read (as its router builds them)."""
    from events.listing import repository
    from events.listing import rules as listing
    from kit.places import bounds

    first = today.replace(day=1)
    last = (first + dt.timedelta(days=32)).replace(day=1) - dt.timedelta(days=1)
    days = listing.local_range(str(first), str(last))
    assert days is not None
    nobody = {"caller_id": None, "platform_admin": False}

    def boxes(view: str) -> dict[str, Any]:
        corners = dict(part.split("=") for part in view.split("&"))
        found = bounds.boxes(corners)
        assert found is not None
        return {
            key: value
            for n, box in enumerate(found)
            for key, value in {f"w{n}": box.west, f"s{n}": box.south, f"e{n}": box.east, f"n{n}": box.north}.items()
        }

    return {
        "grid": (
            repository.page_query("future", listing.Sort.DATE_ASC, False, False),
            nobody | {"limit": 50, "offset": 0},
        ),
        "keyword": (
            repository.page_query("future", listing.Sort.DATE_ASC, False, False, keyword=True),
            nobody | {"limit": 50, "offset": 0, "keyword": listing.keyword_query(KEYWORD)},
        ),
        "map new york": (repository.map_query("now", listing.Sort.DATE_ASC, 1, False, False), boxes(NEW_YORK_VIEW)),
        "map europe": (repository.map_query("future", listing.Sort.DATE_ASC, 1, False, False), boxes(EUROPE_VIEW)),
        "calendar month": (
            repository.calendar_query(False, False),
            {"from": days.start, "last": days.end - dt.timedelta(days=1), "per_day": listing.CALENDAR_PER_DAY},
        ),
        "calendar list": (
            repository.page_query(None, listing.Sort.DATE_ASC, False, False, dates=True),
            nobody | {"limit": 999, "offset": 0, "from": days.start, "to": days.end},
        ),
    }


async def explain(url: str, today: dt.date) -> dict[str, str]:
    return await explain_all(
        url,
        {
            name: (query.sql, ", ".join(_literal(value) for value in query.arguments(params)))
            for name, (query, params) in statements(today).items()
        },
    )


def run() -> dict[str, Any]:
    service_package("events")
    return with_bench_postgres(_run)


def _run(pg: EmbeddedPostgres) -> dict[str, Any]:
    now = dt.datetime.now(dt.UTC)
    today = now.date()
    paths = queries(today)
    places = world_cities(zoned=True)
    sizes = {name: (like, past) for name, like, past in DATASETS}

    def seed(name: str, database: str) -> None:
        like, past = sizes[name]
        print(f"seeding {name}: {like:,} events at {len(places):,} cities, {past:,} past elsewhere", flush=True)
        rows = event_rows(like, now, places) + past_rows(past, now, places)
        asyncio.run(copy_rows(database, "event", COLUMNS, rows))

    results, plans = measure_datasets(
        pg,
        "events",
        list(sizes),
        seed,
        lambda url: asyncio.run(explain(url, today)),
        lambda urls: measure(urls, paths),
        GROWN,
    )
    return report(results, plans)


def report(results: dict[str, dict[str, dict[str, Load]]], plans: dict[str, str]) -> dict[str, Any]:
    targets = (TARGETS["gateway vs direct"], TARGETS["100k vs 1k"])
    return growth_report(results, plans, noun="events", base=BASE, grown=GROWN, targets=targets, gateway_on_base=False)


if __name__ == "__main__":
    run()
