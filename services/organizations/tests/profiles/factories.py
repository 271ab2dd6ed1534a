"""Events of other services, published to NATS as those services would."""

from __future__ import annotations

from typing import Any

import nats

from kit.bus import ensure_stream
from kit.events import Envelope


async def publish(nats_url: str, envelope: Envelope, *, msg_id: str | None = None) -> None:
    """As the owner's outbox relay would: with Nats-Msg-Id (a different msg_id makes a second delivery)."""
    nc = await nats.connect(nats_url)
    try:
        js = nc.jetstream()
        await ensure_stream(js, envelope.type.split(".", 1)[0])
        await js.publish(envelope.type, envelope.to_json(), headers={"Nats-Msg-Id": msg_id or str(envelope.id)})
    finally:
        await nc.close()


def profile_event(verb: str, profile_id: int, dancer_name: str | None, **overrides: Any) -> Envelope:
    data = {
        "id": profile_id,
        "accountId": profile_id,
        "dancerName": dancer_name,
        "avatar": f"avatar-{profile_id}",
        "country": "France",
        "city": "Paris",
        "state": None,
    }
    return Envelope(
        type=f"identity.profile.{verb}", source="identity", topics=[f"user:{profile_id}"], data=data, **overrides
    )
