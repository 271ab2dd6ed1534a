from __future__ import annotations

import json

from identity.profiles import countries


def test_the_spa_json_is_written_from_the_module() -> None:
    """proto-contracts/data/countries.json must equal the module's list:
    regenerate with `uv run python -m identity.profiles.countries`."""
    path = countries.json_path()
    assert path.exists(), f"{path} is missing"
    assert path.read_text(encoding="utf-8") == countries.render_json()
    assert json.loads(path.read_text(encoding="utf-8")) == countries.as_json_data()


def test_codes_and_names_are_unique() -> None:
    codes = [code for code, _ in countries.COUNTRIES]
    names = [name for _, name in countries.COUNTRIES]
    assert len(set(codes)) == len(codes) and len(set(names)) == len(names)
    assert set(countries.ALIASES) <= set(codes)


def test_state_countries_are_in_the_list() -> None:
    for name in ("Australia", "Canada", "United States"):
        assert countries.canonical_country(name) == name
        assert countries.needs_state(name)


def test_lookup_ignores_case_and_accents() -> None:
    assert countries.canonical_country("  united states ") == "United States"
    assert countries.canonical_country("cote d'ivoire") == "Côte d'Ivoire"
    assert countries.canonical_country("Atlantis") is None


def test_the_picker_finds_united_states_by_us_and_u_s() -> None:
    """The spec's search ('us' or 'u.s' finds United States) works on the names and aliases the JSON carries."""
    entry = next(c for c in countries.as_json_data() if c["name"] == "United States")
    haystack = [entry["name"].lower(), *(a.lower() for a in entry["aliases"])]
    assert any("us" in h for h in haystack) and any("u.s" in h for h in haystack)
