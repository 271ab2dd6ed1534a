"""Consumers of the battles service: the event page's battle chips."""

from __future__ import annotations

from typing import Any

from sqlalchemy.ext.asyncio import AsyncSession

from contracts.battles import (
    BATTLE_CHANGES,
    ENTRY_CHANGES,
    BattleChanged,
    ParticipantChanged,
)
from events.battles.repository import battle_repository
from kit.consumers import Handler
from kit.events import Envelope


async def apply_battle(session: AsyncSession, event: BattleChanged, envelope: Envelope) -> None:
    await battle_repository.apply_battle(session, event, envelope.occurred_at)


async def apply_entry(session: AsyncSession, event: ParticipantChanged, envelope: Envelope) -> None:
    await battle_repository.apply_entry(session, event, envelope.occurred_at)


handlers: list[Handler[Any]] = [
    Handler("battles", BATTLE_CHANGES, apply_battle),
    Handler("battle-entries", ENTRY_CHANGES, apply_entry),
]
