from __future__ import annotations

from datetime import datetime
from typing import Any

from pydantic import Field, field_validator

from kit.schemas import Schema
from organizations.media.rules import video_id


class MediaIn(Schema):
    """Without `id`, a new clip; with it, that clip's link and name change. `userId` is ignored: the clip is
    recorded as the caller's."""

    id: int | None = None
    link: str
    name: str | None = Field(default=None, max_length=200)
    user_id: int | None = None
    org_id: int | None = Field(default=None, gt=0)
    event_id: int | None = Field(default=None, gt=0)

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
