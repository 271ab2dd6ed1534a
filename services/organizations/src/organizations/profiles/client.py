"""Identity's internal batch read of profiles, for the ids the local projection has never seen.

One pooled httpx client per process, built in the app's lifespan. A failure is not the caller's failure: the
page is served without those names, and the next page asks again."""

from __future__ import annotations

import logging
from collections.abc import Sequence
from typing import Annotated

import httpx
from fastapi import Depends, Request
from pydantic import TypeAdapter, ValidationError

from organizations.profiles.schemas import ProfileData

logger = logging.getLogger("organizations.profiles")

_PROFILES = TypeAdapter(list[ProfileData])
MAX_IDS_PER_READ = 200


class IdentityClient:
    def __init__(self, base_url: str, *, timeout: float = 3.0, transport: httpx.AsyncBaseTransport | None = None):
        self.http = httpx.AsyncClient(
            base_url=base_url,
            timeout=timeout,
            limits=httpx.Limits(max_connections=20, max_keepalive_connections=10),
            transport=transport,
        )

    async def profiles(self, ids: Sequence[int]) -> list[ProfileData] | None:
        """GET /internal/profiles?ids=1,2,3 in one request (ids beyond the cap wait for a later page);
        None when identity could not answer."""
        if not ids:
            return []
        wanted = ",".join(str(i) for i in list(ids)[:MAX_IDS_PER_READ])
        try:
            response = await self.http.get("/internal/profiles", params={"ids": wanted})
            response.raise_for_status()
            return _PROFILES.validate_json(response.content)
        except (httpx.HTTPError, ValidationError) as exc:
            logger.warning("identity could not resolve profiles %s: %s", wanted, exc)
            return None

    async def close(self) -> None:
        await self.http.aclose()


def get_identity(request: Request) -> IdentityClient:
    return request.app.state.identity


IdentityDep = Annotated[IdentityClient, Depends(get_identity)]
