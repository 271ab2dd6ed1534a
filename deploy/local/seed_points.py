"""Seed leaderboard points on a running stack: publish `battles.winners.set` to its NATS as the battles service
will (its outbox relay: JetStream, `Nats-Msg-Id` = the envelope id). The web e2e specs call it through
`uv run python deploy/local/seed_points.py`; it also serves by hand against `deploy/local/dev.py`.

    uv run python deploy/local/seed_points.py --nats nats://127.0.0.1:55722 --org 5 --battle 1 \\
        --start-date 2026-03-14 --winners '{"1st Place": [12], "2nd Place": [13], "Top 4": [14, 15]}'

The payload is the one in docs/events.md. The NATS URL defaults to E2E_NATS_URL, then NATS_URL."""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import sys
from datetime import UTC, datetime

import nats

from contracts.battles import Winners, WinnersSet
from kit.bus import ensure_stream
from kit.events import Envelope

PLACES = ("1st Place", "2nd Place", "Top 4", "Top 8", "Top 16", "Top 32")


def winners_set(org_id: int, battle_id: int, event_id: int, start_date: str, winners: dict[str, list[int]]) -> Envelope:
    unknown = set(winners) - set(PLACES)
    if unknown:
        raise SystemExit(f"unknown places {sorted(unknown)}: use {', '.join(PLACES)}")
    event = WinnersSet(
        battle_id=battle_id,
        event_id=event_id,
        org_id=org_id,
        start_date=start_date,  # type: ignore[arg-type]  # an ISO date, validated by the model
        winners=[Winners(place=place, user_ids=ids) for place, ids in winners.items()],
    )
    return Envelope.of(event)


async def publish(nats_url: str, envelope: Envelope) -> None:
    client = await nats.connect(nats_url, connect_timeout=5, max_reconnect_attempts=2)
    try:
        js = client.jetstream()
        await ensure_stream(js, "battles")
        ack = await js.publish(envelope.type, envelope.to_json(), headers={"Nats-Msg-Id": str(envelope.id)})
        print(json.dumps({"stream": ack.stream, "seq": ack.seq, "id": str(envelope.id)}))
    finally:
        await client.close()


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--nats", default=os.environ.get("E2E_NATS_URL") or os.environ.get("NATS_URL"))
    parser.add_argument("--org", type=int, required=True, help="the organization the battle belongs to")
    parser.add_argument("--battle", type=int, required=True, help="the battle id (a second set replaces the first)")
    parser.add_argument("--event", type=int, default=None, help="the event id (default: the battle id)")
    parser.add_argument("--start-date", default=datetime.now(UTC).date().isoformat(), help="ISO date; the year counts")
    parser.add_argument("--winners", required=True, help='JSON: {"1st Place": [userId, ...], "Top 4": [...]}')
    args = parser.parse_args(argv)
    if not args.nats:
        parser.error("no NATS URL: pass --nats or set E2E_NATS_URL")
    winners = {place: [int(user) for user in users] for place, users in json.loads(args.winners).items()}
    envelope = winners_set(args.org, args.battle, args.event or args.battle, args.start_date, winners)
    asyncio.run(publish(args.nats, envelope))
    return 0


if __name__ == "__main__":
    sys.exit(main())
