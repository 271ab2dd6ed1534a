"""Settings bases. Each service subclasses `ServiceSettings` with its own `env_prefix`."""

from __future__ import annotations

from typing import Literal
from urllib.parse import urlsplit

from pydantic import Field, model_validator
from pydantic_settings import BaseSettings, SettingsConfigDict

DEV_INTERNAL_SECRET = "dev-internal-secret-change-me-0123456789abcdef"
LOCAL_HOSTS = frozenset({"localhost", "127.0.0.1", "::1", "0.0.0.0", ""})

Environment = Literal["development", "test", "production"]


class CommonSettings(BaseSettings):
    """What every process (service or gateway) reads from the environment."""

    model_config = SettingsConfigDict(env_file=None, extra="ignore", populate_by_name=True)

    env: Environment = Field(default="development", validation_alias="CYPHER_ENV")
    log_level: str = Field(default="INFO", validation_alias="CYPHER_LOG_LEVEL")
    log_json: bool = Field(default=True, validation_alias="CYPHER_LOG_JSON")
    # Shared by the gateway (which signs the principal it forwards) and the services (which verify it).
    internal_token_secret: str = Field(default=DEV_INTERNAL_SECRET, validation_alias="CYPHER_INTERNAL_TOKEN_SECRET")
    internal_token_ttl_seconds: int = Field(default=60, validation_alias="CYPHER_INTERNAL_TOKEN_TTL")
    nats_url: str = Field(default="nats://127.0.0.1:54222", validation_alias="NATS_URL")
    # Copies of each JetStream stream this process creates (or brings to this number): 1 on one NATS server
    # (`make dev`, tests, compose), 3 in Kubernetes' three-node cluster (docs/operations.md, "Durability").
    nats_stream_replicas: int = Field(default=1, ge=1, le=5, validation_alias="NATS_STREAM_REPLICAS")
    # A production process on one machine (docker compose): a localhost public URL and a local images folder
    # are right there. Kubernetes leaves it false, so those development defaults refuse to start.
    single_host: bool = Field(default=False, validation_alias="CYPHER_SINGLE_HOST")
    # Access tokens: issued by identity, verified by the gateway.
    jwt_issuer: str = Field(default="cypher-identity", validation_alias="CYPHER_JWT_ISSUER")
    jwt_audience: str = Field(default="cypher", validation_alias="CYPHER_JWT_AUDIENCE")

    @property
    def is_production(self) -> bool:
        return self.env == "production"

    @model_validator(mode="after")
    def _no_default_secrets_in_production(self) -> CommonSettings:
        if self.is_production:
            for name, value in self.secret_values().items():
                if not value or value.startswith("dev-"):
                    raise ValueError(f"{name} must be set to a real secret in production")
            if len(self.internal_token_secret) < 32:
                raise ValueError("CYPHER_INTERNAL_TOKEN_SECRET must be at least 32 characters")
            if problems := self.production_problems():
                raise ValueError("refusing to start in production on development defaults: " + "; ".join(problems))
        return self

    def production_problems(self) -> list[str]:
        """Development defaults that would run but be wrong in production; subclasses add theirs. A public URL
        on this machine (mail links, redirects and link previews would point at the server itself)."""
        url = getattr(self, "public_url", None)
        if self.single_host or not url or urlsplit(url).hostname not in LOCAL_HOSTS:
            return []
        prefix = self.model_config.get("env_prefix", "")
        return [f"{prefix}PUBLIC_URL is {url}, set it to the address people use (or CYPHER_SINGLE_HOST=true)"]

    def secret_values(self) -> dict[str, str]:
        """Secrets that must not keep their development default in production; subclasses add theirs."""
        return {"CYPHER_INTERNAL_TOKEN_SECRET": self.internal_token_secret}


class ServiceSettings(CommonSettings):
    """A domain service: it owns one database and one JetStream stream."""

    service_name: str = "service"
    # Fields without an alias are read with the subclass's env_prefix, e.g. IDENTITY_DATABASE_URL.
    database_url: str = "postgresql+asyncpg://postgres@127.0.0.1:55432/cypher"
    # The database itself when database_url goes through a transaction-mode pooler (PgBouncer, Kubernetes):
    # LISTEN needs a session of its own (kit.workers). Unset: database_url.
    database_direct_url: str | None = None
    # Connections kept open: as many as the requests a process answers at once (uvicorn's default has no limit;
    # 64 covers the gateway's pool to a service), so none is opened per request. Beyond, up to db_max_overflow
    # more are opened and closed again.
    db_pool_size: int = 64
    db_max_overflow: int = 16
    # kit.rows' asyncpg pool for hot reads, opened lazily: a request beyond it waits for a connection.
    db_read_pool_size: int = 32
    # TLS to the database: true, false, or unset to decide from the URL (off for sslmode=disable or a local host).
    db_ssl: bool | None = Field(default=None, validation_alias="CYPHER_DB_SSL")
    # The relay and the consumers run inside the API process by default; a deployment may run them apart.
    run_workers: bool = True
    outbox_poll_seconds: float = 2.0
    consumer_max_deliver: int = 8
    # The images service, for the existence of an image a write refers to (kit.images); e.g. IDENTITY_IMAGES_URL.
    images_url: str = "http://127.0.0.1:8106"

    @property
    def listen_url(self) -> str:
        """Where the NOTIFY-woken loops (kit.workers) listen: a direct connection, never through the pooler."""
        return self.database_direct_url or self.database_url
