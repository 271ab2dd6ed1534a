"""The real identity service plus two routes that fail the way a bug would (an exception, a broken query).
Served by uvicorn in a process of its own, as deployed: a connection it closes is closed for real, at its own
pace, which is what let a 500 spoil the gateway's next request. Settings come from the environment."""

from __future__ import annotations

from fastapi import APIRouter, FastAPI
from sqlalchemy import text

from identity.app import create_app as create_identity
from kit.db import SessionDep

router = APIRouter(prefix="/api/users/faulty")


@router.post("/crash")
async def crash() -> None:
    raise RuntimeError("a bug in a route")


@router.post("/query")
async def broken_query(session: SessionDep) -> None:
    await session.execute(text("SELECT * FROM no_such_table"))


def create_app() -> FastAPI:
    app = create_identity()
    app.include_router(router)
    return app
