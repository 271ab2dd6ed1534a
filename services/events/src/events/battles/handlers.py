"""Consumers of the battles service: the event page's battle chips."""

from __future__ import annotations

from typing import Any

from contracts.battles import (
    BATTLE_CHANGES,
    ENTRY_CHANGES,
)
from events.battles.repository import battle_repository
from kit.consumers import Handler

handlers: list[Handler[Any]] = [
    Handler("battles", BATTLE_CHANGES, battle_repository.apply_battle),
    Handler("battle-entries", ENTRY_CHANGES, battle_repository.apply_entry),
]
