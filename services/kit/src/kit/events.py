"""Domain events: the payload base `Event` and the envelope {id, type, source, occurredAt, version, topics[], data,
requestId?}.

Subject = type = `<service>.<aggregate>.<verb in past tense>`; `topics` name what a live view may follow
(`event:12`, `user:5`) so the gateway can route them without knowing the domain. The payload models themselves
live in the shared `contracts` package, which producers and consumers both import."""

from __future__ import annotations

import uuid
from datetime import UTC, datetime
from typing import Any

import orjson
from pydantic import Field

from contracts.base import Event
from kit.logs import request_id_var
from kit.platform import SERVICES
from kit.schemas import Schema

__all__ = ["STREAMS", "Envelope", "Event", "register_stream"]

# One JetStream stream per service, over `<prefix>.>` (kit/services.toml).
STREAMS: dict[str, str] = {s.prefix: s.stream for s in SERVICES}


class Envelope(Schema):
    id: uuid.UUID = Field(default_factory=uuid.uuid4)
    type: str
    source: str
    occurred_at: datetime = Field(default_factory=lambda: datetime.now(UTC))
    version: int = 1
    topics: list[str] = Field(default_factory=list)
    data: dict[str, Any] = Field(default_factory=dict)
    # The request that caused it (kit.logs), so a consumer's log lines carry it too; absent in older messages and
    # in events no request caused.
    request_id: str | None = None

    def to_json(self) -> bytes:
        return orjson.dumps(self.model_dump(mode="json", by_alias=True))

    @classmethod
    def from_json(cls, raw: bytes) -> Envelope:
        return cls.model_validate(orjson.loads(raw))

    @classmethod
    def of(cls, event: Event, **fields: Any) -> Envelope:
        """The envelope an outbox would publish for `event` (tests and tools publish with it too)."""
        fields.setdefault("request_id", request_id_var.get())
        return cls(
            type=event.type,
            source=event.source(),
            topics=event.topics(),
            data=event.model_dump(mode="json", by_alias=True),
            **fields,
        )


def register_stream(prefix: str, name: str) -> None:
    """Add a stream (kit's own tests use one that no service owns)."""
    STREAMS[prefix] = name
