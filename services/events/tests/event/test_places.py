"""Places on an event: an address typed without choosing a place is geocoded by the offline gazetteer (the
venue's coordinates and time zone follow), or at its street by Photon when configured (a local stand-in here); an
address nothing finds is kept and said so (`locationNotFound`); a chosen place's coordinates are kept; the
wizard's place search is this service's `GET /api/places`."""

from __future__ import annotations

from typing import Any

import httpx
from event.cast import ORGANIZER
from event.factories import create_event, headers
from sqlalchemy.ext.asyncio import AsyncSession

from kit.places.online import PHOTON_ATTRIBUTION
from kit.testing.photon import BEDFORD_AVENUE, NOT_FOUND_ADDRESS, served_photon
from kit.testing.plugin import AppClient


async def save(client: httpx.AsyncClient, event_id: int, body: dict[str, Any]) -> dict[str, Any]:
    response = await client.post(f"/api/events/{event_id}", json=body, headers=headers(ORGANIZER))
    assert response.status_code == 200, response.text
    return response.json()


class TestGeocoding:
    async def test_a_typed_address_is_placed_and_sets_the_zone(
        self, client: httpx.AsyncClient, session: AsyncSession
    ) -> None:
        event = await create_event(session, status="draft", start=None, end=None, time_zone="UTC")
        saved = await save(
            client,
            event.id,
            {
                "locationAddress": "Queens, NY, United States",
                "dateStart": "2030-07-01T14:00",
                "dateEnd": "2030-07-01T20:00",
            },
        )
        assert saved["timeZone"] == "America/New_York"
        assert abs(saved["coordinates"]["lat"] - 40.68) < 0.2 and abs(saved["coordinates"]["lng"] + 73.84) < 0.2
        assert saved["timeFlat"] == "2:00 PM - 8:00 PM EDT"

    async def test_a_chosen_place_is_kept_until_the_address_changes(
        self, client: httpx.AsyncClient, session: AsyncSession
    ) -> None:
        event = await create_event(session, status="draft")
        chosen = {"locationAddress": "Tokyo, Japan", "coordinates": {"lat": 35.6895, "lng": 139.6917}}
        assert (await save(client, event.id, chosen))["timeZone"] == "Asia/Tokyo"
        same = await save(client, event.id, {"locationAddress": "Tokyo, Japan", "title": "Renamed"})
        assert same["coordinates"] == {"lat": 35.6895, "lng": 139.6917}
        moved = await save(client, event.id, {"locationAddress": "Paris, France"})
        assert moved["timeZone"] == "Europe/Paris" and abs(moved["coordinates"]["lat"] - 48.85) < 0.1

    async def test_an_address_nowhere_leaves_no_coordinates(
        self, client: httpx.AsyncClient, session: AsyncSession
    ) -> None:
        event = await create_event(session, status="draft")
        saved = await save(client, event.id, {"locationAddress": "Qqqzzx Nowhere"})
        assert saved["coordinates"] is None and saved["timeZone"] == "UTC"
        assert saved["locationAddress"] == "Qqqzzx Nowhere" and saved["locationNotFound"] is True
        placed = await save(client, event.id, {"locationAddress": "Queens, NY, United States"})
        assert placed["coordinates"] is not None and placed["locationNotFound"] is False


class TestStreetLevel:
    async def test_photon_places_the_venue_at_its_street(self, app_with: AppClient, session: AsyncSession) -> None:
        event = await create_event(session, status="draft")
        lost = await create_event(session, status="draft")
        async with served_photon() as photon_url, app_with(geocoder="photon", geocoder_url=photon_url) as client:
            saved = await save(client, event.id, {"locationAddress": "285 Bedford Ave, Brooklyn, NY"})
            nowhere = await save(client, lost.id, {"locationAddress": NOT_FOUND_ADDRESS})
            search = (await client.get("/api/places", params={"q": "285 bedford"})).json()
        assert (saved["coordinates"]["lat"], saved["coordinates"]["lng"]) == BEDFORD_AVENUE
        assert saved["timeZone"] == "America/New_York" and saved["locationNotFound"] is False
        assert nowhere["coordinates"] is None and nowhere["locationNotFound"] is True
        assert nowhere["locationAddress"] == NOT_FOUND_ADDRESS
        assert search["items"][0]["address"] == "285 Bedford Avenue, Brooklyn, New York, United States"
        assert search["items"][0]["city"] == "Brooklyn" and search["attribution"] == PHOTON_ATTRIBUTION


class TestPlaceSearch:
    async def test_the_wizard_searches_places_here_with_the_attribution(self, client: httpx.AsyncClient) -> None:
        answer = (await client.get("/api/places", params={"q": " queens ", "lat": 40.7, "lng": -74.0})).json()
        assert answer["items"][0]["address"] == "Queens, New York, United States"
        assert "GeoNames" in answer["attribution"]
