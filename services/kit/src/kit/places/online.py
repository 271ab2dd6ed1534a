"""The online providers for production, on one pooled httpx client each: Photon (komoot's search as you type)
and Nominatim (OpenStreetMap's; its usage policy forbids autocomplete and allows one request a second with an
identifying User-Agent, so it only geocodes, one request at a time, a second apart)."""

from __future__ import annotations

import asyncio
import logging
import time
from typing import Any

import httpx

from kit import outgoing
from kit.places.schemas import Place

logger = logging.getLogger("kit.places")

OSM_ATTRIBUTION = "© OpenStreetMap contributors (ODbL)"
PHOTON_ATTRIBUTION = f"Search by Photon (komoot), data {OSM_ATTRIBUTION}"
NOMINATIM_ATTRIBUTION = f"Search by Nominatim, data {OSM_ATTRIBUTION}"
PHOTON_URL = "https://photon.komoot.io"
NOMINATIM_URL = "https://nominatim.openstreetmap.org"
# Photon's layers (its `layer` parameter, repeated): a house (an address with its number, a venue) or a street
# first, so a studio or a venue is placed where it is, not on its city's centre; the places one lives in too
# (cities, towns, boroughs), which a search or an address naming only a town finds. Not counties, states,
# countries or natural features: nobody holds a battle in a whole state (docs/decisions.md, "Places and geocoding").
PHOTON_LAYERS = ("house", "street", "city", "district", "locality")
# A feature of these layers is an address in a town: its `city` (else `district`) is the town it is in.
PHOTON_ADDRESS_LAYERS = frozenset({"house", "street"})
# Nominatim's `addresstype` of a result that is itself a place, and the address keys naming the town of one that
# is not (a street, a venue), most specific town first.
NOMINATIM_PLACE_TYPES = frozenset(
    {"city", "town", "village", "hamlet", "municipality", "borough", "suburb", "city_district", "quarter"}
)
NOMINATIM_TOWN_KEYS = ("city", "town", "village", "hamlet", "municipality")


class _HttpGeocoder:
    """The pooled client (an app resource: an async context manager) and a failure that answers nothing: the
    wizard then lets the user keep the typed text instead of failing the save."""

    def __init__(
        self,
        base_url: str,
        *,
        user_agent: str,
        timeout: float = 5.0,
        transport: httpx.AsyncBaseTransport | None = None,
    ) -> None:
        self.http = outgoing.client(
            base_url=base_url,
            timeout=timeout,
            headers={"User-Agent": user_agent, "Accept-Language": "en"},
            limits=httpx.Limits(max_connections=20, max_keepalive_connections=10),
            transport=transport,
        )

    async def __aenter__(self) -> Any:
        return self

    async def __aexit__(self, *_: object) -> None:
        await self.http.aclose()

    async def _get(self, path: str, params: list[tuple[str, str | int | float | bool | None]]) -> Any:
        try:
            response = await self.http.get(path, params=params)
            response.raise_for_status()
            return response.json()
        except (httpx.HTTPError, ValueError) as exc:
            logger.warning("geocoder %s failed: %s", self.http.base_url, exc)
            return None


class Photon(_HttpGeocoder):
    """GET /api?q=&lat=&lon=&limit=&layer=house&layer=street&layer=city... answering GeoJSON features (properties
    type, name, housenumber, street, city, district, state, country, countrycode; coordinates [lon, lat]); results
    near `near` come first (Photon's location bias). OpenStreetMap already names Ontario or New South Wales as the
    platform does. A house or a street keeps its own point: the geocoded address is placed at its street."""

    autocompletes = True
    attribution = PHOTON_ATTRIBUTION

    async def search(self, q: str, *, near: tuple[float, float] | None = None, limit: int = 8) -> list[Place]:
        q = q.strip()
        if not q:
            return []
        params: list[tuple[str, str | int | float | bool | None]] = [("q", q), ("limit", limit), ("lang", "en")]
        params += [("layer", layer) for layer in PHOTON_LAYERS]
        if near is not None:
            params += [("lat", near[0]), ("lon", near[1])]
        body = await self._get("/api", params)
        features = body.get("features", []) if isinstance(body, dict) else []
        return [p for p in (_photon_place(f) for f in features) if p is not None][:limit]

    async def geocode(self, address: str) -> Place | None:
        found = await self.search(address, limit=1)
        return found[0] if found else None


def _photon_place(feature: Any) -> Place | None:
    try:
        props = feature["properties"]
        lng, lat = feature["geometry"]["coordinates"][:2]
        town = props.get("city") or props.get("district") or props.get("locality")
        if props.get("type") in PHOTON_ADDRESS_LAYERS or props.get("housenumber"):
            # '12 Bedford Avenue', a street by its name, or a venue by its name with its street after it
            street = " ".join(p for p in (props.get("housenumber"), props.get("street")) if p)
            venue = props.get("name") if props.get("name") != props.get("street") else None
            name = ", ".join(p for p in (venue, street) if p) or None
        else:  # the result is itself a town
            name, town = props.get("name") or town, None
        if not name:
            return None
        code = props.get("countrycode")
        return Place.of(
            name=name,
            city=town,
            state=props.get("state"),
            country_code=code,
            country=props.get("country"),
            lat=float(lat),
            lng=float(lng),
        )
    except (KeyError, TypeError, ValueError):
        return None


class Nominatim(_HttpGeocoder):
    """GET /search?format=jsonv2&q=&addressdetails=1&limit=1; no autocomplete (the policy), one request a second."""

    autocompletes = False
    attribution = NOMINATIM_ATTRIBUTION

    def __init__(self, base_url: str, *, min_interval: float = 1.0, **kwargs: Any) -> None:
        super().__init__(base_url, **kwargs)
        self.min_interval = min_interval
        self._lock = asyncio.Lock()
        self._last = float("-inf")

    async def search(self, q: str, *, near: tuple[float, float] | None = None, limit: int = 8) -> list[Place]:
        return []  # the usage policy forbids autocomplete: the wizard geocodes the text on submit

    async def geocode(self, address: str) -> Place | None:
        address = address.strip()
        if not address:
            return None
        # The whole process waits its turn: one request at a time, at least min_interval after the last one.
        async with self._lock:
            wait = self._last + self.min_interval - time.monotonic()
            if wait > 0:
                await asyncio.sleep(wait)
            try:
                body = await self._get(
                    "/search", [("format", "jsonv2"), ("q", address), ("addressdetails", 1), ("limit", 1)]
                )
            finally:
                self._last = time.monotonic()
        if not isinstance(body, list) or not body:
            return None
        return _nominatim_place(body[0])


def _nominatim_place(item: Any) -> Place | None:
    try:
        address = item.get("address") or {}
        town = next((address[k] for k in NOMINATIM_TOWN_KEYS if address.get(k)), None)
        if item.get("addresstype") in NOMINATIM_PLACE_TYPES and item.get("name"):
            name, town = item["name"], None  # the result is itself a place ('Queens', a borough of New York City)
        else:  # a house, a street or a venue: '12 Bedford Avenue' (or the venue's name before it) in its town
            street = " ".join(p for p in (address.get("house_number"), address.get("road")) if p)
            venue = item.get("name") if item.get("name") != address.get("road") else None
            name = ", ".join(p for p in (venue, street) if p) or town
            town = town if name != town else None
        if not name:
            return None
        code = address.get("country_code")
        return Place.of(
            name=name,
            city=town,
            state=address.get("state"),
            country_code=code,
            country=address.get("country"),
            lat=float(item["lat"]),
            lng=float(item["lon"]),
        )
    except (KeyError, TypeError, ValueError):
        return None
