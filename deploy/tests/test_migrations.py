"""`python -m kit.migrate` (the container entrypoint and the Kubernetes init container) brings each service's
database to head with the kit's Alembic configuration, and the models agree with the migrations."""

from __future__ import annotations

import asyncio
import os
import subprocess
import sys
import uuid
from pathlib import Path

import pytest

from kit.local import EmbeddedPostgres
from kit.testing import create_database, drop_database

ROOT = Path(__file__).resolve().parents[2]
PACKAGES = sorted(p.parent.name for p in (ROOT / "services").glob("*/src/*/app.py") if p.parent.name != "kit")


@pytest.fixture(scope="module")
def server() -> str:
    configured = os.environ.get("TEST_DATABASE_URL")
    if configured:
        return configured
    pg = EmbeddedPostgres(ROOT / ".run" / "test" / "pg", durable=False)
    pg.start()
    return pg.url()


@pytest.mark.parametrize("package", PACKAGES)
def test_kit_migrate_brings_a_service_to_head_and_its_models_agree(server: str, package: str) -> None:
    name = f"test_migrate_{package}_{uuid.uuid4().hex[:8]}"
    url = asyncio.run(create_database(server, name))
    try:
        env = {**os.environ, f"{package.upper()}_DATABASE_URL": url}
        for args in ([package], [package, "check"], [package, "downgrade", "base"], [package]):
            done = subprocess.run(
                [sys.executable, "-m", "kit.migrate", *args], env=env, capture_output=True, text=True, timeout=120
            )
            assert done.returncode == 0, f"kit.migrate {' '.join(args)}: {done.stdout}{done.stderr}"
    finally:
        asyncio.run(drop_database(server, name))
