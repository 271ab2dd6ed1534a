"""What a geocoder answers, the same for every provider (camelCase on the wire)."""

from __future__ import annotations

from typing import Protocol

from kit.places import rules
from kit.schemas import Schema


class Place(Schema):
    """A city, or (from an online provider) a street address: `name` is the city, or the street line ('12 Bedford
    Avenue', a venue's name before it) with its town in `city`; `state` is the platform's State for Australia,
    Canada and the United States, else the provider's region or None; `country` is spelled as the platform's
    country list; `address` is 'City, State, Country' or 'Street, City, State, Country'."""

    name: str
    city: str | None = None
    state: str | None = None
    country: str | None = None
    country_code: str | None = None
    address: str
    lat: float
    lng: float

    @classmethod
    def of(
        cls,
        *,
        name: str,
        state: str | None,
        country_code: str | None,
        country: str | None,
        lat: float,
        lng: float,
        city: str | None = None,
    ) -> Place:
        """A place with the country spelled as ours (the provider's own spelling only for a code we lack)."""
        code = country_code.upper() if country_code else None
        country = (rules.country_name(code) if code else None) or country
        return cls(
            name=name,
            city=city or None,
            state=state or None,
            country=country,
            country_code=code,
            address=rules.address_of(name, city, state, country),
            lat=lat,
            lng=lng,
        )


class PlacesAnswer(Schema):
    items: list[Place]
    attribution: str


class Geocoder(Protocol):
    """One interface, several providers (kit.places.gazetteer, kit.places.online)."""

    # False where the provider's terms forbid searching as the user types (Nominatim): search() answers [] and
    # the client geocodes the text on submit instead.
    autocompletes: bool
    # Shown wherever results appear (GeoNames' data is CC BY 4.0, OpenStreetMap's ODbL).
    attribution: str

    async def search(self, q: str, *, near: tuple[float, float] | None = None, limit: int = 8) -> list[Place]:
        """Cities whose name starts with `q` (case- and accent-insensitive, trimmed), ranked by population and
        nearness to `near` (lat, lng)."""
        ...

    async def geocode(self, address: str) -> Place | None:
        """The best match for a whole address text ('Queens, NY, United States', 'Paris, France'; with an online
        provider '12 Bedford Ave, Brooklyn, NY' too, placed at its street); None when nothing matches."""
        ...
