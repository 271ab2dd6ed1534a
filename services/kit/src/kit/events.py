"""The domain event envelope: {id, type, source, occurredAt, version, topics[], data}.

Subject = type = `<service>.<aggregate>.<verb in past tense>`; `topics` name what a live view may follow
(`event:12`, `user:5`) so the gateway can route them without knowing the domain."""

from __future__ import annotations

import uuid
from datetime import UTC, datetime
from typing import Any

import orjson
from pydantic import Field

from kit.schemas import Schema

# One JetStream stream per service, over `<service>.>`.
STREAMS: dict[str, str] = {
    "identity": "IDENTITY",
    "orgs": "ORGS",
    "studios": "STUDIOS",
    "events": "EVENTS",
    "battles": "BATTLES",
    "images": "IMAGES",
}


class Envelope(Schema):
    id: uuid.UUID = Field(default_factory=uuid.uuid4)
    type: str
    source: str
    occurred_at: datetime = Field(default_factory=lambda: datetime.now(UTC))
    version: int = 1
    topics: list[str] = Field(default_factory=list)
    data: dict[str, Any] = Field(default_factory=dict)

    def to_json(self) -> bytes:
        return orjson.dumps(self.model_dump(mode="json", by_alias=True))

    @classmethod
    def from_json(cls, raw: bytes) -> Envelope:
        return cls.model_validate(orjson.loads(raw))


def register_stream(prefix: str, name: str) -> None:
    """Add a stream (kit's own tests use one that no service owns)."""
    STREAMS[prefix] = name


def stream_for(event_type: str) -> str:
    prefix = event_type.split(".", 1)[0]
    try:
        return STREAMS[prefix]
    except KeyError as exc:
        raise ValueError(f"no stream for event type {event_type!r}") from exc
