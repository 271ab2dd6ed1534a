"""The hand-written migration and the models say the same thing (autogenerate finds nothing to add)."""

from __future__ import annotations

from typing import Any

from alembic.autogenerate import compare_metadata
from alembic.migration import MigrationContext
from fastapi import FastAPI

from events.models import Base


async def test_the_migration_matches_the_models(app: FastAPI) -> None:
    ours = set(Base.metadata.tables)

    def diff(connection: Any) -> list[Any]:
        return compare_metadata(MigrationContext.configure(connection), Base.metadata)

    async with app.state.engine.connect() as connection:
        found = await connection.run_sync(diff)

    # The kit's own tables (outbox, processed messages...) are not in this service's metadata.
    def kits(change: Any) -> bool:
        kind, thing = change[0], change[1]
        if kind == "remove_table":
            return thing.name not in ours
        return kind == "remove_index" and thing.table.name not in ours

    found = [change for change in found if not kits(change)]
    assert found == []


async def test_the_location_has_a_gist_index_on_point(app: FastAPI) -> None:
    """Autogenerate skips expression indexes: this one is checked by name and definition."""
    from sqlalchemy import text

    async with app.state.engine.connect() as connection:
        definition = await connection.scalar(
            text("SELECT indexdef FROM pg_indexes WHERE tablename = 'event' AND indexname = 'ix_event_location'")
        )
    assert definition is not None and "USING gist (point(lng, lat))" in definition
