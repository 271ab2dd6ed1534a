from __future__ import annotations

import json
from pathlib import Path

from conftest import load

contracts = load("deploy/contracts.py")


def test_committed_contracts_match_the_code() -> None:
    assert contracts.drift() == [], "proto-contracts/ is out of date: run `make contracts` and commit"


def test_gateway_document_holds_every_service_path(root: Path) -> None:
    merged = json.loads((root / "proto-contracts/openapi/gateway.json").read_text())
    for service in contracts.packages():
        own = json.loads((root / f"proto-contracts/openapi/{service}.json").read_text())
        assert set(own["paths"]) <= set(merged["paths"])
    assert not any(path.startswith("/internal") for path in merged["paths"])


def test_schema_name_clashes_get_the_service_as_prefix() -> None:
    a = {
        "paths": {"/api/a": {"get": {"$ref": "#/components/schemas/Item"}}},
        "components": {"schemas": {"Item": {"type": "object", "title": "A"}}},
    }
    b = {
        "paths": {"/api/b": {"get": {"$ref": "#/components/schemas/Item"}}},
        "components": {"schemas": {"Item": {"type": "string", "title": "B"}}},
    }
    merged = contracts.merge({"alpha": a, "beta": b})
    assert merged["components"]["schemas"]["Item"]["title"] == "A"
    assert merged["components"]["schemas"]["BetaItem"]["title"] == "B"
    assert merged["paths"]["/api/b"]["get"]["$ref"] == "#/components/schemas/BetaItem"
