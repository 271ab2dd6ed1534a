"""`make drill`: the faults the platform must ride through, each on the local stack with its own verdict
(docs/operations.md, "Drills"):

1. PostgreSQL stopped for 5 s under a read and a write every 0.2 s: only 503s with Retry-After meanwhile, none
   after, no service restarted.
2. NATS down (60 s, DRILL_NATS_SECONDS): no request fails, every service stays ready, and every event written
   meanwhile reaches JetStream once NATS is back.
3. A service killed with SIGKILL under writes and restarted: every event its outbox recorded is published.
4. A gateway stopped under 500 live clients (DRILL_CLIENTS): they resume on a second gateway with Last-Event-ID
   and miss nothing.

Then nothing the drills started may still run. Exit 0 only if every drill met its verdict."""

from __future__ import annotations

import asyncio
import contextlib
import os
import signal
import sys
import time
import uuid
from collections import Counter
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from pathlib import Path

import asyncpg
import httpx
import orjson
from nats.aio.client import Client as NatsClient

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

from deploy.drill.stack import DrillStack, drill_stack, kill, leftovers  # noqa: E402
from deploy.local.stack import stop  # noqa: E402
from kit.local import port_open  # noqa: E402

NATS_SECONDS = float(os.environ.get("DRILL_NATS_SECONDS", "60"))
CLIENTS = int(os.environ.get("DRILL_CLIENTS", "500"))
PASSWORD = "drill-password-1"


def say(message: str) -> None:
    print(f"\033[1m[drill]\033[0m {message}", flush=True)


@dataclass
class Verdict:
    name: str
    failures: list[str] = field(default_factory=list)
    figures: list[str] = field(default_factory=list)

    def check(self, ok: bool, failure: str) -> None:
        if not ok:
            self.failures.append(failure)

    def show(self) -> bool:
        for figure in self.figures:
            say(f"  {figure}")
        for failure in self.failures:
            say(f"  \033[31mFAILED\033[0m {failure}")
        say(f"{self.name}: " + ("\033[32mpassed\033[0m" if not self.failures else "\033[31mfailed\033[0m"))
        return not self.failures


@dataclass
class Organizer:
    token: str
    event_id: int

    @property
    def headers(self) -> dict[str, str]:
        return {"X-Auth-Token": self.token}


async def organizer(client: httpx.AsyncClient) -> Organizer:
    """An account and a draft event of its own, through the gateway as a person's browser would."""
    email = f"drill-{uuid.uuid4().hex[:10]}@example.com"
    signed = await client.post("/api/auth/signup", json={"email": email, "password": PASSWORD})
    signed.raise_for_status()
    token = signed.json()["accessToken"]
    profile = {"dancerName": "Drill Host", "fullName": "Drill Host", "birthday": "10/18/1993"}
    profile |= {"country": "United States", "state": "California", "city": "Los Angeles"}
    (await client.post("/api/user", json=profile, headers={"X-Auth-Token": token})).raise_for_status()
    made = await client.post("/api/events", headers={"X-Auth-Token": token})
    made.raise_for_status()
    return Organizer(token, made.json()["id"])


@dataclass
class Answer:
    at: float
    kind: str
    status: int  # 0: no answer (connection refused or timed out)
    retry_after: str | None


async def load(
    client: httpx.AsyncClient, who: Organizer, until: asyncio.Event, answers: list[Answer], every: float = 0.2
) -> None:
    """A read and a write every `every` seconds (each save announces the event on the bus) until `until`."""
    n = 0

    async def one(kind: str, call: Callable[[], Awaitable[httpx.Response]]) -> None:
        try:
            response = await call()
            answers.append(Answer(time.monotonic(), kind, response.status_code, response.headers.get("retry-after")))
        except httpx.HTTPError:
            answers.append(Answer(time.monotonic(), kind, 0, None))

    path = f"/api/events/{who.event_id}"
    while not until.is_set():
        n += 1
        title = f"Drill {n}"
        await asyncio.gather(
            one("read", lambda: client.get(path, headers=who.headers)),
            one("write", lambda title=title: client.post(path, json={"title": title}, headers=who.headers)),  # type: ignore[misc]
            asyncio.sleep(every),
        )


def tally(answers: list[Answer]) -> str:
    counts = Counter(f"{a.kind} {a.status or 'no answer'}" for a in answers)
    return ", ".join(f"{key}: {value}" for key, value in sorted(counts.items()))


async def sent_ids(stack: DrillStack, service: str, since: float) -> tuple[set[str], int]:
    """The outbox rows written since `since` (epoch seconds): their ids, and how many are still unsent."""
    conn = await asyncpg.connect(stack.database_url(service))
    try:
        rows = await conn.fetch(
            "SELECT id::text, sent_at FROM outbox_message WHERE created_at >= to_timestamp($1)", since
        )
    finally:
        await conn.close()
    return {row["id"] for row in rows}, sum(1 for row in rows if row["sent_at"] is None)


async def published(stack: DrillStack, stream: str, ids: set[str]) -> set[str]:
    """Which of `ids` JetStream holds (Nats-Msg-Id is the outbox row's id), read back with an ordered consumer."""
    nc = NatsClient()
    await nc.connect(stack.nats.url)
    found: set[str] = set()
    try:
        js = nc.jetstream()
        info = await js.stream_info(stream)
        last = info.state.last_seq
        if last == 0:
            return found
        sub = await js.subscribe(">", stream=stream, ordered_consumer=True)
        with contextlib.suppress(TimeoutError):
            while True:
                msg = await sub.next_msg(timeout=2)
                message_id = (msg.headers or {}).get("Nats-Msg-Id")
                if message_id in ids:
                    found.add(message_id)
                if msg.metadata.sequence.stream >= last:
                    break
        await sub.unsubscribe()
    finally:
        await nc.close()
    return found


async def wait_all_published(stack: DrillStack, service: str, stream: str, since: float, verdict: Verdict) -> None:
    deadline = time.monotonic() + 60
    ids: set[str] = set()
    unsent = -1
    while time.monotonic() < deadline:
        ids, unsent = await sent_ids(stack, service, since)
        if unsent == 0:
            break
        await asyncio.sleep(1)
    found = await published(stack, stream, ids)
    verdict.figures.append(f"{len(ids)} events recorded, {len(found)} in JetStream, {unsent} unsent after recovery")
    verdict.check(unsent == 0, f"{unsent} outbox events still unsent a minute after recovery")
    verdict.check(found == ids, f"{len(ids - found)} recorded events missing from JetStream")


async def postgres_blip(stack: DrillStack, client: httpx.AsyncClient, who: Organizer) -> Verdict:
    verdict = Verdict("PostgreSQL stopped 5 s under load")
    pids = {name: stack.pid(name) for name in ("events", "gateway")}
    answers: list[Answer] = []
    done = asyncio.Event()
    runner = asyncio.create_task(load(client, who, done, answers))
    await asyncio.sleep(3)
    stopped = time.monotonic()
    await asyncio.to_thread(stack.pg.stop)
    await asyncio.sleep(5)
    await asyncio.to_thread(stack.pg.start)
    back = time.monotonic()
    await asyncio.sleep(10)
    done.set()
    await runner
    during = [a for a in answers if stopped <= a.at <= back + 2]
    after = [a for a in answers if a.at > back + 2]
    verdict.figures.append(f"during the outage: {tally(during)}")
    verdict.figures.append(f"after it: {tally(after)}")
    bad = [a for a in during if not (200 <= a.status < 300 or (a.status == 503 and a.retry_after))]
    verdict.check(not bad, f"{len(bad)} answers during the outage were neither 2xx nor 503 with Retry-After")
    verdict.check(
        any(a.status == 503 for a in during), "no 503 during the outage: the drill did not reach the database"
    )
    verdict.check(bool(after) and all(200 <= a.status < 300 for a in after), "not every answer after recovery was 2xx")
    restarted = [name for name, pid in pids.items() if stack.pid(name) != pid]
    verdict.check(not restarted, f"restarted: {restarted}")
    return verdict


async def nats_down(stack: DrillStack, client: httpx.AsyncClient, who: Organizer) -> Verdict:
    verdict = Verdict(f"NATS down {NATS_SECONDS:.0f} s")
    since = time.time()
    answers: list[Answer] = []
    done = asyncio.Event()
    runner = asyncio.create_task(load(client, who, done, answers))
    await asyncio.sleep(2)
    await asyncio.to_thread(stack.nats.stop)
    unready: Counter[str] = Counter()
    checks = 0
    deadline = time.monotonic() + NATS_SECONDS
    async with httpx.AsyncClient(timeout=5) as probe:
        while time.monotonic() < deadline:
            checks += 1
            for name in ("identity", "events", "battles", "organizations", "studios", "images"):
                with contextlib.suppress(httpx.HTTPError):
                    if (await probe.get(f"{stack.service_url(name)}/readyz")).status_code != 200:
                        unready[name] += 1
            await asyncio.sleep(min(5, max(0.1, deadline - time.monotonic())))
    await asyncio.to_thread(stack.nats.start, detach=True)
    await asyncio.sleep(5)
    done.set()
    await runner
    verdict.figures.append(f"answers: {tally(answers)}")
    verdict.figures.append(f"readiness probes: {checks} rounds, unready answers {dict(unready) or 'none'}")
    failed = [a for a in answers if not 200 <= a.status < 300]
    verdict.check(not failed, f"{len(failed)} requests failed while NATS was down")
    verdict.check(not unready, f"services went unready: {dict(unready)}")
    await wait_all_published(stack, "events", "EVENTS", since, verdict)
    return verdict


async def service_killed(stack: DrillStack, client: httpx.AsyncClient, who: Organizer) -> Verdict:
    verdict = Verdict("a service killed with SIGKILL under writes, restarted")
    since = time.time()
    answers: list[Answer] = []
    done = asyncio.Event()
    runner = asyncio.create_task(load(client, who, done, answers, every=0.05))
    await asyncio.sleep(3)
    before = stack.pid("events")
    kill(before, signal.SIGKILL)
    killed = time.monotonic()
    deadline = killed + 90
    async with httpx.AsyncClient(timeout=2) as probe:
        while time.monotonic() < deadline:
            with contextlib.suppress(httpx.HTTPError, ValueError, OSError):
                if (
                    stack.pid("events") != before
                    and (await probe.get(f"{stack.service_url('events')}/readyz")).status_code == 200
                ):
                    break
            await asyncio.sleep(0.3)
    back = time.monotonic()
    verdict.figures.append(f"back and ready {back - killed:.1f} s after the kill")
    await asyncio.sleep(5)
    done.set()
    await runner
    verdict.figures.append(f"answers: {tally(answers)}")
    saved = sum(1 for a in answers if a.kind == "write" and 200 <= a.status < 300)
    ids, _ = await sent_ids(stack, "events", since)
    verdict.figures.append(f"{saved} saves answered 2xx, {len(ids)} events recorded")
    verdict.check(len(ids) >= saved, "fewer events recorded than saves answered 2xx")
    verdict.check(stack.pid("events") != before, "the service did not come back")
    await wait_all_published(stack, "events", "EVENTS", since, verdict)
    return verdict


async def sse_client(url: str, topic: str, position: list[str], titles: list[str], stop_at: int) -> None:
    """One phone on the live feed: follows `topic` at `url` (a list, so the drill can move it to another
    gateway), reconnecting with Last-Event-ID as the web app does, until it holds `stop_at` titles."""
    async with httpx.AsyncClient(timeout=httpx.Timeout(10, read=30)) as client:
        while len(titles) < stop_at:
            headers = {"Last-Event-ID": position[0]} if position[0] else {}
            with contextlib.suppress(httpx.HTTPError):
                async with client.stream(
                    "GET", f"{url_of(url)}/api/live", params={"topics": topic}, headers=headers
                ) as stream:
                    event_id, kind = "", ""
                    async for line in stream.aiter_lines():
                        if line.startswith("id: "):
                            event_id = line[4:]
                        elif line.startswith("event: "):
                            kind = line[7:]
                        elif line.startswith("data: ") and kind == "message":
                            envelope = orjson.loads(line[6:])
                            if envelope.get("type") == "events.event.updated":
                                titles.append(envelope["data"]["title"])
                            position[0] = event_id
                            if len(titles) >= stop_at:
                                return
                        elif line.startswith("data: ") and kind == "ready" and event_id:
                            position[0] = event_id
            await asyncio.sleep(0.2)


GATEWAYS: dict[str, str] = {}


def url_of(name: str) -> str:
    return GATEWAYS[name]


async def gateway_stopped(stack: DrillStack, client: httpx.AsyncClient, who: Organizer) -> Verdict:
    verdict = Verdict(f"a gateway stopped under {CLIENTS} live clients, resumed on a second one")
    second, port = stack.second_gateway()
    GATEWAYS["live"] = stack.gateway
    try:
        async with httpx.AsyncClient(timeout=2) as probe:
            for _ in range(120):
                with contextlib.suppress(httpx.HTTPError):
                    if (await probe.get(f"http://127.0.0.1:{port}/readyz")).status_code == 200:
                        break
                await asyncio.sleep(0.5)
        saves = 60
        # the saves go through the second gateway: the first is the one being stopped
        second_client = httpx.AsyncClient(base_url=f"http://127.0.0.1:{port}", timeout=10)
        topic = f"event:{who.event_id}"
        positions = [[""] for _ in range(CLIENTS)]
        received: list[list[str]] = [[] for _ in range(CLIENTS)]
        clients = [
            asyncio.create_task(sse_client("live", topic, positions[i], received[i], saves)) for i in range(CLIENTS)
        ]
        await asyncio.sleep(5)  # every client connected (and told ready)
        titles = [f"Live {n}" for n in range(saves)]
        for n, title in enumerate(titles):
            if n == saves // 2:
                # SIGTERM to the first gateway's process group; its clients move to the second one
                GATEWAYS["live"] = f"http://127.0.0.1:{port}"
                with contextlib.suppress(ProcessLookupError):
                    os.killpg(stack.pid("gateway"), signal.SIGTERM)
                moved = time.monotonic()
            answer = (
                await second_client.post(f"/api/events/{who.event_id}", json={"title": title}, headers=who.headers)
            ).status_code
            verdict.check(200 <= answer < 300, f"save {n} answered {answer}")
            await asyncio.sleep(0.1)
        finished, pending = await asyncio.wait(clients, timeout=60)
        for task in pending:
            task.cancel()
        complete = sum(1 for got in received if got == titles)
        gaps = sum(1 for got in received if len(set(got)) < len(titles))
        verdict.figures.append(f"{complete}/{CLIENTS} clients hold all {saves} updates in order ({gaps} missing some)")
        verdict.figures.append(f"clients done {time.monotonic() - moved:.1f} s after the first gateway stopped")
        verdict.check(complete == CLIENTS, f"{CLIENTS - complete} clients missed or reordered updates")
        await second_client.aclose()
    finally:
        stop(second)
    return verdict


async def main() -> int:
    results: list[bool] = []
    with drill_stack() as stack:
        say(f"the platform is up: gateway {stack.gateway}")
        async with httpx.AsyncClient(base_url=stack.gateway, timeout=10) as client:
            who = await organizer(client)
            for drill in (postgres_blip, nats_down, service_killed):
                say(f"drill: {drill.__name__.replace('_', ' ')}")
                results.append((await drill(stack, client, who)).show())
            say("drill: gateway stopped")
            results.append((await gateway_stopped(stack, client, who)).show())
        ports = [stack.port, *(stack.port_base + n for n in range(1, 7))]
    left = leftovers()
    still = [port for port in ports if port_open(port)]
    say(f"left running after the drills: {left or 'nothing'}; ports still open: {still or 'none'}")
    results.append(not left and not still)
    say(f"{sum(results)}/{len(results)} verdicts met")
    return 0 if all(results) else 1


if __name__ == "__main__":
    sys.exit(asyncio.run(main()))
