"""Stripe, through the official `stripe` package (async calls on its httpx client). The browser confirms the
card with stripe.js and the payment intent's client secret; Stripe then tells us by a signed webhook
(`Stripe-Signature`, verified with the endpoint's signing secret). Nothing here runs in the tests but the
webhook verification (stripe's own code, on payloads signed locally)."""

from __future__ import annotations

import json
import logging
from collections.abc import Mapping
from typing import Any, Literal

import stripe

from events.payments.provider import (
    InvalidSignature,
    Outcome,
    ProviderPayment,
    ProviderRefund,
    ProviderRefused,
    Status,
    WebhookEvent,
)

logger = logging.getLogger("events.payments.stripe")

SIGNATURE_HEADER = "stripe-signature"
STATUSES: dict[str, Status] = {
    "requires_payment_method": "pending",
    "requires_confirmation": "pending",
    "processing": "pending",
    "requires_capture": "pending",
    "requires_action": "requires_action",
    "succeeded": "succeeded",
    "canceled": "cancelled",
}
OUTCOMES: dict[str, Outcome] = {
    "payment_intent.succeeded": "succeeded",
    "payment_intent.payment_failed": "declined",
    "payment_intent.canceled": "cancelled",
}


class ProviderUnavailable(Exception):
    """Stripe could not be reached or refused our credentials: nothing was decided about the payment."""


def _field(value: Any, name: str) -> Any:
    """A field of a StripeObject or a dict, None when absent (StripeObject is no dict: it has no `.get`)."""
    try:
        return value[name] if value is not None else None
    except (KeyError, TypeError):
        return None


def _payment(intent: Any) -> ProviderPayment:
    return ProviderPayment(
        ref=str(intent["id"]),
        status=STATUSES.get(str(_field(intent, "status")), "pending"),
        message=str(_field(_field(intent, "last_payment_error"), "message") or ""),
        client_secret=_field(intent, "client_secret"),
    )


class StripeProvider:
    name: Literal["stripe"] = "stripe"

    def __init__(
        self,
        secret_key: str,
        publishable_key: str,
        webhook_secret: str,
        *,
        timeout: float = 10.0,
        api_base: str = "",
    ):
        self.publishable_key: str | None = publishable_key
        self.webhook_secret = webhook_secret
        self.http = stripe.HTTPXClient(timeout=timeout)
        self.client = stripe.StripeClient(
            secret_key,
            http_client=self.http,
            max_network_retries=2,
            base_addresses={"api": api_base} if api_base else None,
        )

    async def __aenter__(self) -> StripeProvider:
        return self

    async def __aexit__(self, *_: object) -> None:
        await self.http.close_async()

    async def _call(self, operation: Any) -> Any:
        try:
            return await operation
        except stripe.CardError as exc:
            raise ProviderRefused(exc.user_message or str(exc)) from None
        except stripe.InvalidRequestError as exc:
            raise ProviderRefused(exc.user_message or "The payment processor refused this request") from None
        except stripe.StripeError as exc:
            logger.warning("stripe: %s", exc)
            raise ProviderUnavailable(str(exc)) from None

    async def create(self, *, amount: int, currency: str, key: str, metadata: Mapping[str, str]) -> ProviderPayment:
        intents = self.client.v1.payment_intents
        intent = await self._call(
            intents.create_async(
                {
                    "amount": amount,
                    "currency": currency,
                    "metadata": dict(metadata),
                    "automatic_payment_methods": {"enabled": True},
                },
                {"idempotency_key": key},
            )
        )
        return _payment(intent)

    async def confirm(
        self, ref: str, *, amount: int, card: str | None = None, authenticate: bool = False
    ) -> ProviderPayment:
        """The card is confirmed in the browser; here we only read where the intent stands (the webhook may
        not have reached a developer's machine), so a confirm never charges."""
        return _payment(await self._call(self.client.v1.payment_intents.retrieve_async(ref)))

    async def cancel(self, ref: str) -> ProviderPayment:
        return _payment(await self._call(self.client.v1.payment_intents.cancel_async(ref)))

    async def refund(self, ref: str, *, amount: int, key: str) -> ProviderRefund:
        refund = await self._call(
            self.client.v1.refunds.create_async({"payment_intent": ref, "amount": amount}, {"idempotency_key": key})
        )
        if _field(refund, "status") in ("failed", "canceled"):
            raise ProviderRefused(str(_field(refund, "failure_reason") or "The refund failed"))
        return ProviderRefund(ref=str(refund["id"]), amount=int(_field(refund, "amount") or amount))

    async def client_secret(self, ref: str) -> str | None:
        return _payment(await self._call(self.client.v1.payment_intents.retrieve_async(ref))).client_secret

    def parse_webhook(self, payload: bytes, headers: Mapping[str, str]) -> WebhookEvent | None:
        try:
            # stripe's own verification (the signature, the tolerance); the fields are then read from the JSON.
            stripe.Webhook.construct_event(payload, headers.get(SIGNATURE_HEADER), self.webhook_secret)
            event = json.loads(payload)
        except (stripe.SignatureVerificationError, ValueError):
            raise InvalidSignature() from None
        try:
            outcome = OUTCOMES.get(event["type"])
            if outcome is None:
                return None
            intent = event["data"]["object"]
            amount = _field(intent, "amount_received") if outcome == "succeeded" else None
            return WebhookEvent(
                id=str(event["id"]),
                ref=str(intent["id"]),
                outcome=outcome,
                amount=int(amount or _field(intent, "amount") or 0),
                message=str(_field(_field(intent, "last_payment_error"), "message") or ""),
            )
        except (KeyError, TypeError, ValueError):
            return None  # signed by Stripe but not a payment intent's shape: nothing of ours
