"""`python -m kit.migrate <package>`: bring a service's database to the migration head before it starts
(a Kubernetes init container, the compose entrypoint, the dev runner). A PostgreSQL advisory lock makes
concurrent runs (several replicas starting at once) take turns.

`python -m kit.migrate <package> <alembic command ...>` runs any Alembic command with the kit's configuration,
e.g. `revision --autogenerate -m "..." --rev-id 0003` or `downgrade -1` (the database is the service's
`<SVC>_DATABASE_URL`)."""

from __future__ import annotations

import asyncio
import importlib
import sys

import asyncpg
from alembic.config import CommandLine

from kit.db import asyncpg_dsn
from kit.migrations import alembic_config, migrations_dir, upgrade_to_head

LOCK_KEY = 0x43595048  # "CYPH"


async def migrate(package: str, database_url: str | None = None) -> None:
    url = database_url or importlib.import_module(f"{package}.config").Settings().database_url
    conn = await asyncpg.connect(asyncpg_dsn(url))
    try:
        await conn.execute("SELECT pg_advisory_lock($1)", LOCK_KEY)
        await upgrade_to_head(migrations_dir(package), url, package=package)
    finally:
        await conn.close()  # releases the lock


def alembic(package: str, argv: list[str]) -> None:
    cli = CommandLine(prog=f"python -m kit.migrate {package}")
    options = cli.parser.parse_args(argv)
    if not hasattr(options, "cmd"):
        cli.parser.error("too few arguments")
    cli.run_cmd(alembic_config(migrations_dir(package), package=package), options)


def main() -> int:
    if len(sys.argv) < 2:
        print("usage: python -m kit.migrate <service package> [alembic command ...]", file=sys.stderr)
        return 2
    package, rest = sys.argv[1], sys.argv[2:]
    if rest:
        alembic(package, rest)
        return 0
    asyncio.run(migrate(package))
    print(f"{package}: migrated to head")
    return 0


if __name__ == "__main__":
    sys.exit(main())
