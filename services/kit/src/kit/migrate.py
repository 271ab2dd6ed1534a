"""`python -m kit.migrate <package>`: bring a service's database to the migration head before it starts
(a Kubernetes init container, the compose entrypoint). A PostgreSQL advisory lock makes concurrent runs
(several replicas starting at once) take turns."""

from __future__ import annotations

import asyncio
import importlib
import sys

import asyncpg

from kit.migrations import upgrade_to_head
from kit.outbox import asyncpg_dsn

LOCK_KEY = 0x43595048  # "CYPH"


async def migrate(package: str) -> None:
    app_module = importlib.import_module(f"{package}.app")
    settings = importlib.import_module(f"{package}.config").Settings()
    conn = await asyncpg.connect(asyncpg_dsn(settings.database_url))
    try:
        await conn.execute("SELECT pg_advisory_lock($1)", LOCK_KEY)
        await upgrade_to_head(app_module.MIGRATIONS_DIR, settings.database_url)
    finally:
        await conn.close()  # releases the lock


def main() -> int:
    if len(sys.argv) != 2:
        print("usage: python -m kit.migrate <service package>", file=sys.stderr)
        return 2
    asyncio.run(migrate(sys.argv[1]))
    print(f"{sys.argv[1]}: migrated to head")
    return 0


if __name__ == "__main__":
    sys.exit(main())
