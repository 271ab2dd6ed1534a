"""The configured provider as an app resource (`app.state.payments`) and its route dependency."""

from __future__ import annotations

from typing import Annotated

from fastapi import Depends, FastAPI, Request

from events.config import Settings
from events.payments.local import TestProvider
from events.payments.provider import PaymentProvider
from events.payments.stripe_provider import StripeProvider


def payments_resource(app: FastAPI) -> TestProvider | StripeProvider:
    settings: Settings = app.state.settings
    if settings.payments_provider == "stripe":
        return StripeProvider(
            settings.stripe_secret_key,
            settings.stripe_publishable_key,
            settings.stripe_webhook_secret,
            timeout=settings.payments_timeout_seconds,
            api_base=settings.stripe_api_base,
        )
    url = settings.test_webhook_url or f"{settings.public_url.rstrip('/')}/api/payments/webhook/test"
    return TestProvider(url, settings.test_webhook_secret, timeout=settings.payments_timeout_seconds)


async def get_provider(request: Request) -> PaymentProvider:
    provider: PaymentProvider = request.app.state.payments
    return provider


ProviderDep = Annotated[PaymentProvider, Depends(get_provider)]
