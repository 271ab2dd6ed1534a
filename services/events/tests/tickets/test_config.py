"""Which payment provider a deployment may run: the test provider takes 4242... as money."""

from __future__ import annotations

import pytest
from pydantic import ValidationError

from events.config import Settings

SECRET = "s" * 40


def production(**values: object) -> Settings:
    return Settings(
        _env_file=None,  # type: ignore[call-arg]
        CYPHER_ENV="production",
        CYPHER_INTERNAL_TOKEN_SECRET=SECRET,
        test_webhook_secret=SECRET,
        public_url="https://cypher.example",
        **values,
    )


def test_production_refuses_the_test_provider() -> None:
    with pytest.raises(ValidationError, match="EVENTS_PAYMENTS_PROVIDER must be stripe in production"):
        production()


def test_a_staging_cluster_may_say_it_takes_test_payments() -> None:
    assert production(allow_test_payments=True).payments_provider == "test"


def test_production_with_stripe_and_its_keys() -> None:
    keys = {"stripe_secret_key": "sk_live_x", "stripe_publishable_key": "pk_live_x", "stripe_webhook_secret": "whsec_x"}
    assert production(payments_provider="stripe", **keys).payments_provider == "stripe"


def test_development_keeps_the_test_provider() -> None:
    assert Settings(_env_file=None).payments_provider == "test"  # type: ignore[call-arg]
