"""The battles each profile entered, judged and won, as of the battles service's announcements (identity.stats).
A deleted battle keeps its rows but leaves every count; a late announcement about it is recorded and still not
counted."""

from __future__ import annotations

from collections.abc import Iterable
from datetime import datetime

from sqlalchemy import Select, delete, exists, select
from sqlalchemy.dialects.postgresql import insert
from sqlalchemy.ext.asyncio import AsyncSession
from sqlalchemy.sql.elements import SQLCoreOperations

from identity import stats
from identity.battles import rules
from identity.models import Battle, BattleRole
from kit.projections import upsert_as_of


def _counts() -> dict[str, SQLCoreOperations[int]]:
    not_deleted = ~exists().where(Battle.battle_id == BattleRole.battle_id, Battle.deleted)
    return {
        column: stats.active_count(BattleRole, BattleRole.role == role, not_deleted)
        for role, column in rules.STAT_OF_ROLE.items()
    }


class BattleStatsRepository:
    async def set_role(
        self, session: AsyncSession, battle_id: int, user_id: int, role: str, *, active: bool, at: datetime
    ) -> None:
        key = {"battle_id": battle_id, "user_id": user_id, "role": role}
        await stats.record(session, BattleRole, key, active=active, at=at)
        await self.recount(session, [user_id])

    async def set_winners(self, session: AsyncSession, battle_id: int, winners: set[int], at: datetime) -> None:
        """A replacement of the battle's winners, unless winners set later were applied already."""
        if not await upsert_as_of(session, Battle, {"battle_id": battle_id}, {}, at=at, stamp="winners_set_at"):
            return
        former = await session.scalars(
            delete(BattleRole)
            .where(BattleRole.battle_id == battle_id, BattleRole.role == rules.WON)
            .returning(BattleRole.user_id)
        )
        affected = set(former) | winners
        if winners:
            await session.execute(
                insert(BattleRole),
                [
                    {"battle_id": battle_id, "user_id": user_id, "role": rules.WON, "active": True, "changed_at": at}
                    for user_id in sorted(winners)
                ],
            )
        await self.recount(session, affected)

    async def delete(self, session: AsyncSession, battle_id: int) -> None:
        statement = insert(Battle).values(battle_id=battle_id, deleted=True)
        await session.execute(
            statement.on_conflict_do_update(index_elements=[Battle.battle_id], set_={"deleted": True})
        )
        await self.recount(session, select(BattleRole.user_id).where(BattleRole.battle_id == battle_id).distinct())

    async def recount(self, session: AsyncSession, user_ids: Iterable[int] | Select[tuple[int]]) -> None:
        await stats.recount(session, user_ids, **_counts())


battle_stats_repository = BattleStatsRepository()
