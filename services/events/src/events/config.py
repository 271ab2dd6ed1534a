from __future__ import annotations

from typing import Literal, Self

from pydantic import model_validator
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

    # Payments: the local test provider unless Stripe is configured (docs/decisions.md, *Tickets and
    # payments*). The test provider signs its webhooks with `test_webhook_secret` and POSTs them to
    # `test_webhook_url` (empty: `<public_url>/api/payments/webhook/test`, through the gateway).
    payments_provider: Literal["test", "stripe"] = "test"
    test_webhook_secret: str = "dev-test-provider-webhook-secret"
    test_webhook_url: str = ""
    stripe_secret_key: str = ""
    stripe_publishable_key: str = ""
    stripe_webhook_secret: str = ""
    # Stripe's API address; the tests point it at a local stand-in (nothing leaves the machine).
    stripe_api_base: str = ""
    payments_timeout_seconds: float = 10.0
    # The test provider takes 4242... as money: in production it runs only where this says so (a staging cluster).
    allow_test_payments: bool = False

    @model_validator(mode="after")
    def _stripe_needs_its_keys(self) -> Self:
        if self.is_production and self.payments_provider == "test" and not self.allow_test_payments:
            raise ValueError(
                "EVENTS_PAYMENTS_PROVIDER must be stripe in production (EVENTS_ALLOW_TEST_PAYMENTS=true for staging)"
            )
        if self.payments_provider == "stripe":
            for name in ("stripe_secret_key", "stripe_publishable_key", "stripe_webhook_secret"):
                if not getattr(self, name):
                    raise ValueError(f"EVENTS_{name.upper()} must be set when EVENTS_PAYMENTS_PROVIDER is stripe")
        return self
