from __future__ import annotations

from pathlib import Path

from pydantic import Field, field_validator
from pydantic_settings import SettingsConfigDict

from kit.settings import ServiceSettings


class Settings(ServiceSettings):
    model_config = SettingsConfigDict(env_prefix="IDENTITY_", extra="ignore", populate_by_name=True)

    service_name: str = "identity"
    database_url: str = "postgresql+asyncpg://postgres@127.0.0.1:55432/cypher_identity"

    # The RS256 signing key (PEM). In development and tests a key is made when none is given;
    # production refuses to start without one.
    jwt_private_key: str | None = None
    jwt_private_key_file: Path | None = None
    access_token_ttl_seconds: int = 900
    refresh_token_ttl_days: int = 30
    refresh_cookie_name: str = "cypher_refresh"
    # A rotated refresh token shown again this soon, before its successor was ever used, is a retry of a lost
    # answer and gets a new token instead of ending the session (auth/rules.py). 0 turns retries off.
    refresh_retry_grace_seconds: int = 30
    cookie_secure: bool | None = None  # None: secure everywhere but development over plain http

    login_max_failures: int = 10
    # Argon2 hashes running at once (19 MiB each): more logins than this wait their turn (auth/passwords.py).
    password_hashing_concurrency: int = Field(default=4, ge=1)
    login_failure_window_seconds: int = 900

    # Links sent by mail: reset password (1 hour) and magic link (15 minutes), single use.
    public_url: str = "http://localhost:8080"
    reset_token_ttl_seconds: int = 3600
    magic_link_ttl_seconds: int = 900
    # At most this many links of one kind are mailed to one address per hour; more requests answer alike.
    mail_links_per_hour: int = 5

    # Outgoing mail: rows in `mail`, sent by a loop that retries with backoff for as long as it takes.
    smtp_host: str = "127.0.0.1"
    smtp_port: int = 55025
    smtp_username: str | None = None
    smtp_password: str | None = None
    smtp_use_tls: bool = False  # implicit TLS (port 465)
    smtp_start_tls: bool | None = None  # None: STARTTLS when the server offers it
    smtp_timeout_seconds: float = 10.0
    mail_from: str = "Cypher <no-reply@cypher.local>"
    mail_poll_seconds: float = 5.0
    mail_retry_max_seconds: float = 300.0

    # "Sign in with Google" (OpenID Connect, authorization code + PKCE); off unless a client id is set.
    oidc_client_id: str | None = None
    oidc_client_secret: str | None = None
    oidc_discovery_url: str = "https://accounts.google.com/.well-known/openid-configuration"
    oidc_redirect_url: str | None = None  # default: {public_url}/api/auth/oidc/google/callback
    oidc_timeout_seconds: float = 10.0

    @field_validator("access_token_ttl_seconds")
    @classmethod
    def _short_lived(cls, value: int) -> int:
        if not 30 <= value <= 900:
            raise ValueError("access tokens live between 30 seconds and 15 minutes")
        return value

    @field_validator("public_url")
    @classmethod
    def _no_trailing_slash(cls, value: str) -> str:
        return value.rstrip("/")

    @property
    def oidc_enabled(self) -> bool:
        return bool(self.oidc_client_id)

    @property
    def oidc_callback_url(self) -> str:
        return self.oidc_redirect_url or f"{self.public_url}/api/auth/oidc/google/callback"

    @property
    def secure_cookies(self) -> bool:
        return self.cookie_secure if self.cookie_secure is not None else self.is_production

    def secret_values(self) -> dict[str, str]:
        has_key = bool(self.jwt_private_key or self.jwt_private_key_file)
        return super().secret_values() | {"IDENTITY_JWT_PRIVATE_KEY": "set" if has_key else ""}
