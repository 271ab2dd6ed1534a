"""kit.projections: a projection's row as of its announcement (a late older one and a redelivery change nothing)."""

from __future__ import annotations

from collections.abc import AsyncIterator
from datetime import UTC, datetime, timedelta

import pytest
from sqlalchemy import String, select, text
from sqlalchemy.ext.asyncio import AsyncSession
from sqlalchemy.orm import Mapped, mapped_column

from kit.db import create_engine, create_sessionmaker, make_base, transaction
from kit.projections import instant, upsert_as_of

Base = make_base()


class Projected(Base):
    __tablename__ = "projected"

    id: Mapped[int] = mapped_column(primary_key=True, autoincrement=False)
    value: Mapped[str] = mapped_column(String(50))
    changed_at: Mapped[datetime]


class Stamped(Base):
    """A projection whose stamp has another name and starts empty (a placeholder row written by another feed)."""

    __tablename__ = "stamped"

    id: Mapped[int] = mapped_column(primary_key=True, autoincrement=False)
    value: Mapped[str] = mapped_column(String(50))
    set_at: Mapped[datetime | None]


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

    async def test_another_stamp_column_and_a_placeholder_without_one(self, session: AsyncSession) -> None:
        await session.execute(
            text("CREATE TEMP TABLE stamped (id int PRIMARY KEY, value varchar(50), set_at timestamptz) ON COMMIT DROP")
        )
        session.add(Stamped(id=3, value="placeholder", set_at=None))
        await session.flush()
        assert await upsert_as_of(session, Stamped, {"id": 3}, {"value": "set"}, at=NOW, stamp="set_at")
        late = await upsert_as_of(
            session, Stamped, {"id": 3}, {"value": "older"}, at=NOW - timedelta(1), stamp="set_at"
        )
        row = await session.scalar(select(Stamped).where(Stamped.id == 3).execution_options(populate_existing=True))
        assert late is False and row is not None and (row.value, row.set_at) == ("set", NOW)


class TestInstant:
    def test_a_trailing_z_is_utc(self) -> None:
        assert instant("2030-06-01T12:00:00Z") == NOW
        assert instant("2030-06-01T12:00:00.250Z") == NOW + timedelta(milliseconds=250)

    def test_an_offset_is_kept(self) -> None:
        parsed = instant("2030-06-01T14:00:00+02:00")
        assert parsed == NOW and parsed is not None and parsed.utcoffset() == timedelta(hours=2)

    def test_nothing_is_none(self) -> None:
        assert instant(None) is None and instant("") is None
