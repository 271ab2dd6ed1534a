"""Projections of other services' data, fed by their events: each row written as of its announcement's time
(the envelope's `occurredAt`, kept in the row's `changed_at`), so a redelivery changes nothing and an older
announcement arriving after a newer one is ignored."""

from __future__ import annotations

from datetime import datetime
from typing import Any

from sqlalchemy.dialects.postgresql import insert
from sqlalchemy.ext.asyncio import AsyncSession


async def upsert_as_of(
    session: AsyncSession, model: Any, key: dict[str, Any], values: dict[str, Any], *, at: datetime
) -> bool:
    """The row of `key` (its primary key) with `values` as of `at`, unless a newer announcement was applied
    already; true when written."""
    statement = insert(model).values(**key, **values, changed_at=at)
    written = await session.execute(
        statement.on_conflict_do_update(
            index_elements=list(key),
            set_={name: statement.excluded[name] for name in [*values, "changed_at"]},
            where=model.changed_at <= statement.excluded.changed_at,
        ).returning(*(getattr(model, name) for name in key))
    )
    return written.first() is not None
