"""Settings the Kubernetes manifests set (docs/operations.md): stream replicas, the direct LISTEN connection,
and production refusing to start on development defaults."""

from __future__ import annotations

import asyncio
from pathlib import Path

import asyncpg
import pytest

from kit.bus import Bus, ensure_stream, stream_config
from kit.db import asyncpg_dsn
from kit.local import EmbeddedNats, free_port
from kit.settings import ServiceSettings
from kit.testing import eventually
from kit.workers import NotifiedLoop, running

SECRET = "a real secret of at least 32 characters"


class WithPublicUrl(ServiceSettings):
    public_url: str = "http://localhost:8080"


class TestStreamReplicas:
    def test_one_by_default_and_what_the_environment_says(self, monkeypatch: pytest.MonkeyPatch) -> None:
        assert ServiceSettings().nats_stream_replicas == 1
        assert stream_config("kittest").num_replicas == 1
        monkeypatch.setenv("NATS_STREAM_REPLICAS", "3")
        replicas = ServiceSettings().nats_stream_replicas
        assert replicas == 3
        config = stream_config("kittest", replicas)
        assert (config.name, config.subjects, config.num_replicas) == ("KITTEST", ["kittest.>"], 3)

    async def test_a_stream_is_made_and_kept_with_the_setting(self, tmp_path: Path) -> None:
        server = EmbeddedNats(tmp_path / "nats", port=free_port())
        server.start()
        bus = Bus(server.url, name="kittest", streams=("kittest",), stream_replicas=1)
        try:
            bus.start()
            js = await bus.wait_ready(timeout=10)
            assert (await js.stream_info("KITTEST")).config.num_replicas == 1
            # One server holds one copy: asking it for three is refused, so the setting reached the stream.
            with pytest.raises(Exception, match="replicas|resources|peers"):
                await ensure_stream(js, "kittest", 3)
        finally:
            await bus.close()
            server.stop()


class TestListenConnection:
    def test_listen_url_is_the_direct_url_when_there_is_one(self) -> None:
        pooled = "postgresql+asyncpg://u@cypher-postgres-pooler-rw:5432/db"
        direct = "postgresql+asyncpg://u@cypher-postgres-rw:5432/db"
        assert ServiceSettings(database_url=pooled).listen_url == pooled
        assert ServiceSettings(database_url=pooled, database_direct_url=direct).listen_url == direct

    async def test_the_listener_is_named_in_pg_stat_activity(self, database_url: str) -> None:
        async def step() -> float | None:
            return None

        loop = NotifiedLoop("kit-test-loop", step, database_url=database_url, channel="kit_test", poll_seconds=60)
        conn = await asyncpg.connect(asyncpg_dsn(database_url))
        try:

            async def listening() -> bool:
                query = "SELECT count(*) FROM pg_stat_activity WHERE application_name = 'cypher-listen-kit-test-loop'"
                return bool(await conn.fetchval(query))

            async with running(loop.run()):
                await eventually(listening)
        finally:
            await conn.close()
        await asyncio.sleep(0)


class TestProductionRefusesDevelopmentDefaults:
    def test_a_localhost_public_url(self) -> None:
        with pytest.raises(ValueError, match="PUBLIC_URL is http://localhost:8080"):
            WithPublicUrl(env="production", internal_token_secret=SECRET)
        with pytest.raises(ValueError, match="PUBLIC_URL is http://127.0.0.1"):
            WithPublicUrl(env="production", internal_token_secret=SECRET, public_url="http://127.0.0.1")
        assert WithPublicUrl(env="production", internal_token_secret=SECRET, public_url="https://cypher.dance")
        assert WithPublicUrl(env="development")

    def test_one_machine_may_say_so(self) -> None:
        assert WithPublicUrl(env="production", internal_token_secret=SECRET, single_host=True).single_host

    def test_the_development_secret(self) -> None:
        with pytest.raises(ValueError, match="CYPHER_INTERNAL_TOKEN_SECRET"):
            WithPublicUrl(env="production", public_url="https://cypher.dance")
