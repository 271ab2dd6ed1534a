"""The live feed at venue scale, through ONE gateway process on identity, events and battles:

- fan-out: a judge's score (the HTTP call included) reaching SUBSCRIBERS SSE subscribers of one sparring
  (`sparring:<id>`), p50 and p99 per subscriber from the write request's start to the envelope's arrival,
  measured at 1,000 and then at 3,000 subscribers; beside it the floor: the same message delivered by NATS to one
  direct subscriber (nats-py, core subscription on the subject) in the same run;
- the reconnect storm: 1,000 and then 3,000 subscriptions opened together (a crowd's phones after the venue's
  Wi-Fi drops), the time until each has its `ready` event, p99 and max.

The subscribers are raw asyncio connections in WORKERS subprocesses (`live.py --worker`), so the client does not
become the bottleneck; the clock is the system's monotonic clock, shared by the processes.

The trigger is the judge's score itself: the bracket of 2 is built (Randomize, Add to bracket) and the judge
scores the final again and again, each an upsert publishing `battles.sparring.scored` on `sparring:<id>`.

`uv run python deploy/bench/run.py live` runs this alone; LIVE_BENCH_SUBSCRIBERS and LIVE_BENCH_SAMPLES shrink
a trial run."""

from __future__ import annotations

import asyncio
import contextlib
import json
import os
import statistics
import sys
import time
from collections.abc import Awaitable, Callable, Coroutine
from dataclasses import dataclass
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

SUBSCRIBERS = int(os.environ.get("LIVE_BENCH_SUBSCRIBERS", "3000"))
STEPS = sorted({min(1000, SUBSCRIBERS), SUBSCRIBERS})
SAMPLES = int(os.environ.get("LIVE_BENCH_SAMPLES", "30"))
WORKERS = 3
VERBOSE = bool(os.environ.get("LIVE_BENCH_VERBOSE"))
ARRIVAL_TIMEOUT = 5.0
FANOUT_P99_TARGET_MS = 150.0
STORM_TARGET_MS = 1000.0
PASSWORD = "benchmark-pass"


# --- the subscribers (a worker process) -------------------------------------------------------------------


class Awaited:
    """The subscribers still waiting for the message of the write that started at `t0`."""

    def __init__(self) -> None:
        self.t0 = 0.0
        self.pending: set[Subscriber] = set()
        self.done = asyncio.Event()

    def arrived(self, subscriber: Subscriber) -> None:
        if subscriber in self.pending:
            self.pending.discard(subscriber)
            if not self.pending:
                self.done.set()


class Subscriber:
    """One SSE subscription on a raw connection: when `ready` came, and when each message frame came."""

    __slots__ = ("arrivals", "awaited", "ready", "ready_at", "writer")

    def __init__(self, awaited: Awaited) -> None:
        self.awaited = awaited
        self.ready = asyncio.Event()
        self.ready_at = 0.0
        self.arrivals: list[float] = []
        self.writer: asyncio.StreamWriter | None = None

    async def run(self, host: str, port: int, path: str) -> None:
        reader, self.writer = await asyncio.open_connection(host, port)
        self.writer.write(f"GET {path} HTTP/1.1\r\nHost: {host}\r\nAccept: text/event-stream\r\n\r\n".encode())
        buffer = b""
        while chunk := await reader.read(65536):
            now = time.perf_counter()
            buffer += chunk
            if not self.ready.is_set():
                if b"event: ready" not in buffer:
                    continue
                self.ready_at = now
                self.ready.set()
                buffer = buffer[buffer.index(b"event: ready") + 12 :]
            count = buffer.count(b"event: message")
            if count:
                self.arrivals.extend([now] * count)
                self.awaited.arrived(self)
                buffer = buffer[buffer.rindex(b"event: message") + 14 :]
            elif len(buffer) > 65536:
                buffer = buffer[-64:]

    def close(self) -> None:
        if self.writer is not None:
            self.writer.close()


async def serve_commands(handle: Callable[[dict[str, Any]], Awaitable[Any]]) -> None:
    """A bench's worker process: commands on stdin, one JSON line each; each answer on stdout, one JSON line."""
    loop = asyncio.get_running_loop()
    reader = asyncio.StreamReader()
    await loop.connect_read_pipe(lambda: asyncio.StreamReaderProtocol(reader), sys.stdin)
    while line := await reader.readline():
        sys.stdout.write(json.dumps(await handle(json.loads(line))) + "\n")
        sys.stdout.flush()


async def close_all(clients: list[Any], tasks: list[asyncio.Task[Any]]) -> dict[str, bool]:
    """A worker's `close` command: its clients' connections closed and their tasks ended."""
    for client in clients:
        client.close()
    for task in tasks:
        task.cancel()
    await asyncio.gather(*tasks, return_exceptions=True)
    return {"closed": True}


def worker_or_bench(worker: Callable[[], Coroutine[Any, Any, None]], run: Callable[[], Any]) -> None:
    """`<bench>.py --worker` is one of its worker processes (on uvloop); otherwise the bench itself runs."""
    if sys.argv[1:] == ["--worker"]:
        import uvloop

        with asyncio.Runner(loop_factory=uvloop.new_event_loop) as runner:
            runner.run(worker())
    else:
        sys.path.insert(0, str(Path(__file__).resolve().parent))
        run()


async def worker() -> None:
    """A worker process: the bench's commands, each answered (serve_commands)."""
    subscribers: list[Subscriber] = []
    awaited = Awaited()
    tasks: list[asyncio.Task[None]] = []

    async def handle(command: dict[str, Any]) -> Any:
        nonlocal subscribers, tasks
        if command["cmd"] == "open":
            # at an agreed instant, all at once (the storm), or as fast as they come
            await asyncio.sleep(max(0.0, command["at"] - time.perf_counter()))
            fresh = [Subscriber(awaited) for _ in range(command["count"])]
            url = urlsplit(command["url"])
            tasks += [
                asyncio.create_task(s.run(url.hostname or "127.0.0.1", url.port or 80, command["path"])) for s in fresh
            ]
            subscribers += fresh
            waits = asyncio.gather(*(s.ready.wait() for s in fresh))
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(waits, 30)
            return {"ready": [s.ready_at - command["at"] for s in fresh if s.ready.is_set()], "count": len(fresh)}
        elif command["cmd"] == "expect":
            # every subscriber's first message after the write started at t0
            t0 = command["t0"]
            awaited.pending = {s for s in subscribers if not (s.arrivals and s.arrivals[-1] >= t0)}
            awaited.done.clear()
            if awaited.pending:
                with contextlib.suppress(TimeoutError):
                    await asyncio.wait_for(awaited.done.wait(), ARRIVAL_TIMEOUT)
            delays = [next((t - t0 for t in s.arrivals if t >= t0), None) for s in subscribers]
            return {"delays": [d for d in delays if d is not None], "missing": delays.count(None)}
        elif command["cmd"] == "close":
            closed = await close_all(subscribers, tasks)
            subscribers, tasks = [], []
            return closed

    await serve_commands(handle)


class Workers:
    """The subscriber processes, driven from the bench."""

    def __init__(self, count: int) -> None:
        self.count = count
        self.children: list[asyncio.subprocess.Process] = []

    async def start(self) -> None:
        for _ in range(self.count):
            self.children.append(
                await asyncio.create_subprocess_exec(
                    sys.executable,
                    __file__,
                    "--worker",
                    stdin=asyncio.subprocess.PIPE,
                    stdout=asyncio.subprocess.PIPE,
                    limit=2**24,
                )
            )

    async def ask(self, commands: list[dict[str, Any]]) -> list[dict[str, Any]]:
        for child, command in zip(self.children, commands, strict=True):
            assert child.stdin is not None
            child.stdin.write((json.dumps(command) + "\n").encode())
            await child.stdin.drain()

        async def read(child: asyncio.subprocess.Process) -> dict[str, Any]:
            assert child.stdout is not None
            return json.loads(await child.stdout.readline())

        return await asyncio.gather(*(read(child) for child in self.children))

    async def all(self, command: dict[str, Any]) -> list[dict[str, Any]]:
        return await self.ask([command] * self.count)

    async def open(self, url: str, path: str, total: int, at: float) -> list[float]:
        shares = [total // self.count + (1 if n < total % self.count else 0) for n in range(self.count)]
        answers = await self.ask([{"cmd": "open", "url": url, "path": path, "count": c, "at": at} for c in shares])
        ready = [t for a in answers for t in a["ready"]]
        if len(ready) < total:
            raise SystemExit(f"only {len(ready)} of {total} subscriptions were ready within 30 s")
        return ready

    async def stop(self) -> None:
        for child in self.children:
            if child.stdin is not None:
                child.stdin.close()
        for child in self.children:
            try:
                await asyncio.wait_for(child.wait(), 10)
            except TimeoutError:
                child.kill()


# --- the bench --------------------------------------------------------------------------------------------


@dataclass
class Trigger:
    """A write whose one domain event goes to the subscribers' topic: what the bench times."""

    topic: str
    subject: str  # the event's NATS subject, for the floor
    fire: Callable[[int], Awaitable[None]]


def start_stack(group: Any) -> dict[str, str]:
    from common import bench_server, fresh_database, start_services

    server, nats = bench_server(group, "live")
    databases = {
        name: asyncio.run(fresh_database(server, f"bench_live_{name}", name))
        for name in ("identity", "events", "battles")
    }
    urls = start_services(group, nats, databases, gateway_env={"GATEWAY_AUTH_RATE_PER_IP": "100000"})
    return {"gateway": urls["gateway"], "nats": nats}


async def until(check: Callable[[], Awaitable[Any]], what: str, seconds: float = 30) -> Any:
    """Poll `check` until it answers something truthy (the services learn of each other by NATS)."""
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if found := await check():
            return found
        await asyncio.sleep(0.2)
    raise SystemExit(f"timed out waiting for {what}")


async def bracket_battle(client: Any) -> dict[str, Any]:
    """Per the contract: an organizer, an event happening now, a bracket battle of size 2 (crewSize 1) with two
    registered dancers and a judge. Answers the battle's id and the headers of the organizer and the judge."""
    from attendance import running_event, sign_up

    organizer_id, organizer = await sign_up(client, "organizer@live.bench", "Bench Organizer")
    red, _ = await sign_up(client, "red@live.bench", "Bench Red")
    blue, _ = await sign_up(client, "blue@live.bench", "Bench Blue")
    judge_id, judge = await sign_up(client, "judge@live.bench", "Bench Judge")
    event_id = (await running_event(client, organizer, "Bench Finals"))["id"]

    async def added() -> int | None:
        answer = await client.post(f"/api/events/{event_id}/add-battle", headers=organizer)
        return answer.json()["id"] if answer.status_code == 201 else None

    battle_id = await until(added, "battles to learn of the event")
    battle = {"title": "Bench Final", "crewSize": 1, "style": "bracket", "bracketSize": 2}
    saved = await client.put(f"/api/battles/{battle_id}", headers=organizer, json=battle)
    assert saved.status_code == 200, saved.text

    async def registered() -> bool:
        answer = await client.post(
            f"/api/admin/battles/{battle_id}/register", headers=organizer, json={"userIds": [red, blue]}
        )
        return answer.status_code == 200

    await until(registered, "battles to learn of the dancers' profiles")
    judged = await client.post(
        f"/api/battles/{battle_id}/role", headers=organizer, json={"userId": judge_id, "role": "judge"}
    )
    assert judged.status_code == 200, judged.text
    return {"battle": battle_id, "organizer": organizer, "judge": judge, "organizerId": organizer_id}


async def judge_scores(client: Any, setup: dict[str, Any]) -> Trigger:
    """The real trigger (contract.md): reshuffle, Add to bracket, then the judge scores the final again and again
    (each an upsert publishing `battles.sparring.scored` on `sparring:<id>`)."""
    battle, organizer = setup["battle"], setup["organizer"]
    for path in (f"/api/battles/{battle}/reshuffle", f"/api/battles/{battle}/prelims/finish"):
        answer = await client.post(path, headers=organizer)
        assert answer.status_code == 200, f"{path}: {answer.status_code} {answer.text}"
    brackets = await client.get(f"/api/battles/{battle}/brackets")
    assert brackets.status_code == 200, brackets.text
    sparring = brackets.json()["final"]["sparringId"]

    async def fire(n: int) -> None:
        red, blue = 6 + (n % 9) / 2, 10 - (n % 9) / 2
        rounds = [{"round": 1, "redPoints": red, "bluePoints": blue}]
        answer = await client.post(f"/api/sparrings/{sparring}/judge", headers=setup["judge"], json={"rounds": rounds})
        assert answer.status_code == 200, answer.text

    return Trigger(f"sparring:{sparring}", "battles.sparring.scored", fire)


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))]


async def fan_out(client: Any, workers: Workers, trigger: Trigger, nats_url: str) -> dict[str, float]:
    """SAMPLES writes one after the other; per write, every subscriber's delay and the floor's."""
    import nats

    floor: list[float] = []
    started = 0.0
    got = asyncio.Event()

    async def direct(msg: Any) -> None:
        if started and not got.is_set():
            floor.append(time.perf_counter() - started)
            got.set()

    nc = await nats.connect(nats_url)
    await nc.subscribe(trigger.subject, cb=direct)
    delays: list[float] = []
    missing = 0
    try:
        for n in range(SAMPLES):
            got.clear()
            started = time.perf_counter()
            ask = asyncio.create_task(workers.all({"cmd": "expect", "t0": started}))
            await trigger.fire(n)
            answers = await ask
            sample = sorted(d for a in answers for d in a["delays"])
            if VERBOSE and sample:
                print(
                    f"  write {n}: first {1000 * sample[0]:.0f} ms, median {1000 * sample[len(sample) // 2]:.0f} ms,"
                    f" last {1000 * sample[-1]:.0f} ms, floor {1000 * floor[-1] if floor else float('nan'):.0f} ms"
                )
            delays += sample
            missing += sum(a["missing"] for a in answers)
            await asyncio.sleep(0.1)
    finally:
        await nc.close()
    return {
        "p50 ms": 1000 * statistics.median(delays),
        "p99 ms": 1000 * percentile(delays, 0.99),
        "max ms": 1000 * max(delays),
        "floor p50 ms": 1000 * statistics.median(floor),
        "floor p99 ms": 1000 * percentile(floor, 0.99),
        "missed": missing,
    }


async def storm(workers: Workers, gateway: str, topic: str, count: int) -> dict[str, float]:
    ready = await workers.open(gateway, f"/api/live?topics={topic}", count, time.perf_counter() + 0.5)
    await workers.all({"cmd": "close"})
    return {
        "p50 ms": 1000 * statistics.median(ready),
        "p99 ms": 1000 * percentile(ready, 0.99),
        "max ms": 1000 * max(ready),
    }


async def scenario(gateway: str, nats_url: str) -> dict[str, Any]:
    import httpx

    results: dict[str, Any] = {}
    async with httpx.AsyncClient(base_url=gateway, timeout=60) as client:
        setup = await bracket_battle(client)
        trigger = await judge_scores(client, setup)
        results["trigger"] = trigger.subject
        workers = Workers(WORKERS)
        await workers.start()
        try:
            opened = 0
            for step in STEPS:
                await workers.open(gateway, f"/api/live?topics={trigger.topic}", step - opened, time.perf_counter())
                opened = step
                await asyncio.sleep(1)
                results[f"fan-out to {step}"] = await fan_out(client, workers, trigger, nats_url)
            await workers.all({"cmd": "close"})
            await asyncio.sleep(1)
            for step in STEPS:
                results[f"storm of {step}"] = await storm(workers, gateway, trigger.topic, step)
                await asyncio.sleep(1)
        finally:
            await workers.stop()
    return results


def run() -> dict[str, Any]:
    from common import processes, service_package, table

    for package in ("events", "battles"):
        service_package(package)  # the migrations import the services' packages
    with processes() as group:
        urls = start_stack(group)
        results = asyncio.run(scenario(urls["gateway"], urls["nats"]))
    rows = [
        (part, name, f"{value:,.1f}" if isinstance(value, float) else str(value))
        for part, found in results.items()
        if isinstance(found, dict)
        for name, value in found.items()
    ]
    print(f"trigger: {results['trigger']}")
    print(table(rows, ("part", "figure", "value")))
    top = f"fan-out to {STEPS[-1]}"
    found = results[top]
    print(
        f"{top}: p99 {found['p99 ms']:.0f} ms of {FANOUT_P99_TARGET_MS:.0f} ms "
        f"({found['p99 ms'] / FANOUT_P99_TARGET_MS:.2f}x the target; floor p99 {found['floor p99 ms']:.1f} ms)"
    )
    for step in STEPS:
        found = results[f"storm of {step}"]
        print(f"storm of {step}: all ready in {found['max ms']:.0f} ms ({found['max ms'] / STORM_TARGET_MS:.2f}x 1 s)")
    return results


if __name__ == "__main__":
    worker_or_bench(worker, run)
