"""Going to an event, measured through the gateway on identity, events and the gateway, in one run:

- purchases: 200 buyers buy a ticket of one tier at once, paying by card at the local test provider (its
  confirmations travel the signed-webhook path); 20 % of the purchases and their confirmations are sent twice at
  the same moment with the same Idempotency-Key. Checked: exactly one issued ticket per succeeded payment, none
  lost (200 tickets, 200 payments), and the requests' p50 / p99;
- check-ins: 4 tablets (staff sessions) check the 200 in, 50 each, concurrently; then an outage is simulated: a
  third of the check-ins are sent again with their Idempotency-Keys as a tablet's queue replays them. Checked:
  each person is checked in once (the attendees list says 200 of 200, the bus carried 200 `checked_in`);
- live: another open check-in page (an SSE subscription to `event:<id>` through the gateway) and the time from a
  staff check-in's request to the envelope reaching that page, p50 and p99 over 100 check-ins.

`uv run python deploy/bench/run.py attendance` runs this alone."""

from __future__ import annotations

import asyncio
import datetime as dt
import json
import statistics
import time
import uuid
from typing import Any

import httpx
from common import Processes, bench_server, free_port, fresh_database, processes, service_package, start_services, table

BUYERS = 200
RETRIED = 0.2
TABLETS = 4
REPLAYED = 1 / 3
LIVE_SAMPLES = 100
PASSWORD = "benchmark-pass"
CARD = "4242 4242 4242 4242"


def start_stack(group: Processes) -> dict[str, Any]:
    server, nats = bench_server(group, "attendance")
    databases = {
        name: asyncio.run(fresh_database(server, f"bench_att_{name}", name)) for name in ("identity", "events")
    }
    gateway = f"http://127.0.0.1:{free_port()}"
    # the test provider's webhooks come back through the gateway, as a processor's would
    urls = start_services(
        group,
        nats,
        databases,
        env={"events": {"EVENTS_PUBLIC_URL": gateway}},
        # the bench signs 200 people in from one address
        gateway_env={"GATEWAY_AUTH_RATE_PER_IP": "100000"},
        gateway_port=int(gateway.rsplit(":", 1)[1]),
    )
    return {"gateway": urls["gateway"]}


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))]


async def sign_up(client: httpx.AsyncClient, email: str, name: str) -> tuple[int, dict[str, str]]:
    answer = await client.post("/api/auth/signup", json={"email": email, "password": PASSWORD})
    assert answer.status_code == 201, answer.text
    body = answer.json()
    headers = {"X-Auth-Token": body["accessToken"]}
    profile = await client.post(
        "/api/user",
        json={
            "dancerName": name,
            "fullName": "Bench Dancer",
            "birthday": "10/18/1993",
            "country": "United States",
            "state": "New York",
            "city": "New York",
        },
        headers=headers,
    )
    assert profile.status_code < 300, profile.text
    return body["user"]["id"], headers


async def running_event(
    client: httpx.AsyncClient, headers: dict[str, str], title: str, tiers: list[dict[str, Any]] | None = None
) -> dict[str, Any]:
    """A published event running now (from an hour ago to six hours from now): its answer."""
    created = await client.post("/api/events", headers=headers)
    assert created.status_code == 201, created.text
    event_id = created.json()["id"]
    now = dt.datetime.now(dt.UTC)
    saved = await client.post(
        f"/api/events/{event_id}",
        headers=headers,
        json={
            "title": title,
            # publishing needs a place on the map (docs/product/events.md, Location)
            "locationAddress": "Bench Arena, Berlin",
            "coordinates": {"lat": 52.52, "lng": 13.405},
            "dateStart": (now - dt.timedelta(hours=1)).strftime("%Y-%m-%dT%H:%M"),
            "dateEnd": (now + dt.timedelta(hours=6)).strftime("%Y-%m-%dT%H:%M"),
        }
        | ({"tiers": tiers} if tiers is not None else {}),
    )
    assert saved.status_code == 200, saved.text
    published = await client.post(f"/api/events/{event_id}/publish", headers=headers)
    assert published.status_code == 200, published.text
    return published.json()


async def paid_event(client: httpx.AsyncClient, headers: dict[str, str]) -> tuple[int, int]:
    """A published event running now with one paid tier ($15)."""
    event = await running_event(client, headers, "Bench Jam", [{"title": "General", "cost": 1500}])
    return event["id"], event["tiers"][0]["id"]


async def buy(client: httpx.AsyncClient, headers: dict[str, str], event_id: int, tier: int, twice: bool) -> float:
    """One purchase by card; `twice`: each request goes out twice at once with the same key (a retry racing the
    first). Returns the seconds the purchase took."""
    started = time.perf_counter()
    keyed = headers | {"Idempotency-Key": str(uuid.uuid4())}
    copies = 2 if twice else 1
    bought = await asyncio.gather(
        *(
            client.post(f"/api/events/{event_id}/tickets", json={"tierId": tier, "method": "card"}, headers=keyed)
            for _ in range(copies)
        )
    )
    assert all(answer.status_code == 201 for answer in bought), [answer.text for answer in bought]
    payment = bought[0].json()["payment"]["id"]
    assert all(answer.json()["payment"]["id"] == payment for answer in bought)
    confirm = headers | {"Idempotency-Key": str(uuid.uuid4())}
    confirmed = await asyncio.gather(
        *(client.post(f"/api/payments/{payment}/confirm", json={"card": CARD}, headers=confirm) for _ in range(copies))
    )
    assert all(answer.status_code == 200 for answer in confirmed), [answer.text for answer in confirmed]
    return time.perf_counter() - started


async def purchases(client: httpx.AsyncClient, buyers: list[dict[str, str]], event_id: int, tier: int) -> dict:
    twice = set(range(0, BUYERS, round(1 / RETRIED)))
    started = time.perf_counter()
    took = await asyncio.gather(*(buy(client, headers, event_id, tier, n in twice) for n, headers in enumerate(buyers)))
    elapsed = time.perf_counter() - started
    tickets = []
    for headers in buyers:
        mine = await client.get(f"/api/events/{event_id}/tickets", headers=headers)
        assert mine.status_code == 200, mine.text
        tickets.append(len([ticket for ticket in mine.json() if ticket["status"] == "issued"]))
    return {
        "purchases": BUYERS,
        "sent twice": len(twice),
        "issued tickets": sum(tickets),
        "buyers with exactly one": sum(1 for count in tickets if count == 1),
        "purchases/s": BUYERS / elapsed,
        "p50 ms": 1000 * statistics.median(took),
        "p99 ms": 1000 * percentile(took, 0.99),
    }


class LivePage:
    """An open check-in page: an SSE subscription through the gateway, noting when each check-in arrives."""

    def __init__(self, gateway: str, event_id: int) -> None:
        self.url = f"{gateway}/api/live?topics=event:{event_id}"
        self.ready = asyncio.Event()
        self.seen: dict[int, float] = {}
        self.task: asyncio.Task[None] | None = None

    async def run(self) -> None:
        async with httpx.AsyncClient(timeout=None) as client, client.stream("GET", self.url) as stream:
            kind = ""
            async for line in stream.aiter_lines():
                if line.startswith("event: "):
                    kind = line[7:]
                    if kind == "ready":
                        self.ready.set()
                elif line.startswith("data: ") and kind == "message":
                    envelope = json.loads(line[6:])
                    if envelope["type"] == "events.attendee.checked_in":
                        self.seen.setdefault(envelope["data"]["userId"], time.perf_counter())

    async def open(self) -> None:
        self.task = asyncio.create_task(self.run())
        await asyncio.wait_for(self.ready.wait(), 30)

    def close(self) -> None:
        if self.task:
            self.task.cancel()


async def check_in(client: httpx.AsyncClient, headers: dict[str, str], event_id: int, user: int, key: str) -> None:
    answer = await client.post(
        f"/api/events/{event_id}/checkin/{user}", headers=headers | {"Idempotency-Key": key}, json={}
    )
    assert answer.status_code == 200, answer.text


async def check_ins(
    client: httpx.AsyncClient, tablets: list[dict[str, str]], event_id: int, users: list[int], page: LivePage
) -> dict:
    keys = {user: str(uuid.uuid4()) for user in users}
    sent: dict[int, float] = {}

    async def tablet(n: int) -> None:
        for user in users[n::TABLETS]:
            sent[user] = time.perf_counter()
            await check_in(client, tablets[n], event_id, user, keys[user])

    started = time.perf_counter()
    await asyncio.gather(*(tablet(n) for n in range(TABLETS)))
    elapsed = time.perf_counter() - started
    # The outage: the tablets never saw these answers and replay their queues.
    replayed = users[: int(len(users) * REPLAYED)]
    await asyncio.gather(
        *(check_in(client, tablets[n % TABLETS], event_id, user, keys[user]) for n, user in enumerate(replayed))
    )
    listed = await client.get(f"/api/events/{event_id}/attendees", headers=tablets[0])
    assert listed.status_code == 200, listed.text
    body = listed.json()
    await asyncio.sleep(2)  # the last envelopes on their way
    delays = [1000 * (page.seen[user] - sent[user]) for user in users[:LIVE_SAMPLES] if user in page.seen]
    return {
        "check-ins": len(users),
        "replayed": len(replayed),
        "checked in": body["checkedIn"],
        "listed": body["total"],
        "each once": sum(1 for person in body["attendees"] if person["checkedIn"]) == len(users),
        "check-ins/s": len(users) / elapsed,
        "live envelopes": len(page.seen),
        "live p50 ms": statistics.median(delays) if delays else float("nan"),
        "live p99 ms": percentile(delays, 0.99) if delays else float("nan"),
    }


async def scenario(gateway: str) -> dict[str, Any]:
    limits = httpx.Limits(max_connections=64)
    async with httpx.AsyncClient(base_url=gateway, timeout=60, limits=limits) as client:
        _, organizer = await sign_up(client, "organizer@bench.example", "Bench Organizer")
        event_id, tier = await paid_event(client, organizer)
        people = []
        for n in range(BUYERS):  # one at a time: argon2 hashing is the cost here, not what is measured
            people.append(await sign_up(client, f"buyer{n}@bench.example", f"Buyer {n:03d}"))
        bought = await purchases(client, [headers for _, headers in people], event_id, tier)
        page = LivePage(gateway, event_id)
        await page.open()
        try:
            checked = await check_ins(client, [organizer] * TABLETS, event_id, [user for user, _ in people], page)
        finally:
            page.close()
    return {"purchases": bought, "check-ins": checked}


def run() -> dict[str, Any]:
    service_package("events")  # the migrations import the service's package
    with processes() as group:
        ports = start_stack(group)
        results = asyncio.run(scenario(ports["gateway"]))
    rows = [
        (part, name, f"{value:,.2f}" if isinstance(value, float) else str(value))
        for part, found in results.items()
        for name, value in found.items()
    ]
    print(table(rows, ("part", "figure", "value")))
    bought, checked = results["purchases"], results["check-ins"]
    for label, ok in (
        (
            "one ticket per succeeded payment, none lost",
            bought["issued tickets"] == BUYERS and bought["buyers with exactly one"] == BUYERS,
        ),
        ("each person checked in once", checked["checked in"] == BUYERS and checked["each once"]),
        ("every check-in reached the other page", checked["live envelopes"] == BUYERS),
    ):
        print(f"{label}: {'met' if ok else 'MISSED'}")
    return results


if __name__ == "__main__":
    run()
