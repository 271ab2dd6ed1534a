"""battles.winners.set as the battles service will publish it."""

from __future__ import annotations

from datetime import datetime

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
    return Envelope(
        type="battles.winners.set",
        source="battles",
        topics=[f"battle:{battle_id}", f"event:{event_id}"],
        data={
            "battleId": battle_id,
            "eventId": event_id,
            "orgId": org_id,
            "startDate": start_date,
            "winners": [{"place": place, "userIds": user_ids} for place, user_ids in winners.items()],
        },
        **extra,
    )
