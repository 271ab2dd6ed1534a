"""A local stand-in for Photon: a few fixed places answered in Photon's GeoJSON, so the service tests and the
end-to-end run can configure `<SVC>_GEOCODER=photon` without the network (docs/decisions.md, "Places and
geocoding"). Two studios on different streets of Brooklyn, the borough itself and Queens; anything else finds
nothing. `python -m kit.testing.photon [port]` serves it on 127.0.0.1 (2322, Photon's own port, by default).

A query finds a feature when each of its words starts a word of the feature (name, house number, street, postcode,
town, state and its abbreviation, country), as Photon's search as you type does; the `layer` parameters filter by the
feature's `type`; the fewest-worded feature (the most exact match) comes first."""

from __future__ import annotations

import re
import sys
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from typing import Any

from fastapi import FastAPI, Request

from kit.local import free_port
from kit.places.rules import fold

NEW_YORK = {"state": "New York", "country": "United States", "countrycode": "US"}
# Two studios in Brooklyn on different streets, a mile apart: the gazetteer puts both on Brooklyn's centre.
BEDFORD_AVENUE = (40.7142, -73.9614)  # 285 Bedford Avenue, Williamsburg
FLATBUSH_AVENUE = (40.6840, -73.9776)  # 120 Flatbush Avenue, by Atlantic Terminal
BROOKLYN = (40.6501, -73.9496)
QUEENS = (40.7135, -73.8283)
NOT_FOUND_ADDRESS = "404 Nowhere Lane, Atlantis"  # finds nothing (nor does any other text the list lacks)

FEATURES: list[tuple[str, tuple[float, float], dict[str, str]]] = [
    (
        "house",
        BEDFORD_AVENUE,
        {"housenumber": "285", "street": "Bedford Avenue", "postcode": "11211", "city": "Brooklyn"},
    ),
    (
        "house",
        FLATBUSH_AVENUE,
        {"housenumber": "120", "street": "Flatbush Avenue", "postcode": "11217", "city": "Brooklyn"},
    ),
    ("street", (40.6924, -73.9719), {"name": "Flatbush Avenue", "city": "Brooklyn"}),
    ("district", BROOKLYN, {"name": "Brooklyn", "city": "New York"}),
    ("district", QUEENS, {"name": "Queens", "city": "New York"}),
]
# Besides its properties' words, how people write a feature's parts: 'Ave', 'NY', 'USA'.
ALIASES = {"avenue": "ave", "new york": "ny", "united states": "usa us"}


def feature(kind: str, point: tuple[float, float], props: dict[str, str]) -> dict[str, Any]:
    lat, lng = point
    properties = {"osm_type": "N", "osm_key": "place", "type": kind} | props | NEW_YORK
    return {"type": "Feature", "geometry": {"type": "Point", "coordinates": [lng, lat]}, "properties": properties}


def _words(text: str) -> list[str]:
    return [w for w in re.split(r"[^\w]+", fold(text)) if w]


def _feature_words(props: dict[str, Any]) -> list[str]:
    keys = ("name", "housenumber", "street", "postcode", "city", "state", "country", "countrycode")
    text = " ".join(str(props[k]) for k in keys if props.get(k))
    extra = " ".join(alias for words, alias in ALIASES.items() if words in fold(text))
    return _words(f"{text} {extra}")


def matches(q: str, layers: list[str], limit: int) -> list[dict[str, Any]]:
    wanted = _words(q)
    found = []
    for kind, point, props in FEATURES:
        item = feature(kind, point, props)
        words = _feature_words(item["properties"])
        if layers and kind not in layers:
            continue
        if wanted and all(any(word.startswith(w) for word in words) for w in wanted):
            found.append((len(words), item))
    found.sort(key=lambda pair: pair[0])
    return [item for _, item in found][:limit]


def photon_stand_in(seen: list[Any] | None = None) -> FastAPI:
    """The app: GET /api?q=&limit=&layer=... (`seen` collects each request's query parameters)."""
    app = FastAPI(title="Photon stand-in")

    @app.get("/api")
    async def api(request: Request) -> dict[str, Any]:
        params = request.query_params
        if seen is not None:
            seen.append(params)
        limit = int(params.get("limit") or 15)
        return {"type": "FeatureCollection", "features": matches(params.get("q", ""), params.getlist("layer"), limit)}

    return app


@asynccontextmanager
async def served_photon(seen: list[Any] | None = None) -> AsyncIterator[str]:
    """The stand-in on a free port of 127.0.0.1, inside the test's event loop: yields its URL."""
    from kit.testing.helpers import serve_app

    port = free_port()
    async with serve_app(photon_stand_in(seen), port):
        yield f"http://127.0.0.1:{port}"


if __name__ == "__main__":
    import uvicorn

    uvicorn.run(photon_stand_in(), host="127.0.0.1", port=int(sys.argv[1]) if len(sys.argv) > 1 else 2322)
