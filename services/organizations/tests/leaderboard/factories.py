"""battles.winners.set as the battles service will publish it."""

from __future__ import annotations

from datetime import datetime

from contracts.battles import Winners, WinnersSet
from kit.events import Envelope


def winners_set(
    battle_id: int,
    org_id: int | None,
    start_date: str,
    winners: dict[str, list[int]],
    *,
    event_id: int = 500,
    occurred_at: datetime | None = None,
) -> Envelope:
    extra = {"occurred_at": occurred_at} if occurred_at else {}
    event = WinnersSet.model_validate(
        {
            "battleId": battle_id,
            "eventId": event_id,
            "orgId": org_id,
            "startDate": start_date,
            "winners": [Winners(place=place, user_ids=user_ids) for place, user_ids in winners.items()],
        }
    )
    return Envelope.of(event, **extra)
