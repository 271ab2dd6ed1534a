from __future__ import annotations

from datetime import datetime
from typing import Any

from pydantic import Field, field_validator

from kit.schemas import Schema
from kit.types import Id, Name
from organizations.media.rules import video_id


class MediaIn(Schema):
    """Without `id`, a new clip; with it, that clip's link and name change. `userId` is ignored: the clip is
    recorded as the caller's."""

    id: Id | None = None
    link: str
    name: Name | None = Field(default=None, max_length=200)
    user_id: Id | None = None
    org_id: Id | None = None
    event_id: Id | None = None

    @field_validator("link", mode="before")
    @classmethod
    def _video_id(cls, value: Any) -> str:
        return video_id(value if isinstance(value, str) else None)


class Media(Schema):
    id: int
    name: str
    link: str
    user_id: int
    org_id: int | None = None
    event_id: int | None = None
    created_at: datetime
