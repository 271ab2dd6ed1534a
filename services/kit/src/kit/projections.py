"""Projections of other services' data, fed by their events: each row written as of its announcement's time
(the envelope's `occurredAt`, kept in the row's stamp column, `changed_at` unless told), so a redelivery changes
nothing and an older announcement arriving after a newer one is ignored."""

from __future__ import annotations

from datetime import datetime
from typing import Any

from sqlalchemy.dialects.postgresql import insert
from sqlalchemy.ext.asyncio import AsyncSession


def instant(value: str | None) -> datetime | None:
    """An ISO 8601 instant from an event's payload (a trailing `Z` or an offset), or None for none."""
    if not value:
        return None
    return datetime.fromisoformat(value[:-1] + "+00:00" if value.endswith(("Z", "z")) else value)


async def upsert_as_of(
    session: AsyncSession,
    model: Any,
    key: dict[str, Any],
    values: dict[str, Any],
    *,
    at: datetime,
    stamp: str = "changed_at",
) -> bool:
    """The row of `key` (its primary key) with `values` as of `at` (kept in the column `stamp`), unless a newer
    announcement was applied already; a row with no stamp yet (a placeholder) takes any; true when written."""
    statement = insert(model).values(**key, **values, **{stamp: at})
    column = getattr(model, stamp)
    written = await session.execute(
        statement.on_conflict_do_update(
            index_elements=list(key),
            set_={name: statement.excluded[name] for name in [*values, stamp]},
            where=column.is_(None) | (column <= statement.excluded[stamp]),
        ).returning(*(getattr(model, name) for name in key))
    )
    return written.first() is not None
