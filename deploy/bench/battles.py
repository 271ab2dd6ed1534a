"""Battles under a rush: DANCERS dancers registering at once for a battle with a registration cap of CAP
(exactly CAP compete, the rest wait in arrival order, nobody twice), with a GET of the battle measured in the same
run; then CREWS crews of 3 registering and their invitees accepting at once (every crew complete, no dancer in two
crews). Straight to the service (the gateway's cost is the read bench's); every request as its own user.

`uv run python deploy/bench/run.py battles` runs this alone; BATTLES_BENCH_DANCERS, BATTLES_BENCH_CAP and
BATTLES_BENCH_CREWS shrink a trial run."""

from __future__ import annotations

import asyncio
import os
import statistics
import time
from datetime import UTC, datetime, timedelta
from typing import Any

import asyncpg
import httpx
from common import (
    free_port,
    fresh_database,
    processes,
    service_package,
    start_nats,
    table,
    wait_ready,
    with_bench_postgres,
)

from kit.db import asyncpg_dsn
from kit.local import EmbeddedPostgres
from kit.principal import PRINCIPAL_HEADER, Principal, encode_principal
from kit.settings import DEV_INTERNAL_SECRET

DANCERS = int(os.environ.get("BATTLES_BENCH_DANCERS", "200"))
CAP = int(os.environ.get("BATTLES_BENCH_CAP", "32"))
CREWS = int(os.environ.get("BATTLES_BENCH_CREWS", "50"))
ORGANIZER = 1
EVENT_ID = 1
FIRST_DANCER = 1000


def as_user(user_id: int) -> dict[str, str]:
    principal = Principal(account_id=user_id, profile_id=user_id, profile_ids=(user_id,))
    return {PRINCIPAL_HEADER: encode_principal(principal, DEV_INTERNAL_SECRET, ttl_seconds=600)}


async def seed(url: str, users: int) -> None:
    db = await asyncpg.connect(asyncpg_dsn(url))
    now = datetime.now(UTC)
    try:
        await db.execute(
            "INSERT INTO event_view (id, org_id, organizer_id, title, starts_at, ends_at, time_zone, status, deleted,"
            " changed_at) VALUES ($1, NULL, $2, 'Bench Jam', $3, $4, 'UTC', 'published', false, $5)",
            EVENT_ID,
            ORGANIZER,
            now + timedelta(days=3),
            now + timedelta(days=3, hours=5),
            now,
        )
        rows = [(FIRST_DANCER + n, f"Dancer {n}", None, now) for n in range(users)]
        await db.copy_records_to_table("profile", records=rows, columns=["id", "dancer_name", "avatar", "synced_at"])
    finally:
        await db.close()


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))]


async def timed(
    client: httpx.AsyncClient, method: str, path: str, user: int, **kw: Any
) -> tuple[float, httpx.Response]:
    start = time.perf_counter()
    response = await client.request(method, path, headers=as_user(user), **kw)
    return (time.perf_counter() - start) * 1000, response


def summary(name: str, latencies: list[float], seconds: float) -> tuple[str, ...]:
    return (
        name,
        f"{len(latencies)}",
        f"{len(latencies) / seconds:,.0f}",
        f"{statistics.median(latencies):.1f}",
        f"{percentile(latencies, 0.99):.1f}",
    )


async def rush(base: str) -> dict[str, Any]:
    limits = httpx.Limits(max_connections=DANCERS + 50, max_keepalive_connections=DANCERS + 50)
    async with httpx.AsyncClient(base_url=base, timeout=120, limits=limits) as client:
        created = (await client.post(f"/api/events/{EVENT_ID}/add-battle", headers=as_user(ORGANIZER))).json()
        battle = created["id"]
        body = {"title": "Rush", "participationCapType": "registration", "limit": CAP}
        assert (await client.put(f"/api/battles/{battle}", json=body, headers=as_user(ORGANIZER))).status_code == 200

        dancers = [FIRST_DANCER + n for n in range(DANCERS)]
        reads: list[float] = []
        done = asyncio.Event()

        async def reader() -> None:
            while not done.is_set():
                took, response = await timed(client, "GET", f"/api/battles/{battle}", ORGANIZER)
                assert response.status_code == 200, response.text
                reads.append(took)

        start = time.perf_counter()
        readers = [asyncio.create_task(reader()) for _ in range(4)]
        answers = await asyncio.gather(*(timed(client, "POST", f"/api/battles/{battle}/dancer", d) for d in dancers))
        seconds = time.perf_counter() - start
        done.set()
        await asyncio.gather(*readers)
        failed = [r.text for _, r in answers if r.status_code != 200]
        assert not failed, failed[:3]
        page = (await client.get(f"/api/battles/{battle}", headers=as_user(ORGANIZER))).json()
        competing = [p["id"] for p in page["participants"]]
        waiting = [p["id"] for p in page["waitList"]]
        assert len(competing) == CAP and len(waiting) == DANCERS - CAP, (len(competing), len(waiting))
        assert sorted(competing + waiting) == dancers, "a dancer twice or missing"

        # Crews of 3: the captains register at once, then their invitees accept at once.
        crew_battle = (await client.post(f"/api/events/{EVENT_ID}/add-battle", headers=as_user(ORGANIZER))).json()["id"]
        saved = await client.put(
            f"/api/battles/{crew_battle}", json={"title": "Crews", "crewSize": 3}, headers=as_user(ORGANIZER)
        )
        assert saved.status_code == 200
        people = [FIRST_DANCER + DANCERS + n for n in range(3 * CREWS)]
        crews = [people[3 * n : 3 * n + 3] for n in range(CREWS)]
        start_crews = time.perf_counter()
        made = await asyncio.gather(
            *(
                timed(
                    client, "POST", f"/api/crews/{crew_battle}", c[0], json={"name": f"Crew {c[0]}", "userIds": c[1:]}
                )
                for c in crews
            )
        )
        crew_seconds = time.perf_counter() - start_crews
        assert all(r.status_code == 201 for _, r in made), [r.text for _, r in made if r.status_code != 201][:3]
        page = (await client.get(f"/api/battles/{crew_battle}", headers=as_user(ORGANIZER))).json()
        crew_of = {p["id"]: c["id"] for c in page["crews"] for p in c["participants"]}
        start_accepts = time.perf_counter()
        accepted = await asyncio.gather(
            *(timed(client, "POST", f"/api/crews/{crew_battle}/{crew_of[u]}/accept", u) for c in crews for u in c[1:])
        )
        accept_seconds = time.perf_counter() - start_accepts
        assert all(r.status_code == 200 for _, r in accepted), [r.text for _, r in accepted if r.status_code != 200][:3]
        page = (await client.get(f"/api/battles/{crew_battle}", headers=as_user(ORGANIZER))).json()
        members = [p["id"] for c in page["crews"] for p in c["participants"] if p["confirmed"]]
        assert len(page["crews"]) == CREWS and all(
            len(c["participants"]) == 3 and all(p["confirmed"] for p in c["participants"]) for c in page["crews"]
        ), "a crew incomplete"
        assert len(members) == len(set(members)) == 3 * CREWS, "a dancer in two crews"

    rows = [
        summary(f"register ({DANCERS} at once, cap {CAP})", [t for t, _ in answers], seconds),
        summary("GET the battle meanwhile (4 readers)", reads, seconds),
        summary(f"register a crew ({CREWS} at once)", [t for t, _ in made], crew_seconds),
        summary(f"accept an invitation ({2 * CREWS} at once)", [t for t, _ in accepted], accept_seconds),
    ]
    print(table(rows, ("battles", "requests", "requests/s", "p50 ms", "p99 ms")))
    print(f"\n{CAP} competing, {DANCERS - CAP} waiting in arrival order, nobody twice; {CREWS} crews of 3 complete.")
    return {row[0]: {"requests": row[1], "rps": row[2], "p50_ms": row[3], "p99_ms": row[4]} for row in rows}


def run() -> dict[str, Any]:
    service_package("battles")
    return with_bench_postgres(_run)


def _run(pg: EmbeddedPostgres) -> dict[str, Any]:
    server = pg.url().rsplit("/", 1)[0]
    with processes() as group:
        nats = start_nats(group, "battles")
        database = asyncio.run(fresh_database(server, "bench_battles", "battles"))
        asyncio.run(seed(database, DANCERS + 3 * CREWS))
        port = free_port()
        group.uvicorn(
            "battles",
            "battles.app:create_app",
            port,
            {"BATTLES_DATABASE_URL": database, "NATS_URL": nats, "BATTLES_IDENTITY_URL": "http://127.0.0.1:9"},
        )
        wait_ready(f"http://127.0.0.1:{port}/readyz")
        return asyncio.run(rush(f"http://127.0.0.1:{port}"))


if __name__ == "__main__":
    run()
