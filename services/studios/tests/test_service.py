"""The scaffold's promise: the service boots with its relay and consumers, migrates (the fixtures' database is
migrated to head) and answers its health checks."""

from __future__ import annotations

import httpx
from fastapi import FastAPI


async def test_boots_and_is_healthy_and_ready(client: httpx.AsyncClient) -> None:
    assert (await client.get("/healthz")).status_code == 200
    assert (await client.get("/readyz")).status_code == 200


async def test_the_gazetteer_is_loaded_for_geocoding(app: FastAPI, client: httpx.AsyncClient) -> None:
    """Migration 0003 loads the cities the shared geocoder reads (a saved address becomes a point)."""
    place = await app.state.geocoder.geocode("Berlin, Germany")
    assert place is not None and abs(place.lat - 52.5) < 0.5
