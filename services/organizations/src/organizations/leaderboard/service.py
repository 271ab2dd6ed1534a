"""The leaderboard: points from battle results (battles.winners.set), ranked per year among the members."""

from __future__ import annotations

import logging
from typing import Any

from fastapi import FastAPI, Response
from sqlalchemy.ext.asyncio import AsyncSession

from contracts.battles import WinnersSet
from kit import profiles
from kit.events import Envelope
from kit.paging import Page
from kit.principal import Principal
from kit.rows import answer, rows_of
from organizations.leaderboard import rules
from organizations.leaderboard.repository import leaderboard_repository
from organizations.orgs.service import organization_service

logger = logging.getLogger("organizations.leaderboard")


class LeaderboardService:
    async def board(
        self, app: FastAPI, principal: Principal, org_id: int, *, year: int, sort: rules.LeaderboardSort, page: Page
    ) -> Response:
        """The `LeaderboardMember` list as JSON built from the rows, on kit.rows: the hot read of an
        organization's page. A member without points has neither `rank` nor `points` (the keys are absent)."""
        rows = rows_of(app)
        await organization_service.visible(rows, org_id, principal)
        found = await leaderboard_repository.board(rows, org_id, year=year, sort=sort, page=page)
        members = [
            {"id": row["id"], "dancerName": row["dancer_name"], "avatar": row["avatar"]}
            | ({"rank": row["rank"], "points": row["points"]} if row["points"] is not None else {})
            for row in found
        ]
        if unknown := [row["id"] for row in found if not row["known"]]:
            await self._complete(app, members, unknown)
        return answer(members)

    async def _complete(self, app: FastAPI, members: list[dict[str, Any]], unknown: list[int]) -> None:
        """Members the profile projection has never seen: one read from identity, kept (rare: the projection
        follows identity's events). A cache write, so an autocommit session is enough."""
        async with app.state.read_sessionmaker() as session:
            known = await profiles.fetch_missing(session, app.state.identity, unknown)
        for member in members:
            if known and (user := known.get(member["id"])) is not None:
                member["dancerName"], member["avatar"] = user.dancer_name, user.avatar

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
