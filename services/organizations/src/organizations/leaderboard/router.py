from __future__ import annotations

from datetime import UTC, datetime
from typing import Annotated

from fastapi import APIRouter, Depends, Query, Request, Response

from kit.paging import Page, paging
from kit.principal import principal_of
from kit.types import Id
from organizations.leaderboard.rules import LeaderboardSort
from organizations.leaderboard.schemas import LeaderboardMember
from organizations.leaderboard.service import leaderboard_service

router = APIRouter(prefix="/api", tags=["organizations"])

LeaderboardPage = Annotated[Page, Depends(paging(default=100, cap=100))]


@router.get("/orgs/{org_id}/leaderboard", response_model=list[LeaderboardMember])
async def leaderboard(
    org_id: Id,
    request: Request,
    page: LeaderboardPage,
    sb: LeaderboardSort = LeaderboardSort.RANK_ASC,
    y: Annotated[int | None, Query(ge=0, le=9999, description="year; 0 for all years; default this year")] = None,
) -> Response:
    # A hot read: no dependency but its parameters' (docs/development.md, "How a service reads").
    year = datetime.now(UTC).year if y is None else y
    return await leaderboard_service.board(request.app, principal_of(request), org_id, year=year, sort=sb, page=page)
