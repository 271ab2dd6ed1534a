from __future__ import annotations

from typing import Any

from pydantic import Field

from kit.schemas import Schema

# A member without points in the year has no rank and no points: both keys are absent.
Absent: Any = Field(default=None, exclude_if=lambda value: value is None)


class LeaderboardMember(Schema):
    id: int
    dancer_name: str | None = None
    avatar: str | None = None
    rank: int | None = Absent
    points: int | None = Absent
