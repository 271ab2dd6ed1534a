from __future__ import annotations

from pydantic_settings import SettingsConfigDict

from kit.places import PlacesSettings
from kit.profiles import ProfileSettings


class Settings(PlacesSettings, ProfileSettings):
    model_config = SettingsConfigDict(env_prefix="EVENTS_", extra="ignore", populate_by_name=True)

    # The prefix of this service's events and the name of its stream.
    service_name: str = "events"
    database_url: str = "postgresql+asyncpg://postgres@127.0.0.1:55432/cypher_events"
    # The public address of the app: the links an event's calendar file and QR code carry.
    public_url: str = "http://localhost:8080"
    # How often the feedback-request worker looks for ended events at the latest (it also sleeps until the next
    # end it knows of).
    feedback_poll_seconds: float = 60.0
