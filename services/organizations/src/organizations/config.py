from __future__ import annotations

from pydantic_settings import SettingsConfigDict

from kit.settings import ServiceSettings


class Settings(ServiceSettings):
    model_config = SettingsConfigDict(env_prefix="ORGANIZATIONS_", extra="ignore", populate_by_name=True)

    # "orgs" is the prefix of this service's events and the name of its stream (ORGS over orgs.>).
    service_name: str = "orgs"
    database_url: str = "postgresql+asyncpg://postgres@127.0.0.1:55432/cypher_organizations"

    # Identity's internal batch read of profiles, used only for a profile the local projection has never seen.
    identity_url: str = "http://127.0.0.1:8101"
    identity_timeout_seconds: float = 3.0
