"""A stand-in for Stripe's API at its transport (HTTP, form-encoded requests, JSON answers), served on a local
port: the stripe package talks to it exactly as to api.stripe.com, and nothing leaves the machine. It keeps
payment intents by idempotency key, as Stripe does."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import JSONResponse
from starlette.routing import Route


@dataclass
class StripeState:
    intents: dict[str, dict[str, Any]] = field(default_factory=dict)
    by_key: dict[str, str] = field(default_factory=dict)
    refunds: list[dict[str, Any]] = field(default_factory=list)
    keys: list[str] = field(default_factory=list)  # the Idempotency-Key of every POST


def stripe_stand_in(state: StripeState) -> Starlette:
    async def create(request: Request) -> JSONResponse:
        form = await request.form()
        key = request.headers.get("idempotency-key", "")
        state.keys.append(key)
        if key in state.by_key:
            return JSONResponse(state.intents[state.by_key[key]])
        ref = f"pi_{len(state.intents) + 1}"
        intent = {
            "id": ref,
            "object": "payment_intent",
            "amount": int(str(form["amount"])),
            "currency": form["currency"],
            "status": "requires_payment_method",
            "client_secret": f"{ref}_secret_abc",
            "metadata": {"eventId": form.get("metadata[eventId]"), "userId": form.get("metadata[userId]")},
            "last_payment_error": None,
        }
        state.intents[ref], state.by_key[key] = intent, ref
        return JSONResponse(intent)

    async def retrieve(request: Request) -> JSONResponse:
        intent = state.intents.get(request.path_params["ref"])
        if intent is None:
            return JSONResponse({"error": {"type": "invalid_request_error", "message": "No such intent"}}, 404)
        return JSONResponse(intent)

    async def cancel(request: Request) -> JSONResponse:
        intent = state.intents[request.path_params["ref"]]
        if intent["status"] == "succeeded":
            message = "You cannot cancel this PaymentIntent because it has a status of succeeded."
            return JSONResponse({"error": {"type": "invalid_request_error", "message": message}}, 400)
        intent["status"] = "canceled"
        return JSONResponse(intent)

    async def refund(request: Request) -> JSONResponse:
        form = await request.form()
        key = request.headers.get("idempotency-key", "")
        state.keys.append(key)
        found = next((r for r in state.refunds if r["key"] == key), None)
        if found is None:
            found = {"id": f"re_{len(state.refunds) + 1}", "object": "refund", "status": "succeeded", "key": key}
            found |= {"payment_intent": form["payment_intent"], "amount": int(str(form["amount"]))}
            state.refunds.append(found)
        return JSONResponse(found)

    return Starlette(
        routes=[
            Route("/v1/payment_intents", create, methods=["POST"]),
            Route("/v1/payment_intents/{ref}", retrieve, methods=["GET"]),
            Route("/v1/payment_intents/{ref}/cancel", cancel, methods=["POST"]),
            Route("/v1/refunds", refund, methods=["POST"]),
        ]
    )
