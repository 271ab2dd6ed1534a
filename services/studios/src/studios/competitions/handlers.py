"""Consumers of the events and battles services: the events, battles, entries and ranks the studio page shows."""

from __future__ import annotations

from contracts.battles import (
    BATTLE_CHANGES,
    ENTRY_CHANGES,
    WinnersSet,
)
from contracts.events import EventCreated, EventDeleted, EventPublished, EventUpdated
from kit.consumers import Handler
from studios.competitions.repository import competition_repository

handlers = [
    Handler(
        "competition-events",
        (EventCreated, EventUpdated, EventPublished, EventDeleted),
        competition_repository.apply_event,
    ),
    Handler("competition-battles", BATTLE_CHANGES, competition_repository.apply_battle),
    Handler("competition-entries", ENTRY_CHANGES, competition_repository.apply_entry),
    Handler("competition-ranks", WinnersSet, competition_repository.apply_winners),
]
