from __future__ import annotations

from pydantic_settings import SettingsConfigDict

from kit.profiles import ProfileSettings


class Settings(ProfileSettings):
    model_config = SettingsConfigDict(env_prefix="BATTLES_", extra="ignore", populate_by_name=True)

    # The prefix of this service's events and the name of its stream (BATTLES over battles.>).
    service_name: str = "battles"
    database_url: str = "postgresql+asyncpg://postgres@127.0.0.1:55432/cypher_battles"
