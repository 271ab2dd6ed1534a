from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Any

from pydantic import AliasChoices, Field, ValidationInfo, create_model, field_validator
from pydantic_settings import SettingsConfigDict

from gateway.site import SOCIAL_KINDS, Site, checked_social_url, checked_tile_url, clean_attribution
from kit.platform import SERVICES as ROWS
from kit.platform import service
from kit.settings import CommonSettings

SERVICES = tuple(s.name for s in ROWS)


class _Settings(CommonSettings):
    model_config = SettingsConfigDict(env_prefix="GATEWAY_", extra="ignore", populate_by_name=True)

    upstream_timeout_seconds: float = 15.0
    upstream_connect_timeout_seconds: float = 3.0
    jwks_min_refetch_seconds: float = 30.0

    cors_origins: list[str] = ["http://localhost:5173", "http://localhost:8080"]
    # How many proxies in front of us append to X-Forwarded-For (0: trust the peer address only).
    trusted_proxy_hops: int = 0
    # Generous per address: at a venue hundreds of dancers share one public IP.
    auth_rate_per_ip: int = 300
    auth_rate_per_ip_window_seconds: float = 60.0
    auth_rate_per_email: int = 30
    auth_rate_per_email_window_seconds: float = 600.0

    # Request bodies are counted at the gateway (413 beyond): an image upload may carry the images service's
    # 10,000,000-byte file plus its multipart envelope; any other call is JSON or a line of text.
    body_limit_bytes: int = 1024 * 1024
    upload_limit_bytes: int = 10_000_000 + 64 * 1024

    # Public immutable answers (image variants) under these prefixes are kept in memory and answered here.
    response_cache_prefixes: list[str] = ["/api/images/"]
    response_cache_megabytes: int = 64

    spa_dir: Path = Path(__file__).resolve().parents[3] / "web" / "dist"
    # Link previews (/event/{id}): where the app's page comes from when spa_dir has no build (the web pods),
    # and the public address the previews' absolute URLs use (else the request's own host).
    web_url: str | None = None
    public_url: str | None = None
    # Development only: the SMTP sink's inbox served at /dev/mail.
    dev_mail_dir: Path | None = None
    # Development only: the SPA's error reports listed at /dev/errors.
    dev_errors: bool = False

    # The SPA's error reports (POST /api/client-errors): so many per address and window (a venue shares one
    # address, and a broken screen reports once per phone), and where to forward them when set.
    client_errors_per_ip: int = 60
    client_errors_window_seconds: float = 60.0
    sentry_dsn: str | None = Field(default=None, validation_alias=AliasChoices("SENTRY_DSN", "GATEWAY_SENTRY_DSN"))

    # The site's run-time configuration, written into the page (gateway/site.py; docs/operations.md): the map's
    # tiles (a Leaflet template, https or a localhost stand-in) with their credit, and the footer's accounts (an
    # icon without one is not shown). A bad URL stops the gateway at startup.
    map_tile_url: str | None = None
    map_tile_attribution: str = ""
    social_instagram: str | None = None
    social_facebook: str | None = None
    social_twitter: str | None = None
    social_youtube: str | None = None

    @field_validator("map_tile_url")
    @classmethod
    def _tile_url(cls, value: str | None) -> str | None:
        return checked_tile_url(value)

    @field_validator("map_tile_attribution")
    @classmethod
    def _attribution(cls, value: str) -> str:
        return clean_attribution(value)

    @field_validator("social_instagram", "social_facebook", "social_twitter", "social_youtube")
    @classmethod
    def _social(cls, value: str | None, info: ValidationInfo) -> str | None:
        return checked_social_url(value, str(info.field_name).removeprefix("social_"))

    def site(self) -> Site:
        socials = {kind: getattr(self, f"social_{kind}") for kind in SOCIAL_KINDS}
        return Site(
            tile_url=self.map_tile_url,
            attribution=self.map_tile_attribution,
            socials={kind: url for kind, url in socials.items() if url},
        )

    def service_urls(self) -> dict[str, str]:
        urls = {name: getattr(self, f"{name}_url") for name in SERVICES}
        return {name: url.rstrip("/") for name, url in urls.items() if url}


# Where each service listens: a field `<name>_url` (GATEWAY_<NAME>_URL) per row of kit/services.toml. A service
# without a URL is not deployed: its paths answer 503 and it does not count for readiness. Identity defaults
# to its `make dev` port (sign-in works against a lone identity).
_URLS: dict[str, Any] = {f"{name}_url": (str | None, None) for name in SERVICES}
_URLS["identity_url"] = (str | None, f"http://127.0.0.1:{service('identity').port}")

if TYPE_CHECKING:
    Settings = _Settings
else:
    Settings = create_model("Settings", __base__=_Settings, __module__=__name__, **_URLS)
