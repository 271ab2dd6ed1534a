"""The read path's reference: the same profile row identity's `GET /api/user/{id}` reads, served by bare
Starlette + an asyncpg pool + orjson. Part of the bench, not of the product: what a read costs at best in Python."""

from __future__ import annotations

import contextlib
import os
from collections.abc import AsyncIterator

import asyncpg
import orjson
from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import Response
from starlette.routing import Route

QUERY = (
    "SELECT id, dancer_name, full_name, country, city, state, avatar, card, is_patron, socials, privacy,"
    " events_attended, battles_entered, battles_won, events_dj, battles_judged FROM profile WHERE id = $1"
)


def create_app() -> Starlette:
    pool: asyncpg.Pool | None = None

    @contextlib.asynccontextmanager
    async def lifespan(_: Starlette) -> AsyncIterator[None]:
        nonlocal pool
        pool = await asyncpg.create_pool(os.environ["REFERENCE_DSN"], min_size=8, max_size=32, ssl=False)
        yield
        await pool.close()

    async def profile(request: Request) -> Response:
        assert pool is not None
        row = await pool.fetchrow(QUERY, int(request.path_params["user_id"]))
        if row is None:
            return Response(b'{"error":{"code":"not_found","message":"User not found"}}', 404)
        return Response(orjson.dumps({"data": dict(row)}), media_type="application/json")

    return Starlette(routes=[Route("/api/user/{user_id:int}", profile)], lifespan=lifespan)
