"""/healthz (the process is alive) and /readyz (database reachable at the migration head, NATS connected)."""

from __future__ import annotations

from fastapi import APIRouter, Request
from sqlalchemy import text

from kit.responses import JSONResponse

router = APIRouter(include_in_schema=False)


@router.get("/healthz")
async def healthz() -> JSONResponse:
    return JSONResponse({"status": "ok"})


async def readiness(request: Request) -> dict[str, bool]:
    state = request.app.state
    checks = {"database": False, "migrations": False, "nats": False}
    try:
        async with state.engine.connect() as conn:
            version = await conn.scalar(text("SELECT version_num FROM alembic_version"))
        checks["database"] = True
        checks["migrations"] = version == state.migration_head
    except Exception:  # noqa: BLE001 - any failure means "not ready", the reason is in the answer
        pass
    checks["nats"] = state.bus.connected
    return checks


@router.get("/readyz")
async def readyz(request: Request) -> JSONResponse:
    checks = await readiness(request)
    ready = all(checks.values())
    return JSONResponse(
        {"status": "ready" if ready else "not ready", "checks": checks}, status_code=200 if ready else 503
    )
