"""The local test provider: the default for `make dev` and the tests. It behaves as a card processor in test
mode (Stripe's test card numbers and messages) and tells its outcomes the way a real one does: a webhook signed
with HMAC-SHA256 (`Cypher-Signature: t=<unix time>,v1=<hex>` over `<t>.<body>`, Stripe's scheme) POSTed over
HTTP to our own `/api/payments/webhook/test`, before `confirm` returns. It keeps no state of its own: a
payment's id is derived from its idempotency key, so the same key is the same payment."""

from __future__ import annotations

import hashlib
import hmac
import json
import logging
import time
from collections.abc import Mapping
from typing import Literal

import httpx

from events.payments.provider import InvalidSignature, ProviderPayment, ProviderRefund, ProviderRefused, WebhookEvent
from kit import outgoing

logger = logging.getLogger("events.payments.test")

SIGNATURE_HEADER = "cypher-signature"
TOLERANCE_SECONDS = 300
SUCCEEDS = "4242424242424242"
DECLINED = "Your card was declined."
INSUFFICIENT_FUNDS = "Your card has insufficient funds."
INCORRECT_NUMBER = "Your card number is incorrect."
NO_SUCH_PAYMENT = "No such payment."
REFUND_REFUSED = "The refund could not be processed. Please try again later."
# Stripe's test cards: number -> (status, message).
CARDS: dict[str, tuple[Literal["succeeded", "declined", "requires_action"], str]] = {
    SUCCEEDS: ("succeeded", ""),
    "4000000000000002": ("declined", DECLINED),
    "4000000000009995": ("declined", INSUFFICIENT_FUNDS),
    "4000002500003155": ("requires_action", ""),
}


def sign(secret: str, payload: bytes, timestamp: int) -> str:
    digest = hmac.new(secret.encode(), f"{timestamp}.".encode() + payload, hashlib.sha256).hexdigest()
    return f"t={timestamp},v1={digest}"


def verify(secret: str, payload: bytes, header: str | None, *, now: float | None = None) -> None:
    """Raises InvalidSignature unless `header` signs `payload` with `secret` within the tolerance."""
    if not header:
        raise InvalidSignature()
    parts = dict(part.split("=", 1) for part in header.split(",") if "=" in part)
    try:
        timestamp = int(parts.get("t", ""))
    except ValueError:
        raise InvalidSignature() from None
    if abs((now if now is not None else time.time()) - timestamp) > TOLERANCE_SECONDS:
        raise InvalidSignature()
    expected = sign(secret, payload, timestamp).split("v1=", 1)[1]
    if not hmac.compare_digest(expected, parts.get("v1", "")):
        raise InvalidSignature()


def card_outcome(card: str) -> tuple[Literal["succeeded", "declined", "requires_action"], str]:
    number = "".join(card.split())
    return CARDS.get(number, ("declined", INCORRECT_NUMBER))


class TestProvider:
    __test__ = False  # a provider, not a pytest class
    name: Literal["test"] = "test"
    publishable_key: str | None = None

    def __init__(self, webhook_url: str, secret: str, *, timeout: float = 10.0):
        self.webhook_url = webhook_url
        self.secret = secret
        self.http = outgoing.client(timeout=timeout)
        # The refunds made, by key (a processor's record: the same key is the same refund), and the payments
        # whose refunds are refused (a test's way to see a failed refund stay visible and be retried).
        self.refunds: dict[str, ProviderRefund] = {}
        self.refuse_refunds: set[str] = set()

    async def __aenter__(self) -> TestProvider:
        return self

    async def __aexit__(self, *_: object) -> None:
        await self.http.aclose()

    def _ref(self, key: str) -> str:
        return "tp_" + hashlib.sha256(key.encode()).hexdigest()[:24]

    async def client_secret(self, ref: str) -> str | None:
        return f"{ref}_secret_{hmac.new(self.secret.encode(), ref.encode(), hashlib.sha256).hexdigest()[:16]}"

    async def create(self, *, amount: int, currency: str, key: str, metadata: Mapping[str, str]) -> ProviderPayment:
        ref = self._ref(key)
        return ProviderPayment(ref=ref, status="pending", client_secret=await self.client_secret(ref))

    async def confirm(
        self, ref: str, *, amount: int, card: str | None = None, authenticate: bool = False
    ) -> ProviderPayment:
        """`authenticate` is the second step of a card that asked for it (the service checks it did)."""
        status, message = ("succeeded", "") if authenticate else card_outcome(card or "")
        if status in ("succeeded", "declined"):
            await self._deliver(ref, status, amount, message)
        return ProviderPayment(ref=ref, status=status, message=message)

    async def cancel(self, ref: str) -> ProviderPayment:
        return ProviderPayment(ref=ref, status="cancelled")

    async def refund(self, ref: str, *, amount: int, key: str) -> ProviderRefund:
        if key in self.refunds:
            return self.refunds[key]
        if not ref.startswith("tp_"):
            raise ProviderRefused(NO_SUCH_PAYMENT)
        if ref in self.refuse_refunds:
            raise ProviderRefused(REFUND_REFUSED)
        refund = ProviderRefund(ref="tr_" + hashlib.sha256(key.encode()).hexdigest()[:24], amount=amount)
        self.refunds[key] = refund
        return refund

    async def _deliver(self, ref: str, outcome: str, amount: int, message: str) -> None:
        """The webhook, through the real HTTP path. A failed delivery is only logged: the confirming request
        applies the same outcome itself (both are idempotent)."""
        body = json.dumps(
            {
                "id": "evt_" + hashlib.sha256(f"{ref}:{outcome}".encode()).hexdigest()[:24],
                "type": f"payment.{outcome}",
                "data": {"ref": ref, "amount": amount, "message": message},
            }
        ).encode()
        headers = {"content-type": "application/json", SIGNATURE_HEADER: sign(self.secret, body, int(time.time()))}
        try:
            response = await self.http.post(self.webhook_url, content=body, headers=headers)
            if response.status_code != 200:
                logger.warning("webhook for %s answered %s", ref, response.status_code)
        except httpx.HTTPError as exc:
            logger.warning("webhook for %s not delivered: %s", ref, exc)

    def parse_webhook(self, payload: bytes, headers: Mapping[str, str]) -> WebhookEvent | None:
        verify(self.secret, payload, headers.get(SIGNATURE_HEADER))
        try:
            body = json.loads(payload)
            outcome = body["type"].removeprefix("payment.")
            data = body["data"]
            if outcome not in ("succeeded", "declined", "cancelled"):
                return None
            return WebhookEvent(
                id=str(body["id"]),
                ref=str(data["ref"]),
                outcome=outcome,
                amount=int(data["amount"]),
                message=str(data.get("message") or ""),
            )
        except (ValueError, KeyError, TypeError, AttributeError):
            raise InvalidSignature() from None  # signed by us, so never: treated as not ours
