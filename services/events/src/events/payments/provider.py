"""The one interface every card processor is reached through, shaped like the real ones: a payment is created
for an amount with an idempotency key, confirmed (possibly in two steps), cancelled or refunded, and its outcome
arrives as a signed webhook. Amounts are cents."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Literal, Protocol

Status = Literal["pending", "requires_action", "succeeded", "declined", "cancelled"]
# What a webhook reports about a payment: its final states only.
Outcome = Literal["succeeded", "declined", "cancelled"]


class InvalidSignature(Exception):
    """A webhook whose signature does not verify (forged, altered, too old, or not a webhook at all)."""


class ProviderRefused(Exception):
    """The processor refused an operation (a cancel after success, a refund of an unpaid payment). `message`
    is the processor's own words."""

    def __init__(self, message: str):
        super().__init__(message)
        self.message = message


@dataclass(frozen=True, slots=True)
class ProviderPayment:
    ref: str  # the processor's id of the payment
    status: Status
    message: str = ""  # the processor's words on a decline
    client_secret: str | None = None  # what the browser needs to confirm with the processor's script


@dataclass(frozen=True, slots=True)
class ProviderRefund:
    ref: str  # the processor's id of the refund (what the ticket records)
    amount: int  # cents given back


@dataclass(frozen=True, slots=True)
class WebhookEvent:
    id: str  # the delivery's id at the processor
    ref: str  # the payment it is about
    outcome: Outcome
    amount: int
    message: str = ""


class PaymentProvider(Protocol):
    name: Literal["test", "stripe"]
    publishable_key: str | None

    async def create(self, *, amount: int, currency: str, key: str, metadata: Mapping[str, str]) -> ProviderPayment:
        """The same key answers the same payment (a retried purchase never charges twice)."""
        ...

    async def confirm(
        self, ref: str, *, amount: int, card: str | None = None, authenticate: bool = False
    ) -> ProviderPayment:
        """Confirm from the server (the test provider's cards); Stripe's browser confirms with stripe.js."""
        ...

    async def cancel(self, ref: str) -> ProviderPayment: ...

    async def refund(self, ref: str, *, amount: int, key: str) -> ProviderRefund:
        """Gives `amount` back on the payment `ref`; the same key is the same refund (a retry never pays back
        twice). Raises ProviderRefused when the processor will not."""
        ...

    async def client_secret(self, ref: str) -> str | None: ...

    def parse_webhook(self, payload: bytes, headers: Mapping[str, str]) -> WebhookEvent | None:
        """The verified event (raises InvalidSignature), or None for an event about nothing we track."""
        ...
