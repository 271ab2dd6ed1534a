"""Consumers of the events and battles services: the events, battles, entries and ranks the studio page shows."""

from __future__ import annotations

from sqlalchemy.ext.asyncio import AsyncSession

from contracts.battles import (
    BATTLE_CHANGES,
    ENTRY_CHANGES,
    BattleChanged,
    ParticipantChanged,
    WinnersSet,
)
from contracts.events import EventChanged, EventCreated, EventDeleted, EventPublished, EventUpdated
from kit.consumers import Handler
from kit.events import Envelope
from studios.competitions.repository import competition_repository


async def apply_event(session: AsyncSession, event: EventChanged, envelope: Envelope) -> None:
    await competition_repository.apply_event(session, event, envelope.occurred_at)


async def apply_battle(session: AsyncSession, event: BattleChanged, envelope: Envelope) -> None:
    await competition_repository.apply_battle(session, event, envelope.occurred_at)


async def apply_entry(session: AsyncSession, event: ParticipantChanged, envelope: Envelope) -> None:
    await competition_repository.apply_entry(session, event, envelope.occurred_at)


async def apply_winners(session: AsyncSession, event: WinnersSet, envelope: Envelope) -> None:
    await competition_repository.apply_winners(session, event, envelope.occurred_at)


handlers = [
    Handler("competition-events", (EventCreated, EventUpdated, EventPublished, EventDeleted), apply_event),
    Handler("competition-battles", BATTLE_CHANGES, apply_battle),
    Handler("competition-entries", ENTRY_CHANGES, apply_entry),
    Handler("competition-ranks", WinnersSet, apply_winners),
]
