"""Battles under a rush, on PROCESSES battles processes (1; more spread the requests over them as a Service does,
though on this 2-core machine a second process only takes CPU from the first): DANCERS dancers registering at once
for a battle with a registration cap of CAP (exactly CAP compete, the rest wait in arrival order, nobody twice),
with GETs of the battle by a guest, two dancers and the organizer measured meanwhile (from a process of their own,
meanwhile.py); then STEADY dancers
registering within STEADY_SECONDS for another battle; then CREWS crews of 3 registering and their invitees
accepting at once (every crew complete, no dancer in two crews); then Add to bracket on a battle of SEEDED dancers
with four judges' prelim points, into a Top 32 (the best 32 in its first round; docs/decisions.md, "Byes are
decided in every round"). Straight to the service (the gateway's cost is
the read bench's); every request as its own user. Each target (docs/decisions.md, "Battles under a rush,
measured") is printed met or missed.

`uv run python deploy/bench/run.py battles` runs this alone; BATTLES_BENCH_DANCERS, BATTLES_BENCH_CAP,
BATTLES_BENCH_CREWS, BATTLES_BENCH_STEADY, BATTLES_BENCH_STEADY_SECONDS, BATTLES_BENCH_SEEDED and
BATTLES_BENCH_PROCESSES shrink a trial run."""

from __future__ import annotations

import asyncio
import dataclasses
import json
import os
import statistics
import sys
import time
from asyncio.subprocess import PIPE
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import aiohttp
import asyncpg
from common import (
    cpu_seconds,
    free_port,
    fresh_database,
    processes,
    service_package,
    service_pids,
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
STEADY = int(os.environ.get("BATTLES_BENCH_STEADY", "1000"))
STEADY_SECONDS = float(os.environ.get("BATTLES_BENCH_STEADY_SECONDS", "60"))
PROCESSES = int(os.environ.get("BATTLES_BENCH_PROCESSES", "1"))
SEEDED = int(os.environ.get("BATTLES_BENCH_SEEDED", "1000"))  # prelim entries seeded into a Top 32
SEEDING_MS = 1000.0
JUDGES = (800, 801, 802, 803)  # warm-up dancers who judge the seeded battle's prelims
RUSH_P99_MS = 1000.0
READ_P99_MS = 150.0
HERE = Path(__file__).resolve().parent
STEADY_P99_MS = 500.0
ORGANIZER = 1
EVENT_ID = 1
FIRST_DANCER = 1000
VIEWERS = (900, 901)  # dancers with the battle page open, not registering
WARM_UP = tuple(range(800, 810))  # dancers who registered for another battle of the event before the rush


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
        rows += [(viewer, f"Viewer {viewer}", None, now) for viewer in VIEWERS + WARM_UP]
        await db.copy_records_to_table("profile", records=rows, columns=["id", "dancer_name", "avatar", "synced_at"])
    finally:
        await db.close()


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))]


@dataclasses.dataclass(frozen=True)
class Answer:
    status_code: int
    body: bytes

    @property
    def text(self) -> str:
        return self.body.decode()

    def json(self) -> Any:
        return json.loads(self.body)


class Spread:
    """One client per battles process; a request goes to the process its user falls on, as a Service spreads
    connections over the pods. aiohttp's: on this 2-core machine httpx's pool spent more CPU on 200 requests at
    once than the service answering them (docs/decisions.md, "Battles under a rush, measured")."""

    def __init__(self, bases: list[str], connections: int) -> None:
        self.base = bases[0]
        # idle connections expire before uvicorn's keep-alive (5 s) closes them under the client's feet
        self.clients = [
            aiohttp.ClientSession(
                base_url=b,
                connector=aiohttp.TCPConnector(limit=connections, keepalive_timeout=2),
                timeout=aiohttp.ClientTimeout(total=120),
            )
            for b in bases
        ]

    async def get(self, path: str) -> Answer:
        """As a guest, from the first process."""
        async with self.clients[0].get(path) as response:
            return Answer(response.status, await response.read())

    async def request(self, method: str, path: str, user: int | None, **kw: Any) -> Answer:
        client = self.clients[(user or 0) % len(self.clients)]
        headers = as_user(user) if user is not None else {}
        async with client.request(method, path, headers=headers, **kw) as response:
            return Answer(response.status, await response.read())

    async def close(self) -> None:
        for client in self.clients:
            await client.close()


async def timed(client: Spread, method: str, path: str, user: int, **kw: Any) -> tuple[float, Answer]:
    start = time.perf_counter()
    response = await client.request(method, path, user, **kw)
    return (time.perf_counter() - start) * 1000, response


def summary(name: str, latencies: list[float], seconds: float) -> tuple[str, ...]:
    return (
        name,
        f"{len(latencies)}",
        f"{len(latencies) / seconds:,.0f}",
        f"{statistics.median(latencies):.1f}",
        f"{percentile(latencies, 0.99):.1f}",
    )


async def capped_battle(client: Spread, title: str, **fields: Any) -> int:
    battle = (await client.request("POST", f"/api/events/{EVENT_ID}/add-battle", ORGANIZER)).json()["id"]
    body = {"title": title, "participationCapType": "registration", "limit": CAP} | fields
    saved = await client.request("PUT", f"/api/battles/{battle}", ORGANIZER, json=body)
    assert saved.status_code == 200, saved.text
    return int(battle)


async def arrival_order(database: str, battle: int) -> list[int]:
    """The dancers in the order the service took them (the entries' arrival numbers)."""
    db = await asyncpg.connect(asyncpg_dsn(database))
    try:
        rows = await db.fetch("SELECT user_id FROM entry WHERE battle_id = $1 ORDER BY seq", battle)
    finally:
        await db.close()
    return [r["user_id"] for r in rows]


async def check_standing(client: Spread, database: str, battle: int, dancers: list[int]) -> None:
    """Exactly CAP compete: the first CAP to arrive; the rest wait in arrival order; nobody twice or missing."""
    page = (await client.request("GET", f"/api/battles/{battle}", ORGANIZER)).json()
    competing = [p["id"] for p in page["participants"]]
    waiting = [p["id"] for p in page["waitList"]]
    assert len(competing) == min(CAP, len(dancers)), (len(competing), len(waiting))
    assert sorted(competing + waiting) == sorted(dancers), "a dancer twice or missing"
    arrived = await arrival_order(database, battle)
    assert sorted(competing) == sorted(arrived[:CAP]), "a later dancer competes before an earlier one"
    assert waiting == arrived[CAP:], "the wait list is not in arrival order"


async def rush(bases: list[str], database: str, pids: dict[str, int]) -> dict[str, Any]:
    client = Spread(bases, DANCERS + 50)
    try:
        return await _rush(client, database, pids)
    finally:
        await client.close()


def judged(rank: int) -> list[float]:
    """The four judges' points for the dancer of this rank (from 0): the first 40 have averages all different
    (the cut of 32 is never shared, which would block the bracket), the rest share a low one."""
    units = 80 - rank if rank < 40 else 8  # half points over the four judges
    whole, left = divmod(units, len(JUDGES))
    return [(whole + (1 if j < left else 0)) / 2 for j in range(len(JUDGES))]


async def seeding(client: Spread) -> float:
    """Add to bracket on a battle of SEEDED dancers with four judges' prelim points: the milliseconds it takes."""
    battle = (await client.request("POST", f"/api/events/{EVENT_ID}/add-battle", ORGANIZER)).json()["id"]
    body = {"title": "Seeded", "style": "bracket", "bracketSize": 32}
    assert (await client.request("PUT", f"/api/battles/{battle}", ORGANIZER, json=body)).status_code == 200
    dancers = [FIRST_DANCER + DANCERS + n for n in range(SEEDED)]
    for start in range(0, SEEDED, 200):
        chunk = {"userIds": dancers[start : start + 200]}
        done = await client.request("POST", f"/api/admin/battles/{battle}/register", ORGANIZER, json=chunk)
        assert done.status_code == 200, done.text
    for judge in JUDGES:
        role = {"userId": judge, "role": "judge"}
        assert (await client.request("POST", f"/api/battles/{battle}/role", ORGANIZER, json=role)).status_code == 200
    for j, judge in enumerate(JUDGES):
        points = [{"userId": d, "points": judged(rank)[j]} for rank, d in enumerate(dancers)]
        scored = await client.request("POST", f"/api/battles/{battle}/prelims", judge, json=points)
        assert scored.status_code == 200, scored.text
    assert (await client.request("POST", f"/api/battles/{battle}/reshuffle", ORGANIZER)).status_code == 200
    took, finished = await timed(client, "POST", f"/api/battles/{battle}/prelims/finish", ORGANIZER)
    assert finished.status_code == 200, finished.text
    found = (await client.request("GET", f"/api/battles/{battle}/brackets", ORGANIZER)).json()
    opening = found["left"][0] + found["right"][0]
    first = {side["id"] for sparring in opening for side in (sparring["red"], sparring["blue"])}
    assert first == set(dancers[: min(32, SEEDED)]), "the bracket is not the best 32"
    print(f"Add to bracket with {SEEDED} prelim entries (4 judges) into a Top 32: {took:,.0f} ms")
    return took


async def warm_up(client: Spread) -> None:
    """A service is warm when registration opens (it has served the event's pages for weeks): its statements are
    compiled and prepared before the rush, as they would be."""
    battle = await capped_battle(client, "Warm-up")
    for dancer in WARM_UP:
        assert (await client.request("POST", f"/api/battles/{battle}/dancer", dancer)).status_code == 200
        assert (await client.request("GET", f"/api/battles/{battle}", dancer)).status_code == 200
        assert (await client.get(f"/api/battles/{battle}")).status_code == 200
    assert (await client.request("GET", f"/api/battles/{battle}", ORGANIZER)).status_code == 200


async def _rush(client: Spread, database: str, pids: dict[str, int]) -> dict[str, Any]:
    await warm_up(client)
    battle = await capped_battle(client, "Rush")
    dancers = [FIRST_DANCER + n for n in range(DANCERS)]
    # The dancers waiting for registration to open have the battle page open: a quarter of them read it at once
    # before the rush (what a process serving them holds then: its connections, its kept body).
    waiting = await asyncio.gather(*(client.request("GET", f"/api/battles/{battle}", d) for d in dancers[::4]))
    assert {r.status_code for r in waiting} == {200}
    # The battle page open meanwhile (a guest, a signed-in dancer, the organizer: its admin, a body of its own,
    # never shared), read from another process as other people's phones would (meanwhile.py).
    viewers = {"guest": {}, "dancer-1": as_user(VIEWERS[0]), "dancer-2": as_user(VIEWERS[1])}
    spec = {
        "base": client.base,
        "path": f"/api/battles/{battle}",
        "readers": {**viewers, "organizer": as_user(ORGANIZER)},
    }
    meanwhile = await asyncio.create_subprocess_exec(
        sys.executable, str(HERE / "meanwhile.py"), json.dumps(spec), stdin=PIPE, stdout=PIPE
    )
    assert meanwhile.stdin is not None and meanwhile.stdout is not None
    assert (await meanwhile.stdout.readline()).strip() == b"ready"

    cpu_before = cpu_seconds(pids)
    start = time.perf_counter()
    answers = await asyncio.gather(*(timed(client, "POST", f"/api/battles/{battle}/dancer", d) for d in dancers))
    seconds = time.perf_counter() - start
    meanwhile.stdin.close()
    read = json.loads(await meanwhile.stdout.read())
    assert await meanwhile.wait() == 0
    reads = {"viewers": [t for name in viewers for t in read[name]], "organizer": read["organizer"]}
    failed = [r.text for _, r in answers if r.status_code != 200]
    assert not failed, failed[:3]
    cpu = {name: seconds - cpu_before[name] for name, seconds in cpu_seconds(pids).items()}
    await check_standing(client, database, battle, dancers)

    # A steady stream: STEADY dancers within STEADY_SECONDS, each at its own moment of the minute.
    steady_battle = await capped_battle(client, "Steady")
    crowd = [FIRST_DANCER + DANCERS + n for n in range(STEADY)]

    async def arrive(n: int, dancer: int) -> tuple[float, Answer]:
        await asyncio.sleep(n * STEADY_SECONDS / max(1, STEADY))
        return await timed(client, "POST", f"/api/battles/{steady_battle}/dancer", dancer)

    start_steady = time.perf_counter()
    steady = await asyncio.gather(*(arrive(n, d) for n, d in enumerate(crowd)))
    steady_seconds = time.perf_counter() - start_steady
    assert all(r.status_code == 200 for _, r in steady), [r.text for _, r in steady if r.status_code != 200][:3]
    await check_standing(client, database, steady_battle, crowd)

    # Crews of 3: the captains register at once, then their invitees accept at once.
    crew_battle = (await client.request("POST", f"/api/events/{EVENT_ID}/add-battle", ORGANIZER)).json()["id"]
    saved = await client.request(
        "PUT", f"/api/battles/{crew_battle}", ORGANIZER, json={"title": "Crews", "crewSize": 3}
    )
    assert saved.status_code == 200
    people = [FIRST_DANCER + DANCERS + STEADY + n for n in range(3 * CREWS)]
    crews = [people[3 * n : 3 * n + 3] for n in range(CREWS)]
    start_crews = time.perf_counter()
    made = await asyncio.gather(
        *(
            timed(client, "POST", f"/api/crews/{crew_battle}", c[0], json={"name": f"Crew {c[0]}", "userIds": c[1:]})
            for c in crews
        )
    )
    crew_seconds = time.perf_counter() - start_crews
    assert all(r.status_code == 201 for _, r in made), [r.text for _, r in made if r.status_code != 201][:3]
    page = (await client.request("GET", f"/api/battles/{crew_battle}", ORGANIZER)).json()
    crew_of = {p["id"]: c["id"] for c in page["crews"] for p in c["participants"]}
    start_accepts = time.perf_counter()
    accepted = await asyncio.gather(
        *(timed(client, "POST", f"/api/crews/{crew_battle}/{crew_of[u]}/accept", u) for c in crews for u in c[1:])
    )
    accept_seconds = time.perf_counter() - start_accepts
    assert all(r.status_code == 200 for _, r in accepted), [r.text for _, r in accepted if r.status_code != 200][:3]
    page = (await client.request("GET", f"/api/battles/{crew_battle}", ORGANIZER)).json()
    members = [p["id"] for c in page["crews"] for p in c["participants"] if p["confirmed"]]
    assert len(page["crews"]) == CREWS and all(
        len(c["participants"]) == 3 and all(p["confirmed"] for p in c["participants"]) for c in page["crews"]
    ), "a crew incomplete"
    assert len(members) == len(set(members)) == 3 * CREWS, "a dancer in two crews"

    seeding_ms = await seeding(client)

    rows = [
        summary(f"register ({DANCERS} at once, cap {CAP})", [t for t, _ in answers], seconds),
        summary("GET the battle meanwhile (a guest, 2 dancers)", reads["viewers"], seconds),
        summary("GET the battle meanwhile (the organizer)", reads["organizer"], seconds),
        summary(f"register ({STEADY} within {STEADY_SECONDS:.0f} s)", [t for t, _ in steady], steady_seconds),
        summary(f"register a crew ({CREWS} at once)", [t for t, _ in made], crew_seconds),
        summary(f"accept an invitation ({2 * CREWS} at once)", [t for t, _ in accepted], accept_seconds),
    ]
    print(table(rows, ("battles", "requests", "requests/s", "p50 ms", "p99 ms")))
    print(f"\n{PROCESSES} battles processes. {CAP} competing, the first to arrive; the rest waiting in arrival order;")
    print(f"nobody twice (both capped battles); {CREWS} crews of 3 complete.")
    spent = ", ".join(f"{name} {seconds:.2f} s" for name, seconds in cpu.items())
    print(f"CPU during the rush of {DANCERS}: {spent} (this machine: 2 cores, the bench's client on them too)\n")
    targets = [
        (f"a registration's p99, {DANCERS} at once", percentile([t for t, _ in answers], 0.99), RUSH_P99_MS),
        ("a battle GET's p99 meanwhile (a guest, 2 dancers)", percentile(reads["viewers"], 0.99), READ_P99_MS),
        ("a battle GET's p99 meanwhile (the organizer)", percentile(reads["organizer"], 0.99), READ_P99_MS),
        (
            f"a registration's p99, {STEADY} within {STEADY_SECONDS:.0f} s",
            percentile([t for t, _ in steady], 0.99),
            STEADY_P99_MS,
        ),
    ]
    targets.append((f"Add to bracket: {SEEDED} prelim entries seeded into a Top 32", seeding_ms, SEEDING_MS))
    for what, value, target in targets:
        print(f"{what}: {value:,.0f} ms (target {target:,.0f}): {'met' if value <= target else 'missed'}")
    print(f"exactly {CAP} compete, the wait list in arrival order, nobody twice: met")
    return {row[0]: {"requests": row[1], "rps": row[2], "p50_ms": row[3], "p99_ms": row[4]} for row in rows}


def run() -> dict[str, Any]:
    service_package("battles")
    return with_bench_postgres(_run)


def _run(pg: EmbeddedPostgres) -> dict[str, Any]:
    server = pg.url().rsplit("/", 1)[0]
    with processes() as group:
        nats = start_nats(group, "battles")
        database = asyncio.run(fresh_database(server, "bench_battles", "battles"))
        asyncio.run(seed(database, max(DANCERS + STEADY + 3 * CREWS, DANCERS + SEEDED)))
        bases = []
        for n in range(PROCESSES):
            port = free_port()
            settings = {
                "BATTLES_DATABASE_URL": database,
                "NATS_URL": nats,
                "BATTLES_IDENTITY_URL": "http://127.0.0.1:9",
            }
            group.uvicorn(f"battles-{n + 1}", "battles.app:create_app", port, settings)
            bases.append(f"http://127.0.0.1:{port}")
        for base in bases:
            wait_ready(f"{base}/readyz")
        pids = service_pids(group, tuple(f"battles-{n + 1}" for n in range(PROCESSES)))
        return asyncio.run(rush(bases, database, pids))


if __name__ == "__main__":
    run()
