"""Events of other services, published to NATS as those services would."""

from __future__ import annotations

from typing import Any

from contracts.identity import ProfileCreated, ProfileReleased, ProfileUpdated
from kit.events import Envelope
from kit.testing import publish

PROFILE_EVENTS = {"created": ProfileCreated, "updated": ProfileUpdated, "released": ProfileReleased}

__all__ = ["profile_event", "publish"]


def profile_event(verb: str, profile_id: int, dancer_name: str | None, **overrides: Any) -> Envelope:
    event = PROFILE_EVENTS[verb](
        id=profile_id,
        account_id=profile_id,
        dancer_name=dancer_name,
        avatar=f"avatar-{profile_id}",
        country="France",
        city="Paris",
        state=None,
    )
    return Envelope.of(event, **overrides)
