"""`python -m kit.migrate` (the container entrypoint and the Kubernetes init container) brings each service's
database to head with the kit's Alembic configuration, and the models agree with the migrations."""

from __future__ import annotations

import asyncio
import os
import subprocess
import sys
import uuid
from collections.abc import Iterator
from pathlib import Path

import asyncpg
import pytest

from kit.db import asyncpg_dsn
from kit.local import EmbeddedPostgres
from kit.migrate import alembic, migrate
from kit.migrations import head_revision, migrations_dir
from kit.testing import create_database, drop_database

ROOT = Path(__file__).resolve().parents[2]
PACKAGES = sorted(p.parent.name for p in (ROOT / "services").glob("*/src/*/app.py") if p.parent.name != "kit")


async def fetch_version(url: str) -> str | None:
    conn = await asyncpg.connect(asyncpg_dsn(url))
    try:
        return await conn.fetchval("SELECT version_num FROM alembic_version")
    finally:
        await conn.close()


@pytest.fixture(scope="module")
def server() -> Iterator[str]:
    configured = os.environ.get("TEST_DATABASE_URL")
    if configured:
        yield configured
        return
    # the suites' shared server: stopped here only if this run started it (docs/development.md)
    pg = EmbeddedPostgres(ROOT / ".run" / "test" / "pg", durable=False)
    already = pg.running_port() is not None
    pg.start()
    yield pg.url()
    if not already:
        pg.stop()


@pytest.mark.parametrize("package", PACKAGES)
def test_kit_migrate_brings_a_service_to_head_and_its_models_agree(
    server: str, package: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Head, `check` (the models agree), down to base and up again, in this process: a process per step spent
    most of this suite's time importing the service again (docs/development.md, The test budget)."""
    name = f"test_migrate_{package}_{uuid.uuid4().hex[:8]}"
    url = asyncio.run(create_database(server, name))
    monkeypatch.setenv(f"{package.upper()}_DATABASE_URL", url)
    try:
        asyncio.run(migrate(package))
        alembic(package, ["check"])
        alembic(package, ["downgrade", "base"])
        asyncio.run(migrate(package))
    finally:
        asyncio.run(drop_database(server, name))


def test_the_entrypoint_migrates_a_database_to_head(server: str) -> None:
    """`python -m kit.migrate <package>` as the container and the init container run it."""
    name = f"test_migrate_cli_{uuid.uuid4().hex[:8]}"
    url = asyncio.run(create_database(server, name))
    try:
        env = {**os.environ, "IDENTITY_DATABASE_URL": url}
        done = subprocess.run(
            [sys.executable, "-m", "kit.migrate", "identity"], env=env, capture_output=True, text=True, timeout=120
        )
        assert done.returncode == 0, f"{done.stdout}{done.stderr}"
        assert "identity: migrated to head" in done.stdout
        version = asyncio.run(fetch_version(url))
        assert version == head_revision(migrations_dir("identity"))
    finally:
        asyncio.run(drop_database(server, name))
