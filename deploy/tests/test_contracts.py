from __future__ import annotations

import json
from pathlib import Path

import pytest
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


def test_committed_event_types_match_the_schemas(root: Path) -> None:
    schemas = {p.stem: json.loads(p.read_text()) for p in sorted((root / "proto-contracts/events").glob("*.json"))}
    committed = (root / "proto-contracts/ts/events.d.ts").read_text()
    assert committed == contracts.events_ts(schemas), "proto-contracts/ts/events.d.ts is out of date: `make contracts`"
    for event_type in schemas.keys() - {"envelope"}:
        assert f'  "{event_type}": ' in committed


def test_event_payloads_become_typescript() -> None:
    nested = {
        "properties": {"round": {"type": "integer"}, "points": {"type": "number"}},
        "required": ["round", "points"],
        "title": "Score",
        "type": "object",
    }
    payload = {
        "$defs": {"Score": nested},
        "description": "A thing happened.",
        "properties": {
            "id": {"type": "integer"},
            "note": {"anyOf": [{"type": "string"}, {"type": "null"}], "default": None},
            "role": {"enum": ["admin", "dj"], "type": "string"},
            "scores": {"default": [], "items": {"$ref": "#/$defs/Score"}, "type": "array"},
            "extra": {"additionalProperties": True, "type": "object"},
            "at": {"format": "date-time", "type": "string"},
        },
        "required": ["id", "role", "at"],
        "title": "ThingHappened",
        "type": "object",
    }
    envelope = {"properties": {"type": {"type": "string"}}, "required": ["type"], "title": "Envelope", "type": "object"}
    ts = contracts.events_ts({"envelope": envelope, "things.thing.happened": payload})
    assert "export interface Score {\n  round: number;\n  points: number;\n}" in ts
    assert "/**\n * things.thing.happened\n *\n * A thing happened.\n */\nexport interface ThingHappened {" in ts
    for line in [
        "  id: number;",
        "  note?: string | null;",
        '  role: "admin" | "dj";',
        "  scores?: Score[];",
        "  extra?: { [key: string]: unknown };",
        "  at: string;",
        '  "things.thing.happened": ThingHappened;',
    ]:
        assert line in ts.splitlines()
    with pytest.raises(ValueError, match="no TypeScript"):
        contracts.ts_type({"type": "object", "properties": {}, "additionalProperties": False}, {})


def test_payload_names_two_services_share_get_the_service_in_front() -> None:
    member = {"properties": {"id": {"type": "integer"}}, "required": ["id"], "title": "MemberAdded", "type": "object"}
    envelope = {"properties": {}, "title": "Envelope", "type": "object"}
    ts = contracts.events_ts({"envelope": envelope, "orgs.member.added": member, "studios.member.added": member})
    assert "export interface OrgsMemberAdded {" in ts and "export interface StudiosMemberAdded {" in ts
