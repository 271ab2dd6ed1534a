"""No input gives a server error: every malformed body is a 400 naming what is wrong."""

from __future__ import annotations

from typing import Any

import httpx
import pytest
from event.cast import ORGANIZER
from event.factories import create_event, headers
from sqlalchemy.ext.asyncio import AsyncSession

BAD_BODIES: list[dict[str, Any]] = [
    {"title": 5},
    {"title": "a\x00b"},
    {"title": "x" * 5000},
    {"image": "not-an-id"},
    {"orgId": -1},
    {"orgId": 2**31},
    {"orgId": "abc"},
    {"locationAddress": "x" * 301},
    {"coordinates": {"lat": 10}},
    {"coordinates": {"lat": "north", "lng": 2}},
    {"coordinates": {"lat": 10, "lng": 181}},
    {"website": 5},
    {"website": "x" * 400},
    {"website": "not a url"},
    {"description": "x" * 100_001},
    {"dateStart": 20300101},
    {"dateStart": "0001-01-01T00:00"},
    {"dateEnd": "9999-12-31T23:59"},
    {"dateEnd": "2030-13-01T10:00"},
    {"tiers": "many"},
    {"tiers": [{"cost": 2**40}]},
    {"tiers": [{"cost": 100_000_001}]},
    {"tiers": [{"id": 0}]},
    {"tiers": [{"title": "x" * 151}]},
    {"tiers": [{}] * 101},
    {"carpets": [{"name": "x" * 101}]},
    {"carpets": [{"id": "abc"}]},
    {"scoreboardLogo": 12},
]


@pytest.mark.parametrize("body", BAD_BODIES, ids=lambda b: str(b)[:40])
async def test_a_bad_save_is_400(client: httpx.AsyncClient, session: AsyncSession, body: dict[str, Any]) -> None:
    event = await create_event(session)
    response = await client.post(f"/api/events/{event.id}", json=body, headers=headers(ORGANIZER))
    assert response.status_code == 400, response.text
    assert response.json()["error"]["message"]


@pytest.mark.parametrize(
    "body",
    [{"userId": "x", "role": "dj"}, {"role": "dj"}, {"userId": 2**31, "role": "dj"}, {"userId": 2}, None, []],
    ids=str,
)
async def test_a_bad_role_change_is_400(client: httpx.AsyncClient, session: AsyncSession, body: Any) -> None:
    event = await create_event(session)
    response = await client.post(f"/api/events/{event.id}/role", json=body, headers=headers(ORGANIZER))
    assert response.status_code == 400, response.text


@pytest.mark.parametrize("body", [{"carpets": "x"}, {"carpets": [{"name": 5}]}, "x", None, [{"id": -1}]], ids=str)
async def test_bad_carpets_are_400(client: httpx.AsyncClient, session: AsyncSession, body: Any) -> None:
    event = await create_event(session)
    response = await client.post(f"/api/events/{event.id}/carpets", json=body, headers=headers(ORGANIZER))
    assert response.status_code == 400, response.text
