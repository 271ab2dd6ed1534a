"""kit.places: the offline gazetteer on real PostgreSQL (GeoNames' cities loaded by the sample
migration), its prefix search and ranking, states and countries spelled as the platform does, geocoding a typed
address, the `/api/places` route, and Photon and Nominatim against local stand-ins that answer as they do."""

from __future__ import annotations

import asyncio
import json
import sys
import time
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import asyncpg
import httpx
import pytest
from asgi_lifespan import LifespanManager
from fastapi import FastAPI, Request

from kit.app import create_service_app
from kit.db import asyncpg_dsn
from kit.local import free_port
from kit.places import (
    GEONAMES_ATTRIBUTION,
    Gazetteer,
    Nominatim,
    Photon,
    Place,
    PlacesSettings,
    geocoder_resource,
    load_places,
    places_router,
    rules,
)
from kit.places.api import LAT_LNG_TOGETHER, QUERY_TOO_LONG
from kit.places.online import NOMINATIM_ATTRIBUTION, PHOTON_ATTRIBUTION
from kit.rows import rows_of
from kit.testing import serve_app
from kit.testing.helpers import asgi_client
from kit.testing.photon import BEDFORD_AVENUE, BROOKLYN, NOT_FOUND_ADDRESS, served_photon

SAMPLE = Path(__file__).parent / "sample"
COUNTRIES_JSON = Path(__file__).resolve().parents[3] / "proto-contracts" / "data" / "countries.json"
MADRID = (40.4168, -3.7038)
SAN_FRANCISCO = (37.7749, -122.4194)


def _settings(database_url: str, nats_url: str, **changes: Any) -> PlacesSettings:
    return PlacesSettings(
        database_url=database_url,
        nats_url=nats_url,
        env="test",
        log_json=False,
        service_name="kittest",
        db_read_pool_size=4,
        **changes,
    )


def _app(settings: PlacesSettings) -> FastAPI:
    return create_service_app(
        settings,
        title="sample",
        routers=[places_router()],
        resources={"geocoder": geocoder_resource},
        migrations=SAMPLE,
    )


@pytest.fixture
async def app(database_url: str, nats_url: str, clean_state: None) -> AsyncIterator[FastAPI]:
    application = _app(_settings(database_url, nats_url))
    async with LifespanManager(application):
        yield application


@pytest.fixture
async def client(app: FastAPI) -> AsyncIterator[httpx.AsyncClient]:
    async with asgi_client(app) as http:
        yield http


@pytest.fixture
def gazetteer(app: FastAPI) -> Gazetteer:
    return Gazetteer(rows_of(app))


class TestRules:
    def test_countries_are_spelled_as_the_platform_list(self) -> None:
        """Every country of proto-contracts/data/countries.json (identity's list) has the same name here."""
        platform = {c["code"]: c["name"] for c in json.loads(COUNTRIES_JSON.read_text(encoding="utf-8"))}
        assert {code: rules.country_name(code) for code in platform} == platform

    def test_numeric_admin1_codes_become_the_seeds_states(self) -> None:
        assert rules.state_name("CA", "08") == "Ontario"
        assert rules.state_name("AU", "02") == "New South Wales"
        assert rules.state_name("US", "NY") == "New York"
        assert rules.state_name("FR", "11") is None  # no admin1 names offline outside the three countries

    def test_address_without_empty_parts(self) -> None:
        assert rules.address_of("Queens", "New York", "United States") == "Queens, New York, United States"
        assert rules.address_of("Paris", None, "France") == "Paris, France"

    def test_a_part_may_be_a_state_or_a_country(self) -> None:
        assert rules.match_points("US", "GA", ["GA"]) == 1  # Athens, GA: Georgia, although GA is Gabon too
        assert rules.match_points("US", "NY", ["NY", "USA"]) == 3
        assert rules.match_points("CA", "08", ["ON"]) == 1


class TestGazetteerSearch:
    async def test_the_table_holds_geonames_cities(self, database_url: str) -> None:
        conn = await asyncpg.connect(asyncpg_dsn(database_url))
        try:
            assert await conn.fetchval("SELECT count(*) FROM place") > 30000
        finally:
            await conn.close()

    async def test_prefix_is_case_insensitive_and_trimmed(self, gazetteer: Gazetteer) -> None:
        found = await gazetteer.search("  toRON ")
        assert found[0].name == "Toronto"
        assert all(p.name.lower().startswith("toron") for p in found)

    async def test_accents_may_be_left_out(self, gazetteer: Gazetteer) -> None:
        assert (await gazetteer.search("sao paulo", limit=1))[0].name == "São Paulo"

    async def test_blank_is_nothing(self, gazetteer: Gazetteer) -> None:
        assert await gazetteer.search("   ") == []

    async def test_a_prefix_is_not_a_pattern(self, gazetteer: Gazetteer) -> None:
        assert await gazetteer.search("%") == []
        assert await gazetteer.search("_aris") == []

    async def test_ranked_by_population(self, gazetteer: Gazetteer) -> None:
        found = await gazetteer.search("Par", limit=20)
        assert found[0].name == "Paris" and found[0].country == "France"
        populations = [await _population(gazetteer, p) for p in found]
        assert populations == sorted(populations, reverse=True)

    async def test_the_prefix_uses_the_index_even_in_a_generic_plan(self, database_url: str) -> None:
        """A prepared statement may get a generic plan after five runs: the range on text_pattern_ops still uses
        the index there, where `LIKE $1` could not."""
        from kit.places.gazetteer import TOP, _search_query

        query = _search_query(False)
        args = query.arguments(
            {"prefix": "tor", "prefix_end": "tor" + TOP, "folded": "tor", "folded_end": "tor" + TOP, "limit": 8}
        )
        conn = await asyncpg.connect(asyncpg_dsn(database_url))
        try:
            await conn.execute("SET plan_cache_mode = force_generic_plan")
            plan = "\n".join(r[0] for r in await conn.fetch("EXPLAIN " + query.sql, *args))
        finally:
            await conn.close()
        assert "ix_place_name_lower" in plan and "ix_place_ascii_name" in plan
        assert "Seq Scan" not in plan

    async def test_ranked_by_nearness(self, gazetteer: Gazetteer) -> None:
        near_sf = await gazetteer.search("San", near=SAN_FRANCISCO, limit=3)
        near_madrid = await gazetteer.search("San", near=MADRID, limit=3)
        assert near_sf[0].name == "San Francisco"
        assert {p.country_code for p in near_sf} == {"US"}
        assert near_madrid[0].country_code == "ES"
        assert {p.country_code for p in near_madrid} == {"ES"}

    async def test_nearness_across_the_antimeridian(self, gazetteer: Gazetteer) -> None:
        """Suva (Fiji, 178°E) is close to a point at 179°W: the longitude difference wraps."""
        found = await gazetteer.search("S", near=(-18.1, -179.5), limit=1)
        assert found[0].country_code == "FJ"

    async def test_canada_and_australia_states(self, gazetteer: Gazetteer) -> None:
        toronto = (await gazetteer.search("Toronto", limit=1))[0]
        sydney = (await gazetteer.search("Sydney", limit=1))[0]
        assert (toronto.state, toronto.country, toronto.address) == ("Ontario", "Canada", "Toronto, Ontario, Canada")
        assert (sydney.state, sydney.address) == ("New South Wales", "Sydney, New South Wales, Australia")

    async def test_one_statement_per_search(self, app: FastAPI, gazetteer: Gazetteer) -> None:
        from kit.testing.helpers import count_queries

        with count_queries(app) as queries:
            await gazetteer.search("Ber", near=MADRID)
        assert len(queries) == 1


async def _population(gazetteer: Gazetteer, place: Place) -> int:
    row = await gazetteer.rows.pool.fetchrow(
        "SELECT population FROM place WHERE name = $1 AND lat = $2 AND lng = $3", place.name, place.lat, place.lng
    )
    assert row is not None
    return int(row["population"])


class TestGazetteerGeocode:
    async def test_city_state_country(self, gazetteer: Gazetteer) -> None:
        place = await gazetteer.geocode("Queens, NY, United States")
        assert place is not None
        assert (place.name, place.state, place.country_code) == ("Queens", "New York", "US")
        assert place.lat == pytest.approx(40.68, abs=0.1) and place.lng == pytest.approx(-73.84, abs=0.1)

    async def test_city_country(self, gazetteer: Gazetteer) -> None:
        place = await gazetteer.geocode("Paris, France")
        assert place is not None and (place.name, place.country) == ("Paris", "France")

    async def test_the_other_parts_pick_among_namesakes(self, gazetteer: Gazetteer) -> None:
        texas = await gazetteer.geocode("Paris, TX, USA")
        nova_scotia = await gazetteer.geocode("Sydney, Nova Scotia, Canada")
        assert texas is not None and (texas.state, texas.country) == ("Texas", "United States")
        assert nova_scotia is not None and nova_scotia.state == "Nova Scotia"

    async def test_a_street_before_the_city_and_a_prefix_when_no_name_matches(self, gazetteer: Gazetteer) -> None:
        queens = await gazetteer.geocode("1 Main St, Queens, NY, USA")
        new_york = await gazetteer.geocode("New York, NY")
        assert queens is not None and queens.name == "Queens"
        assert new_york is not None and new_york.name == "New York City"

    async def test_nothing_for_nothing(self, gazetteer: Gazetteer) -> None:
        assert await gazetteer.geocode(" , ") is None
        assert await gazetteer.geocode("Xqzzyville") is None


class TestLoader:
    async def test_loading_again_gives_the_same_rows(self, database_url: str) -> None:
        conn = await asyncpg.connect(asyncpg_dsn(database_url))
        try:
            before = await conn.fetchval("SELECT count(*) FROM place")
            started = time.monotonic()
            assert await load_places(conn) == before
            assert time.monotonic() - started < 10
            assert await conn.fetchval("SELECT count(*) FROM place") == before
        finally:
            await conn.close()


class TestRoute:
    async def test_items_and_geonames_attribution(self, client: httpx.AsyncClient) -> None:
        response = await client.get("/api/places", params={"q": " toron ", "limit": 2})
        assert response.status_code == 200
        body = response.json()
        assert body["attribution"] == GEONAMES_ATTRIBUTION == "Place data © GeoNames (CC BY 4.0)"
        assert len(body["items"]) <= 2
        assert body["items"][0] == {
            "name": "Toronto",
            "city": None,  # a town itself (a street's town is here)
            "state": "Ontario",
            "country": "Canada",
            "countryCode": "CA",
            "address": "Toronto, Ontario, Canada",
            "lat": pytest.approx(43.70643),
            "lng": pytest.approx(-79.39864),
        }

    async def test_near_by_lat_and_lng(self, client: httpx.AsyncClient) -> None:
        response = await client.get("/api/places", params={"q": "San", "lat": MADRID[0], "lng": MADRID[1]})
        assert response.json()["items"][0]["countryCode"] == "ES"

    async def test_blank_q_is_an_empty_list(self, client: httpx.AsyncClient) -> None:
        for params in ({}, {"q": "   "}):
            response = await client.get("/api/places", params=params)
            assert response.status_code == 200
            assert response.json() == {"items": [], "attribution": GEONAMES_ATTRIBUTION}

    async def test_limit_defaults_to_8(self, client: httpx.AsyncClient) -> None:
        assert len((await client.get("/api/places", params={"q": "s"})).json()["items"]) == 8
        assert len((await client.get("/api/places", params={"q": "s", "limit": 20})).json()["items"]) == 20

    async def test_bounds(self, client: httpx.AsyncClient) -> None:
        ok = await client.get("/api/places", params={"q": " " + "a" * 100 + " "})
        assert ok.status_code == 200  # trimmed first: 100 characters are allowed
        too_long = await client.get("/api/places", params={"q": "a" * 101})
        assert too_long.status_code == 400
        assert too_long.json()["error"]["message"] == QUERY_TOO_LONG
        bad: list[dict[str, str | int]] = [
            {"q": "a", "limit": 0},
            {"q": "a", "limit": 21},
            {"q": "a", "lat": 91, "lng": 0},
        ]
        for params in bad:
            assert (await client.get("/api/places", params=params)).status_code == 400
        alone = await client.get("/api/places", params={"q": "a", "lat": 10})
        assert alone.status_code == 400 and alone.json()["error"]["message"] == LAT_LNG_TOGETHER
        assert (await client.get("/api/places", params={"q": "a", "lng": "east"})).status_code == 400

    async def test_nul_is_a_400_and_bad_bytes_no_server_error(self, client: httpx.AsyncClient) -> None:
        for q in ("a%00b", "%ED%A0%80", "%FF"):  # NUL, a surrogate and a byte that is no UTF-8, percent-encoded
            response = await client.get(f"/api/places?q={q}")
            assert response.status_code in (200, 400), q
            if "%00" in q:
                assert response.status_code == 400


# --- the online providers against local stand-ins -------------------------------------------------------------


def _photon_feature(name: str, state: str | None, country: str, code: str, lat: float, lng: float) -> dict[str, Any]:
    props = {"osm_key": "place", "osm_value": "city", "type": "city", "name": name, "country": country}
    props |= {"countrycode": code} | ({"state": state} if state else {})
    return {"type": "Feature", "geometry": {"type": "Point", "coordinates": [lng, lat]}, "properties": props}


def photon_stand_in(seen: list[Any]) -> FastAPI:
    stand_in = FastAPI()

    @stand_in.get("/api")
    async def api(request: Request) -> dict[str, Any]:
        seen.append(request.query_params)
        features = [
            _photon_feature("Toronto", "Ontario", "Canada", "CA", 43.65, -79.38),
            _photon_feature("Torino", "Piedmont", "Italy", "IT", 45.07, 7.68),
            {"type": "Feature", "geometry": {"type": "Point", "coordinates": [1, 2]}, "properties": {}},  # no name
        ]
        return {"type": "FeatureCollection", "features": features[: int(request.query_params["limit"]) + 1]}

    return stand_in


def nominatim_stand_in(seen: list[tuple[float, Request]]) -> FastAPI:
    stand_in = FastAPI()

    @stand_in.get("/search")
    async def search(request: Request) -> list[dict[str, Any]]:
        seen.append((time.monotonic(), request))
        if request.query_params["q"] == "nowhere":
            return []
        if request.query_params["q"].startswith("12 Rue"):  # a street: its town is the place
            address = {"house_number": "12", "road": "Rue de Rivoli", "city": "Paris", "country": "France"}
            address |= {"state": "Ile-de-France"}
            road = {"lat": "48.8559", "lon": "2.3580", "name": "Rue de Rivoli", "addresstype": "road"}
            return [road | {"address": address | {"country_code": "fr"}, "category": "highway", "type": "primary"}]
        address = {
            "suburb": "Queens",
            "city": "City of New York",
            "state": "New York",
            "country": "United States",
            "country_code": "us",
        }
        item: dict[str, Any] = {
            "place_id": 1,
            "lat": "40.7135",
            "lon": "-73.8283",
            "name": "Queens",
            "address": address,
        }
        item |= {"addresstype": "suburb", "category": "boundary", "type": "administrative"}
        return [item | {"display_name": "Queens, Queens County, City of New York, New York, United States"}]

    return stand_in


class TestPhoton:
    async def test_search_parses_geojson_and_sends_the_bias(self) -> None:
        seen: list[Any] = []
        port = free_port()
        async with serve_app(photon_stand_in(seen), port):
            async with Photon(f"http://127.0.0.1:{port}", user_agent="cypher-test") as photon:
                found = await photon.search(" tor ", near=(43.0, -79.0), limit=5)
        assert [p.address for p in found] == ["Toronto, Ontario, Canada", "Torino, Piedmont, Italy"]
        assert (found[0].lat, found[0].lng, found[0].country_code) == (43.65, -79.38, "CA")
        assert seen[0]["q"] == "tor" and seen[0]["lat"] == "43.0" and seen[0]["lon"] == "-79.0"
        assert seen[0]["limit"] == "5" and {"house", "street", "city"} <= set(seen[0].getlist("layer"))
        assert photon.autocompletes and photon.attribution == PHOTON_ATTRIBUTION

    async def test_geocode_is_the_first_result(self) -> None:
        port = free_port()
        async with serve_app(photon_stand_in([]), port):
            async with Photon(f"http://127.0.0.1:{port}", user_agent="cypher-test") as photon:
                place = await photon.geocode("Toronto, ON, Canada")
        assert place is not None and place.name == "Toronto"

    async def test_a_house_or_a_street_keeps_its_point_and_its_town(self) -> None:
        async with served_photon() as url, Photon(url, user_agent="cypher-test") as photon:
            house = await photon.geocode("285 Bedford Ave, Brooklyn, NY")
            streets = await photon.search("flatbush", limit=5)
            borough = await photon.geocode("Brooklyn, NY")
            nothing = await photon.geocode(NOT_FOUND_ADDRESS)
        assert house is not None and (house.lat, house.lng) == BEDFORD_AVENUE
        assert (house.name, house.city) == ("285 Bedford Avenue", "Brooklyn")
        assert house.address == "285 Bedford Avenue, Brooklyn, New York, United States"
        assert [p.name for p in streets] == ["Flatbush Avenue", "120 Flatbush Avenue"]
        assert borough is not None and (borough.name, borough.city) == ("Brooklyn", None)
        assert (borough.lat, borough.lng) == BROOKLYN and nothing is None

    async def test_a_provider_that_is_down_answers_nothing(self) -> None:
        async with Photon(f"http://127.0.0.1:{free_port()}", user_agent="cypher-test", timeout=1) as photon:
            assert await photon.search("tor") == []
            assert await photon.geocode("Toronto") is None

    async def test_the_route_names_photon(self, database_url: str, nats_url: str, clean_state: None) -> None:
        port = free_port()
        settings = _settings(database_url, nats_url, geocoder="photon", geocoder_url=f"http://127.0.0.1:{port}")
        application = _app(settings)
        async with serve_app(photon_stand_in([]), port), LifespanManager(application):
            transport = httpx.ASGITransport(app=application)
            async with httpx.AsyncClient(transport=transport, base_url="http://t") as http:
                body = (await http.get("/api/places", params={"q": "tor"})).json()
        assert body["attribution"] == PHOTON_ATTRIBUTION
        assert [p["name"] for p in body["items"]] == ["Toronto", "Torino"]


class TestNominatim:
    async def test_geocode_parses_jsonv2_with_the_user_agent(self) -> None:
        seen: list[tuple[float, Request]] = []
        port = free_port()
        async with serve_app(nominatim_stand_in(seen), port):
            agent = "cypher-test (ops@example.org)"
            async with Nominatim(f"http://127.0.0.1:{port}", user_agent=agent, min_interval=0.05) as nominatim:
                place = await nominatim.geocode("Queens, NY, United States")
                nothing = await nominatim.geocode("nowhere")
                street = await nominatim.geocode("12 Rue de Rivoli, Paris")
        assert place is not None
        assert (place.name, place.state, place.country, place.country_code) == (
            "Queens",
            "New York",
            "United States",
            "US",
        )
        assert (place.lat, place.lng) == (40.7135, -73.8283)
        assert place.address == "Queens, New York, United States"
        assert nothing is None
        # a street address keeps its street and its own point (not the town's centre)
        assert street is not None and street.address == "12 Rue de Rivoli, Paris, Ile-de-France, France"
        assert (street.name, street.city, street.lat, street.lng) == ("12 Rue de Rivoli", "Paris", 48.8559, 2.3580)
        request = seen[0][1]
        assert request.headers["user-agent"] == "cypher-test (ops@example.org)"
        assert request.query_params["format"] == "jsonv2" and request.query_params["q"] == "Queens, NY, United States"

    async def test_no_autocomplete(self) -> None:
        seen: list[tuple[float, Request]] = []
        port = free_port()
        async with serve_app(nominatim_stand_in(seen), port):
            async with Nominatim(f"http://127.0.0.1:{port}", user_agent="cypher-test") as nominatim:
                assert not nominatim.autocompletes
                assert await nominatim.search("Quee") == []
        assert seen == []  # not even asked

    async def test_one_request_a_second(self) -> None:
        seen: list[tuple[float, Request]] = []
        port = free_port()
        async with serve_app(nominatim_stand_in(seen), port):
            async with Nominatim(f"http://127.0.0.1:{port}", user_agent="cypher-test", min_interval=0.3) as nominatim:
                await asyncio.gather(*(nominatim.geocode(f"Queens {i}") for i in range(3)))
        times = sorted(t for t, _ in seen)
        assert len(times) == 3
        assert all(later - earlier >= 0.28 for earlier, later in zip(times, times[1:], strict=False))

    async def test_the_route_answers_nothing_with_nominatim(
        self, database_url: str, nats_url: str, clean_state: None
    ) -> None:
        seen: list[tuple[float, Request]] = []
        port = free_port()
        url = f"http://127.0.0.1:{port}"
        application = _app(_settings(database_url, nats_url, geocoder="nominatim", geocoder_url=url))
        async with serve_app(nominatim_stand_in(seen), port), LifespanManager(application):
            transport = httpx.ASGITransport(app=application)
            async with httpx.AsyncClient(transport=transport, base_url="http://t") as http:
                body = (await http.get("/api/places", params={"q": "Queens"})).json()
        assert body == {"items": [], "attribution": NOMINATIM_ATTRIBUTION}
        assert seen == []


class TestLoadCommand:
    def test_usage(self, capsys: pytest.CaptureFixture[str]) -> None:
        from kit.places.__main__ import main

        assert main([]) == 2
        assert "usage: python -m kit.places load" in capsys.readouterr().err

    async def test_loads_a_services_database(self, database_url: str, monkeypatch: pytest.MonkeyPatch) -> None:
        """`python -m kit.places load <svc>` finds the database in `<svc>.config.Settings`."""
        import types

        from kit.places.__main__ import _load

        config = types.ModuleType("placestest.config")
        config.Settings = lambda: types.SimpleNamespace(database_url=database_url, db_ssl=None)  # type: ignore[attr-defined]
        monkeypatch.setitem(sys.modules, "placestest", types.ModuleType("placestest"))
        monkeypatch.setitem(sys.modules, "placestest.config", config)
        assert await _load("placestest") > 30000
