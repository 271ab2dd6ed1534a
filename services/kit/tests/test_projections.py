"""kit.projections: a projection's row as of its announcement (a late older one and a redelivery change nothing)."""

from __future__ import annotations

from collections.abc import AsyncIterator
from datetime import UTC, datetime, timedelta

import pytest
from sqlalchemy import String, select
from sqlalchemy.ext.asyncio import AsyncSession
from sqlalchemy.orm import Mapped, mapped_column

from kit.db import create_engine, create_sessionmaker, make_base, transaction
from kit.projections import upsert_as_of

Base = make_base()


class Projected(Base):
    __tablename__ = "projected"

    id: Mapped[int] = mapped_column(primary_key=True, autoincrement=False)
    value: Mapped[str] = mapped_column(String(50))
    changed_at: Mapped[datetime]


NOW = datetime(2030, 6, 1, 12, tzinfo=UTC)


@pytest.fixture
async def session(database_url: str, clean_state: None) -> AsyncIterator[AsyncSession]:
    engine = create_engine(database_url, pool_size=1)
    try:
        async with transaction(create_sessionmaker(engine)) as s:
            yield s
    finally:
        await engine.dispose()


async def value_of(session: AsyncSession, row_id: int) -> str | None:
    return await session.scalar(
        select(Projected.value).where(Projected.id == row_id).execution_options(populate_existing=True)
    )


class TestUpsertAsOf:
    async def test_newer_announcements_win_and_older_ones_change_nothing(self, session: AsyncSession) -> None:
        assert await upsert_as_of(session, Projected, {"id": 1}, {"value": "first"}, at=NOW)
        assert await upsert_as_of(session, Projected, {"id": 1}, {"value": "second"}, at=NOW + timedelta(seconds=1))
        assert await value_of(session, 1) == "second"
        late = await upsert_as_of(session, Projected, {"id": 1}, {"value": "older"}, at=NOW)
        assert late is False and await value_of(session, 1) == "second"

    async def test_the_same_time_again_is_applied_again(self, session: AsyncSession) -> None:
        """A redelivery carries the same values: writing them again is harmless (and needs no special case)."""
        assert await upsert_as_of(session, Projected, {"id": 2}, {"value": "once"}, at=NOW)
        assert await upsert_as_of(session, Projected, {"id": 2}, {"value": "once"}, at=NOW)
        assert await value_of(session, 2) == "once"
