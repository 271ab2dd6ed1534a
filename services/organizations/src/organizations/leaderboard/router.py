from __future__ import annotations

from datetime import UTC, datetime
from typing import Annotated

from fastapi import APIRouter, Depends, Query

from kit.db import SessionDep, reads
from kit.paging import Page, paging
from kit.profiles import IdentityDep
from organizations.leaderboard.rules import LeaderboardSort
from organizations.leaderboard.schemas import LeaderboardMember
from organizations.leaderboard.service import leaderboard_service
from organizations.orgs.dependencies import VisibleOrg

router = APIRouter(prefix="/api", tags=["organizations"])

LeaderboardPage = Annotated[Page, Depends(paging(default=100, cap=100))]


@router.get("/orgs/{org_id}/leaderboard", response_model=list[LeaderboardMember])
@reads
async def leaderboard(
    access: VisibleOrg,
    session: SessionDep,
    identity: IdentityDep,
    page: LeaderboardPage,
    sb: LeaderboardSort = LeaderboardSort.RANK_ASC,
    y: Annotated[int | None, Query(ge=0, le=9999, description="year; 0 for all years; default this year")] = None,
) -> list[LeaderboardMember]:
    year = datetime.now(UTC).year if y is None else y
    return await leaderboard_service.board(session, identity, access, year=year, sort=sb, page=page)
