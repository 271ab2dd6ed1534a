"""A scaffolded service boots, migrates to head and answers its health checks, as written."""

from __future__ import annotations

import importlib
import sys
from pathlib import Path

import httpx
import pytest
from asgi_lifespan import LifespanManager

from kit.events import register_stream
from kit.platform import TABLE, Service, load
from kit.scaffold import FILES, scaffold
from kit.testing import migrated_database


async def test_a_scaffolded_service_boots_migrates_and_is_healthy(
    tmp_path: Path, pg_server_url: str, nats_url: str
) -> None:
    table = tmp_path / "services.toml"
    table.write_text(TABLE.read_text())
    target = scaffold("kitscaffolded", services=tmp_path, table=table)
    assert sorted(str(p.relative_to(target)) for p in target.rglob("*") if p.is_file()) == sorted(
        f.format(name="kitscaffolded") for f in FILES
    )
    register_stream("kitscaffolded", "KITSCAFFOLDED")
    sys.path.insert(0, str(target / "src"))  # as `uv sync` would install it
    try:
        config = importlib.import_module("kitscaffolded.config")
        app_module = importlib.import_module("kitscaffolded.app")
        async with migrated_database(pg_server_url, "kitscaffolded") as url:
            app = app_module.create_app(config.Settings(database_url=url, nats_url=nats_url, log_json=False))
            async with LifespanManager(app):
                await app.state.bus.wait_ready(timeout=10)
                transport = httpx.ASGITransport(app=app)
                async with httpx.AsyncClient(transport=transport, base_url="http://t") as client:
                    assert (await client.get("/healthz")).status_code == 200
                    ready = await client.get("/readyz")
                    assert ready.status_code == 200, ready.text
    finally:
        sys.path.remove(str(target / "src"))
        for name in [m for m in sys.modules if m.startswith("kitscaffolded")]:
            del sys.modules[name]


def test_the_scaffold_adds_the_services_row_to_the_table(tmp_path: Path) -> None:
    table = tmp_path / "services.toml"
    table.write_text(TABLE.read_text())
    before, gateway = load(table)
    scaffold("kitrow", prefix="rows", services=tmp_path, table=table)
    after, same_gateway = load(table)
    assert after[:-1] == before and same_gateway == gateway
    assert after[-1] == Service(
        name="kitrow",
        port=max(s.port for s in before) + 1,
        prefix="rows",
        routes=("kitrow", "kitrow/**"),
        calls=("identity",),
        replicas=(2, 4),
        cpu="100m",
        memory="256Mi",
    )
    assert after[-1].stream == "ROWS" and after[-1].database_name == "cypher_kitrow"


def test_a_name_or_prefix_the_table_has_is_refused_and_nothing_is_written(tmp_path: Path) -> None:
    table = tmp_path / "services.toml"
    table.write_text(TABLE.read_text())
    for name, prefix in (("events", None), ("kitnew", "orgs")):
        with pytest.raises(ValueError):
            scaffold(name, prefix=prefix, services=tmp_path, table=table)
        assert not (tmp_path / name).exists()
    assert table.read_text() == TABLE.read_text()


def test_a_name_that_is_not_an_identifier_is_refused(tmp_path: Path) -> None:
    table = tmp_path / "services.toml"
    table.write_text(TABLE.read_text())
    with pytest.raises(ValueError):
        scaffold("Bad-Name", services=tmp_path, table=table)
    assert table.read_text() == TABLE.read_text()
