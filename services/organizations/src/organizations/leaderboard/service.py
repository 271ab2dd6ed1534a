"""The leaderboard: points from battle results (battles.winners.set), ranked per year among the members."""

from __future__ import annotations

import logging

from sqlalchemy.ext.asyncio import AsyncSession

from contracts.battles import WinnersSet
from kit import profiles
from kit.events import Envelope
from kit.paging import Page
from kit.profiles import IdentityClient
from organizations.leaderboard import rules
from organizations.leaderboard.repository import leaderboard_repository
from organizations.leaderboard.schemas import LeaderboardMember
from organizations.orgs.access import OrgAccess

logger = logging.getLogger("organizations.leaderboard")


class LeaderboardService:
    async def board(
        self,
        session: AsyncSession,
        identity: IdentityClient,
        access: OrgAccess,
        *,
        year: int,
        sort: rules.LeaderboardSort,
        page: Page,
    ) -> list[LeaderboardMember]:
        rows = await leaderboard_repository.board(session, access.organization.id, year=year, sort=sort, page=page)
        members = [
            LeaderboardMember(
                id=row.id, dancer_name=row.dancer_name, avatar=row.avatar, rank=row.rank, points=row.points
            )
            for row in rows
        ]
        await profiles.complete(session, identity, members, (row.id for row in rows if not row.known))
        return members

    async def apply_winners(self, session: AsyncSession, result: WinnersSet, envelope: Envelope) -> None:
        """A battle's winners replace whatever that battle awarded before. A result older than the one
        applied (a late redelivery) changes nothing."""
        winners = [(w.place, w.user_ids) for w in result.winners]
        if unknown := rules.unknown_places(winners):
            logger.warning("battle %s: places outside the points table earn nothing: %s", result.battle_id, unknown)
        org_id = result.org_id
        if org_id is not None and not await leaderboard_repository.organization_exists(session, org_id):
            logger.warning("battle %s names organization %s, which does not exist", result.battle_id, org_id)
            org_id = None
        newest = await leaderboard_repository.claim_result(
            session,
            battle_id=result.battle_id,
            event_id=result.event_id,
            org_id=org_id,
            start_date=result.start_date,
            set_at=envelope.occurred_at,
        )
        if not newest:
            logger.info("battle %s: an older result arrived late and was ignored", result.battle_id)
            return
        await leaderboard_repository.replace_awards(
            session,
            battle_id=result.battle_id,
            org_id=org_id,
            year=rules.year_of(result.start_date),
            awards=rules.awards(winners),
        )


leaderboard_service = LeaderboardService()
