"""The platform's services: the one table (kit/services.toml) every reader takes them from — the event streams
(kit.events), the gateway's routing and settings, `make dev`, k8s/generate.py, deploy/contracts.py and
deploy/generate.py (compose's service URLs, the database init). Adding a service is a row there, which
`python -m kit.scaffold <name>` appends."""

from __future__ import annotations

import tomllib
from dataclasses import dataclass
from pathlib import Path
from typing import Any

TABLE = Path(__file__).resolve().parent / "services.toml"


@dataclass(frozen=True)
class Service:
    name: str
    port: int
    prefix: str
    routes: tuple[str, ...]
    calls: tuple[str, ...]
    replicas: tuple[int, int]
    cpu: str
    memory: str
    internet: bool = False
    database: bool = True

    @property
    def stream(self) -> str:
        return self.prefix.upper()

    @property
    def database_name(self) -> str:
        return f"cypher_{self.name}"

    @property
    def image(self) -> str:
        return f"ghcr.io/cypher-platform/{self.name}"


def _row(row: dict[str, Any], **fixed: Any) -> Service:
    low, high = row["replicas"]
    return Service(
        name=row.get("name", fixed.get("name", "")),
        port=row["port"],
        prefix=row.get("prefix", ""),
        routes=tuple(row.get("routes", ())),
        calls=tuple(row.get("calls", ())),
        replicas=(low, high),
        cpu=row["cpu"],
        memory=row["memory"],
        internet=row.get("internet", False),
        database=fixed.get("database", True),
    )


def load(path: Path = TABLE) -> tuple[tuple[Service, ...], Service]:
    """The services in table order, and the gateway (a deployable without database or stream)."""
    data = tomllib.loads(path.read_text())
    services = tuple(_row(row) for row in data["service"])
    gateway = _row(data["gateway"], name="gateway", database=False)
    names = [s.name for s in services]
    for field in ("name", "port", "prefix"):
        values = [getattr(s, field) for s in services]
        if len(set(values)) != len(values):
            raise ValueError(f"{path.name}: two services share a {field}")
    unknown = {c for s in services for c in s.calls} - set(names)
    if unknown:
        raise ValueError(f"{path.name}: calls to no service: {sorted(unknown)}")
    return services, gateway


SERVICES, GATEWAY = load()


def service(name: str) -> Service:
    return next(s for s in SERVICES if s.name == name)
