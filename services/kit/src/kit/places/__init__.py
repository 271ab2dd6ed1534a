"""Places: one geocoder interface for every service (events now, studios later), an offline gazetteer of GeoNames'
cities in the service's database, and Photon or Nominatim by configuration. See docs/development.md, "Places"."""

from kit.places.api import (
    GeocoderDep,
    PlacesSettings,
    geocoder_of,
    geocoder_resource,
    get_geocoder,
    places_router,
)
from kit.places.gazetteer import GEONAMES_ATTRIBUTION, Gazetteer, create_place_table, drop_place_table, load_places
from kit.places.online import Nominatim, Photon
from kit.places.schemas import Geocoder, Place, PlacesAnswer

__all__ = [
    "GEONAMES_ATTRIBUTION",
    "Gazetteer",
    "Geocoder",
    "GeocoderDep",
    "Nominatim",
    "Photon",
    "Place",
    "PlacesAnswer",
    "PlacesSettings",
    "create_place_table",
    "drop_place_table",
    "geocoder_of",
    "geocoder_resource",
    "get_geocoder",
    "load_places",
    "places_router",
]
