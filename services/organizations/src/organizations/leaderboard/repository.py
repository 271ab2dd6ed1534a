from __future__ import annotations

import functools
from collections.abc import Sequence
from datetime import date, datetime
from typing import Any

from sqlalchemy import Integer, Select, bindparam, case, delete, exists, func, select
from sqlalchemy.dialects.postgresql import insert
from sqlalchemy.ext.asyncio import AsyncSession

from kit.paging import Page
from kit.profiles import with_profiles
from kit.projections import upsert_as_of
from kit.rows import Query, Record, Rows
from organizations.leaderboard.rules import ALL_YEARS, Award, LeaderboardSort
from organizations.models import BattleResult, LeaderboardAward, Organization, OrganizationMember


class LeaderboardRepository:
    async def organization_exists(self, session: AsyncSession, org_id: int) -> bool:
        return bool(await session.scalar(select(exists().where(Organization.id == org_id))))

    async def claim_result(
        self,
        session: AsyncSession,
        *,
        battle_id: int,
        event_id: int | None,
        org_id: int | None,
        start_date: date,
        set_at: datetime,
    ) -> bool:
        """Record the battle's result unless a newer one is recorded already; True when this one wins. The
        row stays locked until commit, so two results of one battle are applied one after the other."""
        values = {"event_id": event_id, "organization_id": org_id, "start_date": start_date}
        return await upsert_as_of(session, BattleResult, {"battle_id": battle_id}, values, at=set_at, stamp="set_at")

    async def replace_awards(
        self, session: AsyncSession, *, battle_id: int, org_id: int | None, year: int, awards: Sequence[Award]
    ) -> None:
        await session.execute(delete(LeaderboardAward).where(LeaderboardAward.battle_id == battle_id))
        if org_id is None or not awards:
            return
        await session.execute(
            insert(LeaderboardAward).values(
                [
                    {
                        "battle_id": battle_id,
                        "user_id": award.user_id,
                        "organization_id": org_id,
                        "year": year,
                        "place": award.place,
                        "points": award.points,
                    }
                    for award in awards
                ]
            )
        )

    async def board(self, rows: Rows, org_id: int, *, year: int, sort: LeaderboardSort, page: Page) -> list[Record]:
        """One statement on kit.rows: the members with their points in `year` (every year for 0) and their rank
        among the members with points. RANK() is standard competition ranking: equal points share a rank and
        the next rank skips (1, 1, 3). Members without points have neither."""
        params: dict[str, object] = {"org_id": org_id, "limit": page.limit, "offset": page.offset}
        if year != ALL_YEARS:
            params["year"] = year
        return await rows.all(_board_query(year == ALL_YEARS, sort), **params)


@functools.cache
def _board_query(all_years: bool, sort: LeaderboardSort) -> Query:
    return Query(_board_statement(all_years, sort))


def _board_statement(all_years: bool, sort: LeaderboardSort) -> Select[Any]:
    """The board's statement, compiled once per shape (every year or one, the sort; `_board_query`) with its
    values as bind parameters (`org_id`, `year`, `limit`, `offset`) (docs/decisions.md, "The read path")."""
    org_id = bindparam("org_id", type_=Integer)
    points = select(LeaderboardAward.user_id, func.sum(LeaderboardAward.points).label("points")).where(
        LeaderboardAward.organization_id == org_id
    )
    if not all_years:
        points = points.where(LeaderboardAward.year == bindparam("year", type_=Integer))
    totals = points.group_by(LeaderboardAward.user_id).subquery("totals")
    members = (
        select(
            OrganizationMember.user_id.label("id"),
            totals.c.points,
            case(
                (totals.c.points.is_not(None), func.rank().over(order_by=totals.c.points.desc().nulls_last())),
            ).label("rank"),
        )
        .select_from(OrganizationMember)
        .outerjoin(totals, totals.c.user_id == OrganizationMember.user_id)
    )
    ranked = (
        with_profiles(members, OrganizationMember.user_id).where(OrganizationMember.organization_id == org_id)
    ).subquery("ranked")
    name = func.lower(ranked.c.dancer_name)
    order = {
        LeaderboardSort.RANK_ASC: (ranked.c.rank.asc().nulls_last(), name.asc().nulls_last()),
        LeaderboardSort.RANK_DESC: (ranked.c.rank.desc().nulls_last(), name.asc().nulls_last()),
        LeaderboardSort.NAME_ASC: (name.asc().nulls_last(),),
        LeaderboardSort.NAME_DESC: (name.desc().nulls_last(),),
    }[sort]
    return (
        select(ranked)
        .order_by(*order, ranked.c.id)
        .limit(bindparam("limit", type_=Integer))
        .offset(bindparam("offset", type_=Integer))
    )


leaderboard_repository = LeaderboardRepository()
