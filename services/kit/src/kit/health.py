"""/healthz (the process is alive) and /readyz (the database answers at the code's migration head or newer, and the
process is not shutting down). NATS is reported but does not decide: the outbox holds writes while it is away
(docs/decisions.md, "Readiness and shutting down")."""

from __future__ import annotations

from typing import Literal

from fastapi import APIRouter, Request
from sqlalchemy import text

from kit.responses import JSONResponse
from kit.serving import DRAINING

router = APIRouter(include_in_schema=False)

MigrationState = Literal["head", "newer", "behind"]


def migration_state(version: str | None, head: str | None, known: frozenset[str]) -> MigrationState:
    """Where the database stands against this code. A revision the code's migrations do not contain was written
    by a newer release (migrations are expand/contract, docs/development.md): this code still works on it. A known
    revision other than the head, or none at all, is behind."""
    if version == head:
        return "head"
    if version is not None and version not in known:
        return "newer"
    return "behind"


@router.get("/healthz")
async def healthz() -> JSONResponse:
    return JSONResponse({"status": "ok"})


async def readiness(request: Request) -> dict[str, bool]:
    state = request.app.state
    checks = {"database": False, "migrations": False, "nats": state.bus.connected}
    try:
        async with state.engine.connect() as conn:
            version = await conn.scalar(text("SELECT version_num FROM alembic_version"))
        checks["database"] = True
        checks["migrations"] = migration_state(version, state.migration_head, state.migration_revisions) != "behind"
    except Exception:  # noqa: BLE001 - any failure means "not ready", the reason is in the answer
        pass
    return checks


@router.get("/readyz")
async def readyz(request: Request) -> JSONResponse:
    if DRAINING.active:
        return JSONResponse({"status": "shutting down", "checks": {}}, status_code=503)
    checks = await readiness(request)
    ready = checks["database"] and checks["migrations"]
    return JSONResponse(
        {"status": "ready" if ready else "not ready", "checks": checks}, status_code=200 if ready else 503
    )
