"""Consumer of the battles service's results: the points of the organization's leaderboard."""

from __future__ import annotations

from sqlalchemy.ext.asyncio import AsyncSession

from kit.consumers import Handler
from kit.events import Envelope
from organizations.leaderboard.service import leaderboard_service


async def on_winners_set(session: AsyncSession, envelope: Envelope) -> None:
    await leaderboard_service.apply_winners(session, envelope)


handlers = [Handler("leaderboard", "battles.winners.set", on_winners_set)]
