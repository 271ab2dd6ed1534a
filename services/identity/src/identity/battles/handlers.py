"""A profile's battlesEntered, battlesJudged and battlesWon from the battles service's announcements."""

from __future__ import annotations

from sqlalchemy.ext.asyncio import AsyncSession

from contracts.battles import (
    BattleDeleted,
    JudgeAdded,
    JudgeChanged,
    JudgeRemoved,
    ParticipantChanged,
    ParticipantRegistered,
    ParticipantUnregistered,
    WinnersSet,
)
from identity.battles import rules
from identity.battles.repository import battle_stats_repository
from kit.consumers import Handler
from kit.events import Envelope


async def apply(
    session: AsyncSession, event: ParticipantChanged | JudgeChanged | WinnersSet | BattleDeleted, envelope: Envelope
) -> None:
    at = envelope.occurred_at
    if isinstance(event, ParticipantChanged | JudgeChanged):
        role = rules.ENTERED if isinstance(event, ParticipantChanged) else rules.JUDGED
        active = isinstance(event, ParticipantRegistered | JudgeAdded)
        await battle_stats_repository.set_role(session, event.battle_id, event.user_id, role, active=active, at=at)
    elif isinstance(event, WinnersSet):
        await battle_stats_repository.set_winners(session, event.battle_id, rules.winners_of(event.winners), at)
    elif isinstance(event, BattleDeleted):
        await battle_stats_repository.delete(session, event.id)


# One durable consumer over the BATTLES stream: a battle's announcements are applied in the order published.
handlers = [
    Handler(
        "battle-stats",
        (
            ParticipantRegistered,
            ParticipantUnregistered,
            JudgeAdded,
            JudgeRemoved,
            WinnersSet,
            BattleDeleted,
        ),
        apply,
    )
]
