"""How a service uses places: its settings, the geocoder as an app resource, a dependency, and the
`GET /api/places` autocomplete route."""

from __future__ import annotations

import contextlib
from collections.abc import AsyncIterator
from typing import Annotated, Literal

from fastapi import APIRouter, Depends, FastAPI, Query, Request

from kit.errors import Invalid
from kit.places.gazetteer import Gazetteer
from kit.places.online import NOMINATIM_URL, PHOTON_URL, Nominatim, Photon
from kit.places.schemas import Geocoder, PlacesAnswer
from kit.rows import rows_of
from kit.settings import ServiceSettings
from kit.types import Text

MAX_QUERY = 100
MAX_LIMIT = 20
DEFAULT_LIMIT = 8
QUERY_TOO_LONG = f"The search text can be at most {MAX_QUERY} characters"
LAT_LNG_TOGETHER = "lat and lng go together"


class PlacesSettings(ServiceSettings):
    """Read with the service's prefix: EVENTS_GEOCODER=gazetteer|photon|nominatim, EVENTS_GEOCODER_URL (the
    provider's public server when unset), EVENTS_GEOCODER_USER_AGENT (Nominatim's policy wants a real contact)."""

    geocoder: Literal["gazetteer", "photon", "nominatim"] = "gazetteer"
    geocoder_url: str | None = None
    geocoder_user_agent: str = "Cypher/0.1 (breaking community platform)"
    geocoder_timeout_seconds: float = 5.0


@contextlib.asynccontextmanager
async def geocoder_resource(app: FastAPI) -> AsyncIterator[Geocoder]:
    """The resource factory: `resources={"geocoder": geocoder_resource}` (after kit.rows, which the app opens
    first). The online providers' pooled client closes with the app."""
    settings: PlacesSettings = app.state.settings
    if settings.geocoder == "gazetteer":
        yield Gazetteer(rows_of(app))
        return
    kind, default_url = (Photon, PHOTON_URL) if settings.geocoder == "photon" else (Nominatim, NOMINATIM_URL)
    async with kind(
        settings.geocoder_url or default_url,
        user_agent=settings.geocoder_user_agent,
        timeout=settings.geocoder_timeout_seconds,
    ) as geocoder:
        yield geocoder


def geocoder_of(request: Request | FastAPI) -> Geocoder:
    """The geocoder without a dependency (autocomplete is a hot read: one per keystroke)."""
    app = request.app if isinstance(request, Request) else request
    return app.state.geocoder


async def get_geocoder(request: Request) -> Geocoder:  # async: a plain def would run in a worker thread
    return geocoder_of(request)


GeocoderDep = Annotated[Geocoder, Depends(get_geocoder)]


def places_router() -> APIRouter:
    """`routers=[places_router(), ...]`: GET /api/places?q=&lat=&lng=&limit= → {items, attribution}."""
    router = APIRouter(tags=["places"])

    @router.get("/api/places", response_model=PlacesAnswer)
    async def search_places(
        request: Request,
        q: Text = "",  # NUL or an unpaired surrogate: 400, before any provider sees it
        lat: Annotated[float | None, Query(ge=-90, le=90)] = None,
        lng: Annotated[float | None, Query(ge=-180, le=180)] = None,
        limit: Annotated[int, Query(ge=1, le=MAX_LIMIT)] = DEFAULT_LIMIT,
    ) -> PlacesAnswer:
        geocoder = geocoder_of(request)
        q = q.strip()
        if len(q) > MAX_QUERY:
            raise Invalid(QUERY_TOO_LONG, field="q")
        if (lat is None) != (lng is None):
            raise Invalid(LAT_LNG_TOGETHER, field="lat" if lat is None else "lng")
        near = (lat, lng) if lat is not None and lng is not None else None
        # A blank text, or a provider whose terms forbid searching as one types: nothing, not an error.
        items = await geocoder.search(q, near=near, limit=limit) if q and geocoder.autocompletes else []
        return PlacesAnswer(items=items, attribution=geocoder.attribution)

    return router
