"""The catalogue of event payloads: each type written once, named by the house rule, on a known stream, and
documented in docs/events.md."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from contracts import EVENTS
from contracts.base import Event
from kit.events import STREAMS

DOCS = Path(__file__).resolve().parents[3] / "docs" / "events.md"


def all_event_models() -> set[type[Event]]:
    found: set[type[Event]] = set()
    pending = list(Event.__subclasses__())
    while pending:
        model = pending.pop()
        pending += model.__subclasses__()
        if "type" in model.__dict__:
            found.add(model)
    return found


def test_every_model_with_a_type_is_in_the_catalogue_once() -> None:
    assert set(EVENTS) == all_event_models()
    types = [model.type for model in EVENTS]
    assert len(types) == len(set(types))


@pytest.mark.parametrize("model", EVENTS, ids=lambda m: m.type)
def test_a_type_is_service_aggregate_verb_on_a_known_stream(model: type[Event]) -> None:
    assert re.fullmatch(r"[a-z]+\.[a-z_]+\.[a-z_]+", model.type)
    assert model.source() in STREAMS


@pytest.mark.parametrize("model", EVENTS, ids=lambda m: m.type)
def test_every_type_is_documented(model: type[Event]) -> None:
    assert f"`{model.type}`" in DOCS.read_text()
