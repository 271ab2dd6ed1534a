"""The audience at arena scale, through ONE gateway process on identity, events and battles, then through two:
phones that behave as the web app does (docs/decisions.md, Reads a crowd shares), while three judges score
prelims and three others judge a sparring.

- Each phone opens the live feed on its own connection (`battle:<id>` for the battle page's prelims tab, or
  `sparring:<id>` for the phones on the sparring page: SPARRING_SHARE of them), reads what the page shows once on
  another connection (the battle and its prelims, or the sparring), keeping each ETag, and on every message
  applies it when it carries the data, as the web app's rules do (`livePrelims`, `liveSparring`: a prelims score
  or a sparring score/vote with the next version), or re-reads with `If-None-Match` otherwise. When its stream
  ends, it waits the `retry:` the server sent (1-5 s jitter after a failure), reconnects to the next gateway
  process with `Last-Event-ID` (its reads go there too), applies the replayed messages, and re-reads on `ready`
  only when the gateway says it was not resumed, as web/src/lib/live-connection.ts does.
- Load: three judges each scoring the prelims of one battle once a second, three judges each scoring the final
  sparring of another battle once a second (signed in, through the first gateway process).
- Per step of phones: score-to-phone-updated p50/p99 (from the judge's request start until the phone's copy has
  that version, the re-read included when there is one), the reads the live updates cause (per second, per phone
  per minute), their 304 share, the CPU seconds of the gateway, battles and PostgreSQL, missing updates (a
  version the phone's copy never reached) and messages lost (a version no message brought it).
- Two gateway processes (what a second replica is): TWO_PHONES phones split evenly over two, the same figures;
  then the failover: FAILOVER_SECONDS more of judging, the second process stopped with SIGTERM STOP_AFTER into it
  (it ends each stream with a jittered `retry:`, gateway/src/gateway/live.py). For the phones it held: the time
  from the stop until each is ready on the other process with a copy at least at the newest version written
  before the stop (p50/p99/max), and, for every phone, missing updates and messages lost.

The phones are raw asyncio connections in WORKERS subprocesses (`audience.py --worker`), as in live.py.
`uv run python deploy/bench/run.py audience` runs this alone; AUDIENCE_BENCH_PHONES (`200`, `100,300`),
AUDIENCE_BENCH_TWO_PHONES (`300`; `0`: no two-process step) and AUDIENCE_BENCH_SECONDS shrink a trial run."""

from __future__ import annotations

import asyncio
import bisect
import contextlib
import json
import os
import random
import statistics
import sys
import time
from collections.abc import Callable
from typing import Any
from urllib.parse import urlsplit

from live import close_all, serve_commands, worker_or_bench

STEPS = sorted(int(n) for n in os.environ.get("AUDIENCE_BENCH_PHONES", "1000,3000,5000").split(","))
SECONDS = float(os.environ.get("AUDIENCE_BENCH_SECONDS", "30"))
SPARRING_SHARE = 0.2
# AUDIENCE_BENCH_REREAD=1: phones that apply nothing and re-read on every message (the web app before the
# messages carried the data): what the applied messages save
REREAD_ALL = os.environ.get("AUDIENCE_BENCH_REREAD") == "1"
WORKERS = 3
SETTLE_SECONDS = 3.0
TARGET_PHONES = 3000
P99_TARGET_MS = 250.0
READS_PER_PHONE_MINUTE_TARGET = 1.0
# the two-process step (0: none), then the failover: judging goes on while one of the two processes stops
TWO_PHONES = int(os.environ.get("AUDIENCE_BENCH_TWO_PHONES", "5000"))
TWO_TARGET_PHONES = 5000
TWO_P99_TARGET_MS = 500.0
FAILOVER_SECONDS = 12.0
STOP_AFTER = 3.0  # its phones come back after the gateway's `retry:`, 1-4 s (gateway/src/gateway/live.py)
BACK_TARGET_S = 5.0


# --- the phones (a worker process) ------------------------------------------------------------------------


class Connection:
    """One keep-alive HTTP/1.1 connection: GETs one after the other."""

    def __init__(self, host: str, port: int) -> None:
        self.host, self.port = host, port
        self.reader: asyncio.StreamReader | None = None
        self.writer: asyncio.StreamWriter | None = None

    async def get(self, path: str, etag: str | None) -> tuple[int, str | None, bytes]:
        if self.writer is None:
            self.reader, self.writer = await asyncio.open_connection(self.host, self.port)
        assert self.reader is not None
        extra = f"If-None-Match: {etag}\r\n" if etag else ""
        request = f"GET {path} HTTP/1.1\r\nHost: {self.host}\r\nAccept: application/json\r\n{extra}\r\n"
        self.writer.write(request.encode())
        head = (await self.reader.readuntil(b"\r\n\r\n")).decode("latin-1").split("\r\n")
        status = int(head[0].split()[1])
        headers = {k.strip().lower(): v.strip() for k, _, v in (line.partition(":") for line in head[1:] if line)}
        body = b""
        if "content-length" in headers:
            body = await self.reader.readexactly(int(headers["content-length"]))
        elif headers.get("transfer-encoding") == "chunked":
            while size := int((await self.reader.readline()).strip(), 16):
                body += await self.reader.readexactly(size)
                await self.reader.readline()
            await self.reader.readline()
        return status, headers.get("etag"), body

    def close(self) -> None:
        if self.writer is not None:
            self.writer.close()


class Phone:
    """One phone on the battle page's prelims tab (`kind` "battle") or on the sparring page ("sparring"), on the
    first of `gateways` ((host, port) each); when its stream ends it moves to the next one, as the web app
    reconnects (web/src/lib/live.ts): after the `retry:` the server sent (1-5 s jitter if none), with
    `Last-Event-ID`."""

    def __init__(self, gateways: list[tuple[str, int]], kind: str, target: int) -> None:
        self.gateways, self.at, self.kind, self.target = gateways, 0, kind, target
        self.topic = f"{kind}:{target}"
        self.paths = (
            [f"/api/battles/{target}", f"/api/battles/{target}/prelims"]
            if kind == "battle"
            else [f"/api/sparrings/{target}"]
        )
        self.http = Connection(*gateways[0])
        self.etags: dict[str, str | None] = {}
        self.version = 0
        self.rows = 0
        self.history: list[tuple[int, float]] = []  # (version shown, when): each time it rises
        self.heard: set[int] = set()  # every version a message carried (live or replayed)
        self.readies: list[float] = []  # when each stream's `ready` was followed by its read
        self.last_id = ""  # the last SSE id received: where a reconnect resumes
        self.reads = self.not_modified = self.applied = self.reconnects = 0
        self.told = 0  # reconnects after the `retry:` of a stream the server ended (not a failure's jitter)
        self.ready = asyncio.Event()
        self.writer: asyncio.StreamWriter | None = None

    def shown(self, version: int) -> None:
        if version > self.version:
            self.version = version
            self.history.append((version, time.perf_counter()))

    async def read(self) -> None:
        """Every read of the page, conditional when an ETag is known; the copy's version from a 200."""
        for path in self.paths:
            status, etag, body = await self.http.get(path, self.etags.get(path))
            self.reads += 1
            if status == 304:
                self.not_modified += 1
                continue
            if status != 200:
                raise RuntimeError(f"GET {path}: {status}")
            self.etags[path] = etag
            if path.endswith("/prelims") or self.kind == "sparring":
                found = json.loads(body)
                self.rows = len(found.get("participants") or found.get("crews") or [])
                self.shown(int(found.get("version") or 0))

    def applies(self, envelope: dict[str, Any]) -> bool | None:
        """As livePrelims / liveSparring: True applied, None not newer (kept), False re-read."""
        data = envelope.get("data") or {}
        version = data.get("version")
        if self.kind == "battle":
            if envelope.get("type") != "battles.prelims.scored" or not isinstance(version, int):
                return False
            self.heard.add(version)
            if REREAD_ALL:
                return False
            if version <= self.version:
                return None
            standings = data.get("standings")
            return version == self.version + 1 and isinstance(standings, list) and len(standings) == self.rows
        if envelope.get("type") not in ("battles.sparring.scored", "battles.sparring.voted"):
            return False
        if data.get("sparringId") != self.target:
            return False
        if isinstance(version, int):
            self.heard.add(version)
        if REREAD_ALL:
            return False
        if isinstance(version, int) and version <= self.version:
            return None
        return isinstance(version, int) and version == self.version + 1

    async def run(self) -> None:
        while True:
            retry_ms = None
            with contextlib.suppress(OSError, asyncio.IncompleteReadError):
                retry_ms = await self.follow()
            # the stream ended (its gateway stopping) or the connection failed: to the next gateway, reads too
            self.reconnects += 1
            self.told += retry_ms is not None
            self.at = (self.at + 1) % len(self.gateways)
            self.http.close()
            self.http = Connection(*self.gateways[self.at])
            await asyncio.sleep((retry_ms or random.randint(1000, 5000)) / 1000)

    async def follow(self) -> int | None:
        """One stream, until the server ends it: answers the last `retry:` it sent."""
        host, port = self.gateways[self.at]
        reader, self.writer = await asyncio.open_connection(host, port)
        resume = f"Last-Event-ID: {self.last_id}\r\n" if self.last_id else ""
        path = f"/api/live?topics={self.topic}"
        request = f"GET {path} HTTP/1.1\r\nHost: {host}\r\nAccept: text/event-stream\r\n{resume}\r\n"
        self.writer.write(request.encode())
        retry_ms = None
        buffer = b""
        while chunk := await reader.read(65536):
            buffer += chunk
            while b"\n\n" in buffer:
                frame, buffer = buffer.split(b"\n\n", 1)
                fields = dict(line.split(b": ", 1) for line in frame.split(b"\n") if b": " in line)
                if b"retry" in fields:
                    retry_ms = int(fields[b"retry"])
                if b"id" in fields:
                    self.last_id = fields[b"id"].decode()
                if fields.get(b"event") == b"ready":
                    # as the web app (web/src/lib/live-connection.ts): once the subscription is ready, the page is
                    # read (nothing is lost between); after a reconnect only when the gateway says it was not
                    # resumed (something missed is gone), the replayed messages (before `ready`) applied
                    if not (self.ready.is_set() and json.loads(fields.get(b"data", b"{}")).get("resumed") is True):
                        await self.read()
                    self.readies.append(time.perf_counter())
                    self.ready.set()
                elif fields.get(b"event") == b"message" and self.ready.is_set():
                    envelope = json.loads(fields.get(b"data", b"{}"))
                    verdict = self.applies(envelope)
                    if verdict:
                        self.applied += 1
                        self.shown(envelope["data"]["version"])
                    elif verdict is False:
                        await self.read()
        return retry_ms

    def close(self) -> None:
        self.http.close()
        if self.writer is not None:
            self.writer.close()


async def worker() -> None:
    """A worker process: the bench's commands, each answered (serve_commands)."""
    phones: list[Phone] = []
    tasks: list[asyncio.Task[None]] = []

    async def handle(command: dict[str, Any]) -> Any:
        nonlocal phones, tasks
        if command["cmd"] == "open":
            # phone n starts on gateway n (of as many as there are), and moves to the next when its stream ends
            gateways = [(url.hostname or "127.0.0.1", url.port or 80) for url in map(urlsplit, command["gateways"])]
            fresh = [
                Phone(gateways[n % len(gateways) :] + gateways[: n % len(gateways)], kind, target)
                for kind, target, count in command["groups"]
                for n in range(count)
            ]
            for phone in fresh:
                tasks.append(asyncio.create_task(phone.run()))
                await asyncio.sleep(0)
            phones += fresh
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(asyncio.gather(*(p.ready.wait() for p in fresh)), 60)
            return {"ready": sum(p.ready.is_set() for p in fresh), "failed": sum(t.done() for t in tasks)}
        elif command["cmd"] == "reset":
            for phone in phones:
                phone.reads = phone.not_modified = phone.applied = phone.reconnects = 0
                phone.history = [(phone.version, 0.0)]
            return {"reset": True}
        elif command["cmd"] == "collect":
            # per written version (kind: [[version, start], ...]): when each phone's copy had it, or missing
            # and how many of them no message brought (live or replayed): lost
            delays: list[float] = []
            missing = lost = 0
            for phone in phones:
                shown = [v for v, _ in phone.history]  # rising
                for version, started in command["writes"][phone.kind]:
                    lost += version not in phone.heard
                    at = bisect.bisect_left(shown, version)
                    if at == len(shown):
                        missing += 1
                    else:
                        delays.append(round(max(0.0, phone.history[at][1] - started), 5))
            return {
                "delays": delays,
                "missing": missing,
                "lost": lost,
                "reconnects": sum(p.reconnects for p in phones),
                "reads": sum(p.reads for p in phones),
                "notModified": sum(p.not_modified for p in phones),
                "applied": sum(p.applied for p in phones),
                "failed": sum(t.done() for t in tasks),
                "phones": len(phones),
            }
        elif command["cmd"] == "moved":
            # the phones that started on the gateway stopped at `since`: when each was back on another (ready,
            # its page read) with a copy at least at the newest version written before the stop (kind: version)
            stopped = urlsplit(command["gateway"])
            back: list[float | None] = []
            told = 0
            for phone in phones:
                if phone.gateways[0] != (stopped.hostname, stopped.port):
                    continue
                told += phone.told > 0
                ready = next((t for t in phone.readies if t >= command["since"]), None)
                newest = command["newest"][phone.kind]
                caught = next((t for v, t in phone.history if v >= newest), None)
                back.append(None if ready is None or caught is None else max(ready, caught) - command["since"])
            return {"back": [b for b in back if b is not None], "stranded": back.count(None), "told": told}
        elif command["cmd"] == "close":
            closed = await close_all(phones, tasks)
            phones, tasks = [], []
            return closed

    await serve_commands(handle)


# --- the bench --------------------------------------------------------------------------------------------


def start_workers() -> Any:
    from live import Workers

    class PhoneWorkers(Workers):
        async def start(self) -> None:
            for _ in range(self.count):
                self.children.append(
                    await asyncio.create_subprocess_exec(
                        sys.executable,
                        __file__,
                        "--worker",
                        stdin=asyncio.subprocess.PIPE,
                        stdout=asyncio.subprocess.PIPE,
                        limit=2**26,
                    )
                )

    return PhoneWorkers(WORKERS)


async def arena(client: Any) -> dict[str, Any]:
    """An event running now with two bracket battles (crewSize 1): one in its prelims (8 dancers, 3 judges), one
    whose final is being judged (2 dancers, 3 other judges). Answers their ids and the judges' headers."""
    from attendance import running_event, sign_up
    from live import until

    _, organizer = await sign_up(client, "organizer@audience.bench", "Bench Organizer")
    dancers = [await sign_up(client, f"dancer{n}@audience.bench", f"Bench Dancer {n}") for n in range(10)]
    judges = [await sign_up(client, f"judge{n}@audience.bench", f"Bench Judge {n}") for n in range(6)]
    event_id = (await running_event(client, organizer, "Bench Arena"))["id"]

    async def added() -> int | None:
        answer = await client.post(f"/api/events/{event_id}/add-battle", headers=organizer)
        return answer.json()["id"] if answer.status_code == 201 else None

    battles = []
    for title, size, entrants, panel in (
        ("Bench Prelims", 4, dancers[:8], judges[:3]),
        ("Bench Final", 2, dancers[8:], judges[3:]),
    ):
        battle_id = await until(added, "battles to learn of the event")
        body = {"title": title, "crewSize": 1, "style": "bracket", "bracketSize": size}
        saved = await client.put(f"/api/battles/{battle_id}", headers=organizer, json=body)
        assert saved.status_code == 200, saved.text
        ids = [user for user, _ in entrants]

        async def registered(battle_id: int = battle_id, ids: list[int] = ids) -> bool:
            answer = await client.post(
                f"/api/admin/battles/{battle_id}/register", headers=organizer, json={"userIds": ids}
            )
            return answer.status_code == 200

        await until(registered, "battles to learn of the dancers' profiles")
        for judge_id, _ in panel:
            role = await client.post(
                f"/api/battles/{battle_id}/role", headers=organizer, json={"userId": judge_id, "role": "judge"}
            )
            assert role.status_code == 200, role.text
        battles.append(battle_id)
    prelims, final = battles
    for path in (f"/api/battles/{final}/reshuffle", f"/api/battles/{final}/prelims/finish"):
        answer = await client.post(path, headers=organizer)
        assert answer.status_code == 200, f"{path}: {answer.status_code} {answer.text}"
    brackets = await client.get(f"/api/battles/{final}/brackets")
    assert brackets.status_code == 200, brackets.text
    return {
        "battle": prelims,
        "sparring": brackets.json()["final"]["sparringId"],
        "dancers": [user for user, _ in dancers[:8]],
        "prelimsJudges": [headers for _, headers in judges[:3]],
        "sparringJudges": [headers for _, headers in judges[3:]],
        "beats": {},
    }


async def judging(
    client: Any, setup: dict[str, Any], seconds: float, writes: dict[str, list[list[float]]] | None = None
) -> dict[str, list[list[float]]]:
    """Six judges, each scoring once a second for `seconds`: (version, request start) of every write by kind, as
    they are answered (in `writes` when given)."""
    writes = writes if writes is not None else {"battle": [], "sparring": []}
    stop = time.perf_counter() + seconds

    async def judge(kind: str, n: int, headers: dict[str, str]) -> None:
        await asyncio.sleep(n / 3)  # the three judges spread over the second
        while (started := time.perf_counter()) < stop:
            # counted across the steps: a score equal to the judge's last one changes nothing (no message)
            beat = setup["beats"][f"{kind}{n}"] = setup["beats"].get(f"{kind}{n}", 0) + 1
            if kind == "battle":
                dancer = setup["dancers"][(beat + n) % len(setup["dancers"])]
                body: Any = [{"userId": dancer, "points": 1 + (beat + n) % 9, "round": 1}]
                answer = await client.post(f"/api/battles/{setup['battle']}/prelims", headers=headers, json=body)
            else:
                rounds = [{"round": 1, "redPoints": 6 + (beat % 9) / 2, "bluePoints": 10 - (beat % 9) / 2}]
                answer = await client.post(
                    f"/api/sparrings/{setup['sparring']}/judge", headers=headers, json={"rounds": rounds}
                )
            assert answer.status_code == 200, f"{kind} score: {answer.status_code} {answer.text}"
            version = answer.json()["version"]
            if all(version != seen for seen, _ in writes[kind]):  # a write that changed nothing is not awaited
                writes[kind].append([version, started])
            await asyncio.sleep(max(0.0, started + 1 - time.perf_counter()))

    await asyncio.gather(
        *(judge("battle", n, h) for n, h in enumerate(setup["prelimsJudges"])),
        *(judge("sparring", n, h) for n, h in enumerate(setup["sparringJudges"])),
    )
    return writes


async def open_phones(
    workers: Any, setup: dict[str, Any], gateways: list[str], want: dict[str, int], opened: dict[str, int]
) -> None:
    """Up to `want` phones by kind (`opened` are open already), spread over the workers and, in each, over
    `gateways` evenly."""
    shares: list[list[list[Any]]] = [[] for _ in range(WORKERS)]
    for kind, target in (("battle", setup["battle"]), ("sparring", setup["sparring"])):
        more = want[kind] - opened[kind]
        for n in range(WORKERS):
            count = more // WORKERS + (1 if n < more % WORKERS else 0)
            if count:
                shares[n].append([kind, target, count])
    answers = await workers.ask([{"cmd": "open", "gateways": gateways, "groups": s} for s in shares])
    ready = sum(a["ready"] for a in answers) + sum(opened.values())
    if ready < sum(want.values()):
        raise SystemExit(f"only {ready} of {sum(want.values())} phones were ready within 60 s")


def phones_of(step: int) -> dict[str, int]:
    sparring_phones = round(step * SPARRING_SHARE)
    return {"battle": step - sparring_phones, "sparring": sparring_phones}


def figures(answers: list[dict[str, Any]], writes: dict[str, list[list[float]]], seconds: float) -> dict[str, Any]:
    """What the workers collected over `seconds` of judging: the step's figures."""
    from live import percentile

    delays = [d for a in answers for d in a["delays"]]
    reads = sum(a["reads"] for a in answers)
    phones = sum(a["phones"] for a in answers)
    return {
        "scores": sum(len(w) for w in writes.values()),
        "p50 ms": 1000 * statistics.median(delays) if delays else float("nan"),
        "p99 ms": 1000 * percentile(delays, 0.99) if delays else float("nan"),
        "reads/s": reads / seconds,
        "reads per phone per minute": reads / phones / (seconds / 60),
        "304 share": sum(a["notModified"] for a in answers) / reads if reads else 0.0,
        "applied": sum(a["applied"] for a in answers),
        "missing": sum(a["missing"] for a in answers),
        "messages lost": sum(a["lost"] for a in answers),
        "reconnects": sum(a["reconnects"] for a in answers),
        "phones failed": sum(a["failed"] for a in answers),
    }


async def step(client: Any, setup: dict[str, Any], workers: Any, pids: dict[str, int]) -> dict[str, Any]:
    """SECONDS of judging with the phones open: the figures, with the CPU seconds of `pids` meanwhile."""
    from common import cpu_seconds

    await asyncio.sleep(1)
    await workers.all({"cmd": "reset"})
    before = cpu_seconds(pids)
    writes = await judging(client, setup, SECONDS)
    await asyncio.sleep(SETTLE_SECONDS)
    after = cpu_seconds(pids)
    found = figures(await workers.all({"cmd": "collect", "writes": writes}), writes, SECONDS)
    return found | {f"cpu s {name}": after[name] - before[name] for name in pids}


async def failover(client: Any, setup: dict[str, Any], workers: Any, group: Any, stopped: str) -> dict[str, Any]:
    """FAILOVER_SECONDS of judging; STOP_AFTER into it, the second gateway process gets SIGTERM. Its phones'
    time back (from the stop until each is ready on the other one with a copy at least at the newest version
    written before the stop), and every phone's figures."""
    from live import percentile

    await workers.all({"cmd": "reset"})
    writes: dict[str, list[list[float]]] = {"battle": [], "sparring": []}
    stop: dict[str, Any] = {}

    async def stop_one() -> None:
        await asyncio.sleep(STOP_AFTER)
        stop["newest"] = {kind: max((v for v, _ in found), default=0) for kind, found in writes.items()}
        stop["since"] = time.perf_counter()
        group.terminate("gateway-b")

    await asyncio.gather(judging(client, setup, FAILOVER_SECONDS, writes), stop_one())
    await asyncio.sleep(SETTLE_SECONDS)
    found = figures(await workers.all({"cmd": "collect", "writes": writes}), writes, FAILOVER_SECONDS)
    moved = await workers.all({"cmd": "moved", "gateway": stopped, **stop})
    back = [b for a in moved for b in a["back"]]
    return {
        "moved phones": len(back) + sum(a["stranded"] for a in moved),
        "back p50 ms": 1000 * statistics.median(back) if back else float("nan"),
        "back p99 ms": 1000 * percentile(back, 0.99) if back else float("nan"),
        "back max ms": 1000 * max(back) if back else float("nan"),
        "not back": sum(a["stranded"] for a in moved),
        "moved after the server's retry": sum(a["told"] for a in moved),
    } | found


async def scenario(group: Any, gateway: str, second: Callable[[], str]) -> dict[str, Any]:
    import httpx
    from common import service_pids

    results: dict[str, Any] = {}
    async with httpx.AsyncClient(base_url=gateway, timeout=60) as client:
        setup = await arena(client)
        workers = start_workers()
        await workers.start()
        try:
            pids = service_pids(group, ("gateway", "battles"))
            opened = {"battle": 0, "sparring": 0}
            for phones in STEPS:
                await open_phones(workers, setup, [gateway], phones_of(phones), opened)
                opened = phones_of(phones)
                results[f"{phones} phones"] = await step(client, setup, workers, pids)
            await workers.all({"cmd": "close"})
            if TWO_PHONES:
                # the judges stay on the first gateway process: the second is the one stopped
                other = await asyncio.to_thread(second)
                pids = service_pids(group, ("gateway", "gateway-b", "battles"))
                await open_phones(workers, setup, [gateway, other], phones_of(TWO_PHONES), phones_of(0))
                results[f"{TWO_PHONES} phones, two gateways"] = await step(client, setup, workers, pids)
                results["one of them stopped"] = await failover(client, setup, workers, group, other)
                await workers.all({"cmd": "close"})
        finally:
            await workers.stop()
    return results


def run() -> dict[str, Any]:
    from common import (
        bench_server,
        fresh_database,
        processes,
        service_package,
        start_gateway,
        start_services,
        table,
    )

    for package in ("events", "battles"):
        service_package(package)  # the migrations import the services' packages
    with processes() as group:
        server, nats = bench_server(group, "audience")
        databases = {
            name: asyncio.run(fresh_database(server, f"bench_audience_{name}", name))
            for name in ("identity", "events", "battles")
        }
        env = {"GATEWAY_AUTH_RATE_PER_IP": "100000"}
        urls = start_services(group, nats, databases, gateway_env=env)
        services = {name: urls[name] for name in databases}
        results = asyncio.run(
            scenario(group, urls["gateway"], lambda: start_gateway(group, nats, services, env, name="gateway-b"))
        )
    rows = [
        (part, name, f"{value:,.2f}" if isinstance(value, float) else str(value))
        for part, found in results.items()
        for name, value in found.items()
    ]
    print(
        f"{SECONDS:.0f} s of judging per step; {SPARRING_SHARE:.0%} of the phones on the sparring page"
        + ("; phones re-read on every message (AUDIENCE_BENCH_REREAD)" if REREAD_ALL else "")
        + (
            f"; then {FAILOVER_SECONDS:.0f} s of judging, one of the two gateway processes stopped (SIGTERM)"
            f" {STOP_AFTER:.0f} s into it"
            if TWO_PHONES
            else ""
        )
    )
    print(table(rows, ("step", "figure", "value")))
    at = TARGET_PHONES if TARGET_PHONES in STEPS else STEPS[-1]
    found = results[f"{at} phones"]
    label = "" if at == TARGET_PHONES else f" (measured at {at} phones; the target is for {TARGET_PHONES:,})"
    checks = [
        (f"p99 <= {P99_TARGET_MS:.0f} ms", found["p99 ms"] <= P99_TARGET_MS, f"{found['p99 ms']:.0f} ms"),
        (
            f"<= {READS_PER_PHONE_MINUTE_TARGET:g} read per phone per minute",
            found["reads per phone per minute"] <= READS_PER_PHONE_MINUTE_TARGET,
            f"{found['reads per phone per minute']:.2f}",
        ),
        ("0 missing", found["missing"] == 0, str(found["missing"])),
    ]
    for what, ok, value in checks:
        print(f"{TARGET_PHONES:,} phones on one gateway process, {what}: {value}: {'met' if ok else 'missed'}{label}")
    if TWO_PHONES:
        two, stopped = results[f"{TWO_PHONES} phones, two gateways"], results["one of them stopped"]
        label = "" if TWO_PHONES == TWO_TARGET_PHONES else f" (measured at {TWO_PHONES:,} phones)"
        back = (
            f"max {stopped['back max ms']:.0f} ms (p50 {stopped['back p50 ms']:.0f}, p99 {stopped['back p99 ms']:.0f})"
        )
        lost = stopped["missing"] + stopped["messages lost"]
        for what, ok, value in (
            (f"p99 <= {TWO_P99_TARGET_MS:.0f} ms", two["p99 ms"] <= TWO_P99_TARGET_MS, f"{two['p99 ms']:.0f} ms"),
            ("0 missing", two["missing"] == 0, str(two["missing"])),
            (
                f"after one stopped, every phone it held updated again on the other within {BACK_TARGET_S:g} s",
                stopped["not back"] == 0 and stopped["back max ms"] <= 1000 * BACK_TARGET_S,
                f"{stopped['moved phones']} moved, {stopped['not back']} not back, {back}",
            ),
            (
                "after one stopped, 0 missing and 0 messages lost",
                lost == 0,
                f"{stopped['missing']} missing, {stopped['messages lost']} lost",
            ),
        ):
            verdict = "met" if ok else "missed"
            print(f"{TWO_TARGET_PHONES:,} phones over two gateway processes, {what}: {value}: {verdict}{label}")
    return results


if __name__ == "__main__":
    worker_or_bench(worker, run)
