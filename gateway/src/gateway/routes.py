"""Which service owns a path under /api (the `routes` of kit/services.toml; docs/architecture.md, The gateway). The
more literal segments first, then single-segment wildcards before `**`."""

from __future__ import annotations

from functools import lru_cache

from kit.platform import GATEWAY as GATEWAY_ROW
from kit.platform import SERVICES

GATEWAY = "gateway"
# The calls whose body may be big: the images service's upload (its file limit plus the multipart envelope).
# Every other body is held to the gateway's body limit.
UPLOADS = frozenset({("POST", "/api/images")})

# Each service's patterns are its row's `routes` in kit/services.toml; the gateway's own under [gateway].
ROUTES: dict[str, tuple[str, ...]] = {s.name: s.routes for s in SERVICES} | {GATEWAY: GATEWAY_ROW.routes}


def _specificity(pattern: str) -> tuple[int, int, int]:
    parts = pattern.split("/")
    literals = sum(1 for p in parts if p not in ("*", "**"))
    return (literals, -parts.count("**"), len(parts))


_TABLE: list[tuple[tuple[str, ...], str]] = sorted(
    ((tuple(p.split("/")), service) for service, patterns in ROUTES.items() for p in patterns),
    key=lambda item: _specificity("/".join(item[0])),
    reverse=True,
)


def _matches(pattern: tuple[str, ...], parts: list[str]) -> bool:
    for i, segment in enumerate(pattern):
        if segment == "**":
            return len(parts) > i
        if i >= len(parts) or (segment != "*" and segment != parts[i]):
            return False
    return len(parts) == len(pattern)


@lru_cache(maxsize=4096)
def _resolve_shape(shape: str) -> tuple[str, str] | None:
    parts = shape.split("/")
    for pattern, service in _TABLE:
        if _matches(pattern, parts):
            return service, "/api/" + "/".join(pattern)
    return None


def lookup(path: str) -> tuple[str, str] | None:
    """(service, pattern) for an /api path, or None."""
    rest = path[5:] if path.startswith("/api/") else ""
    if not rest:
        return None
    parts = [("0" if p.isdigit() else p) for p in rest.removesuffix("/").split("/")]
    if any(not p for p in parts):
        return None
    return _resolve_shape("/".join(parts))


def resolve(path: str) -> str | None:
    """The service for an /api path, or None. Numeric segments are folded so the cache stays small."""
    found = lookup(path)
    return found[0] if found else None


def route_of(path: str) -> str:
    """The pattern an /api path matched (`/api/events/*/attendance`), "unmatched" for none: the `route` label of
    the gateway's metrics and its access lines, bounded by the table whatever the paths."""
    found = lookup(path)
    return found[1] if found else "unmatched"


def upload_route(method: str, path: str) -> bool:
    return (method, path.removesuffix("/")) in UPLOADS
