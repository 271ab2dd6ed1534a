from __future__ import annotations

from pydantic import Field

from kit.schemas import Schema
from kit.types import Id, Name


class CrewForm(Schema):
    """The crew form: its name and the dancers in it (the captain's own id may be left out)."""

    event_id: Id | None = None
    name: Name | None = Field(default=None, max_length=100)
    user_ids: list[Id] = Field(default_factory=list, max_length=200)
