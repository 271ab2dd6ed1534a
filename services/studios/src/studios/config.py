from __future__ import annotations

from pydantic_settings import SettingsConfigDict

from kit.places import PlacesSettings
from kit.profiles import ProfileSettings


class Settings(PlacesSettings, ProfileSettings):
    model_config = SettingsConfigDict(env_prefix="STUDIOS_", extra="ignore", populate_by_name=True)

    # The prefix of this service's events and the name of its stream (STUDIOS over studios.>).
    service_name: str = "studios"
    database_url: str = "postgresql+asyncpg://postgres@127.0.0.1:55432/cypher_studios"
