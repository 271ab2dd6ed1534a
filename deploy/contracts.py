"""`make contracts`: the public contracts, generated from the code into proto-contracts/.

- openapi/<service>.json: each service's OpenAPI (its /api paths; internal endpoints are left out);
- openapi/gateway.json: the merged API as the gateway serves it (what the SPA's types are generated from);
- events/<type>.json: the JSON Schema of every event payload model of the `contracts` package
  (`contracts.EVENTS`, each model carrying its type), plus envelope.json.

`python deploy/contracts.py check` exits 1 when the committed files differ from the code."""

from __future__ import annotations

import importlib
import json
import os
import sys
import tempfile
from pathlib import Path
from typing import Any

from kit.platform import SERVICES as PLATFORM

# Run as a script, this file's folder comes first on sys.path, and this file's name would hide the `contracts`
# package (the event payload models).
if sys.path and Path(sys.path[0] or ".").resolve() == Path(__file__).resolve().parent:
    sys.path.pop(0)

ROOT = Path(__file__).resolve().parents[1]
OUT = ROOT / "proto-contracts"
SERVICES = [row.name for row in PLATFORM]  # kit/services.toml


def packages() -> list[str]:
    return [name for name in SERVICES if (ROOT / "services" / name / "src" / name).is_dir()]


def service_openapi(package: str) -> dict[str, Any]:
    os.environ.setdefault("CYPHER_ENV", "development")
    app = importlib.import_module(f"{package}.app").create_app()
    spec = app.openapi()
    spec["paths"] = {path: ops for path, ops in spec["paths"].items() if path.startswith("/api/")}
    return spec  # type: ignore[no-any-return]


def _rename_refs(node: Any, renames: dict[str, str]) -> Any:
    if isinstance(node, dict):
        return {k: (_ref(v, renames) if k == "$ref" else _rename_refs(v, renames)) for k, v in node.items()}
    if isinstance(node, list):
        return [_rename_refs(v, renames) for v in node]
    return node


def _ref(value: str, renames: dict[str, str]) -> str:
    prefix = "#/components/schemas/"
    if value.startswith(prefix) and value[len(prefix) :] in renames:
        return prefix + renames[value[len(prefix) :]]
    return value


def merge(specs: dict[str, dict[str, Any]]) -> dict[str, Any]:
    """One document; a schema name two services define differently gets the service as a prefix."""
    merged: dict[str, Any] = {
        "openapi": "3.1.0",
        "info": {
            "title": "Cypher API",
            "version": "1",
            "description": "All services, as served by the gateway under /api.",
        },
        "paths": {},
        "components": {"schemas": {}},
    }
    schemas = merged["components"]["schemas"]
    for service, spec in specs.items():
        own = spec.get("components", {}).get("schemas", {})
        renames = {}
        for name, schema in own.items():
            if name in schemas and schemas[name] != schema:
                renames[name] = f"{service.capitalize()}{name}"
        spec = _rename_refs(spec, renames)
        for name, schema in spec.get("components", {}).get("schemas", {}).items():
            schemas[renames.get(name, name)] = schema
        # The access token's scheme (kit.openapi), the same in every service.
        for name, scheme in spec.get("components", {}).get("securitySchemes", {}).items():
            merged["components"].setdefault("securitySchemes", {})[name] = scheme
        for path, operations in spec["paths"].items():
            merged["paths"][path] = operations
    merged["paths"] = dict(sorted(merged["paths"].items()))
    merged["components"]["schemas"] = dict(sorted(schemas.items()))
    return merged


def event_schemas() -> dict[str, dict[str, Any]]:
    from contracts import EVENTS
    from kit.events import Envelope

    found = {"envelope": Envelope.model_json_schema(by_alias=True)}
    for model in EVENTS:
        found[model.type] = model.model_json_schema(by_alias=True)
    return found


def render(directory: Path) -> None:
    specs = {package: service_openapi(package) for package in packages()}
    (directory / "openapi").mkdir(parents=True, exist_ok=True)
    for package, spec in specs.items():
        _write(directory / "openapi" / f"{package}.json", spec)
    _write(directory / "openapi" / "gateway.json", merge(specs))
    (directory / "events").mkdir(parents=True, exist_ok=True)
    for name, schema in event_schemas().items():
        _write(directory / "events" / f"{name}.json", schema)


def _write(path: Path, data: Any) -> None:
    path.write_text(json.dumps(data, indent=2, sort_keys=False, ensure_ascii=False) + "\n")


def generated_files(directory: Path) -> dict[str, str]:
    return {
        str(p.relative_to(directory)): p.read_text()
        for sub in ("openapi", "events")
        for p in sorted((directory / sub).glob("*.json"))
    }


def drift() -> list[str]:
    with tempfile.TemporaryDirectory() as tmp:
        fresh_dir = Path(tmp)
        render(fresh_dir)
        fresh, committed = generated_files(fresh_dir), generated_files(OUT)
    return sorted(name for name in fresh.keys() | committed.keys() if fresh.get(name) != committed.get(name))


def main() -> int:
    command = sys.argv[1] if len(sys.argv) > 1 else "write"
    if command == "write":
        for sub in ("openapi", "events"):
            for old in (OUT / sub).glob("*.json"):
                old.unlink()
        render(OUT)
        print(f"wrote {len(generated_files(OUT))} files into {OUT.relative_to(ROOT)}/")
        return 0
    changed = drift()
    if changed:
        print("proto-contracts/ is out of date with the code (run `make contracts`):\n  " + "\n  ".join(changed))
        return 1
    print("proto-contracts/ matches the code")
    return 0


if __name__ == "__main__":
    sys.exit(main())
