"""The base of every payload model. The contracts depend on nothing of ours (the kit depends on them), so the
camelCase wire form is configured here as the kit's `Schema` configures it."""

from __future__ import annotations

from typing import ClassVar

from pydantic import BaseModel, ConfigDict
from pydantic.alias_generators import to_camel


class Payload(BaseModel):
    """A part of a payload: snake_case in Python, camelCase on the wire; unknown keys are ignored, so a
    producer may add a field before its consumers read it."""

    model_config = ConfigDict(alias_generator=to_camel, populate_by_name=True, serialize_by_alias=True)


class Event(Payload):
    """A domain event's payload. Each concrete event writes its type once, as `type: ClassVar[str] =
    "orgs.org.created"` (subject = type = `<service>.<aggregate>.<verb in past tense>`), and names the live
    views it concerns in `topics()` (`user:<profileId>`, `org:<id>`, ...); `outbox.add(session, event)` needs
    nothing else."""

    type: ClassVar[str]

    def topics(self) -> list[str]:
        return []

    @classmethod
    def source(cls) -> str:
        return cls.type.split(".", 1)[0]
