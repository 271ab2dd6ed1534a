"""Events of the battles service (stream BATTLES) that other services consume already."""

from __future__ import annotations

from datetime import date, datetime
from typing import Any, ClassVar

from pydantic import field_validator

from contracts.base import Event, Payload


class Winners(Payload):
    place: str
    user_ids: list[int] = []


class WinnersSet(Event):
    """A battle's winners; place is one of `1st Place`, `2nd Place`, `Top 4`, `Top 8`, `Top 16`, `Top 32`."""

    type: ClassVar[str] = "battles.winners.set"

    battle_id: int
    event_id: int | None = None
    org_id: int | None = None
    start_date: date
    winners: list[Winners] = []

    @field_validator("start_date", mode="before")
    @classmethod
    def _day(cls, value: Any) -> Any:
        """An ISO date; an ISO instant is read as its day."""
        if isinstance(value, str) and len(value) > 10:
            return datetime.fromisoformat(value.replace("Z", "+00:00")).date()
        return value

    def topics(self) -> list[str]:
        topics = [f"battle:{self.battle_id}"]
        if self.event_id is not None:
            topics.append(f"event:{self.event_id}")
        return topics
