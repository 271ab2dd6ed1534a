"""Each browse list can run on its index, as the prepared statement's generic plan (what kit.rows runs after a few
executions): the partial indexes' predicates are written as literals and the expressions as the indexes say. With
sequential scans priced out, a plan that still scans the table would mean the index cannot serve the query."""

from __future__ import annotations

from fastapi import FastAPI

from events.listing import repository
from events.listing.rules import Sort
from kit.rows import Query


async def plan(app: FastAPI, query: Query) -> str:
    nulls = ", ".join("NULL" for _ in query.names)
    async with app.state.rows.pool.acquire() as connection, connection.transaction():
        await connection.execute("SET LOCAL enable_seqscan = off; SET LOCAL plan_cache_mode = force_generic_plan")
        await connection.execute(f"PREPARE listed AS {query.sql}")
        try:
            lines = await connection.fetch(f"EXPLAIN EXECUTE listed({nulls})")
        finally:
            await connection.execute("DEALLOCATE listed")
    return "\n".join(line[0] for line in lines)


SPREAD = """
INSERT INTO event (organizer_id, status, title, lat, lng, time_zone, local_start, local_end, starts_at, ends_at)
SELECT 1, CASE WHEN n % 10 = 0 THEN 'draft' ELSE 'published' END, 'Jam ' || (n % 97) || ' session',
       (n % 160) - 80, (n * 7 % 360) - 180, 'UTC', at, at + interval '5 hours', at, at + interval '5 hours'
FROM (SELECT n, now() - interval '900 days' + n * interval '6 hours' AS at FROM generate_series(1, 8000) AS n) AS s
"""


async def test_each_list_uses_its_index(app: FastAPI) -> None:
    async with app.state.rows.pool.acquire() as connection:
        await connection.execute(SPREAD)
        await connection.execute("ANALYZE event")
    expected = {
        repository.page_query("future", Sort.DATE_ASC, False, False): "_start",
        repository.page_query("past", Sort.DATE_DESC, False, False): "_start",
        repository.page_query("future", Sort.TITLE_ASC, False, False): "ix_event_published_title",
        repository.page_query("now", Sort.DATE_ASC, False, False): "ix_event_published_running",
        # a keyword in a bounded tab walks the tab's range and reads each row's stored words
        repository.page_query("future", Sort.DATE_ASC, False, False, keyword=True): "_start",
        repository.page_query("past", Sort.DATE_DESC, False, False, keyword=True): "ix_event_title_words",
        repository.page_query(None, Sort.DATE_ASC, False, False, dates=True): "ix_event_published_local",
        repository.calendar_query(False, False): "ix_event_published_local",
        repository.calendar_query(True, False): "ix_event_published_local",
        repository.map_query("now", Sort.DATE_ASC, 1, False, False): "ix_event_published_location",
        repository.map_query("past", Sort.DATE_DESC, 2, False, True): "ix_event_published_location",
    }
    missing = []
    for query, index in expected.items():
        found = await plan(app, query)
        if index not in found or "Seq Scan on event" in found:
            missing.append(f"{index} not in the plan of\n{query.sql}\n{found}")
    assert not missing, "\n\n".join(missing)


async def test_the_browse_indexes_are_as_the_migration_writes_them(app: FastAPI) -> None:
    """Autogenerate skips expression indexes: checked by name and definition."""
    async with app.state.rows.pool.acquire() as connection:
        found = dict(await connection.fetch("SELECT indexname, indexdef FROM pg_indexes WHERE tablename = 'event'"))
    assert "USING gin (title_words)" in found["ix_event_title_words"]
    assert "INCLUDE (starts_at, ends_at)" in found["ix_event_published_location"]
    for name in ("start", "title", "running", "local", "location"):
        assert (
            "WHERE (((status)::text = 'published'::text) AND (deleted_at IS NULL)"
            in found[f"ix_event_published_{name}"]
        )
