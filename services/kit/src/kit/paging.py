"""Pages: `p` is 0-based, `pp` the page size, capped per endpoint. A list ends when a page is short.

`p` is bounded so that the offset `p * pp` stays an id-sized integer: a page beyond it can hold nothing, and a
larger number would fail in the database as a server error."""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from dataclasses import dataclass

from fastapi import Query

from kit.types import ID_MAX


@dataclass(frozen=True, slots=True)
class Page:
    p: int
    pp: int

    @property
    def offset(self) -> int:
        return self.p * self.pp

    @property
    def limit(self) -> int:
        return self.pp


def paging(*, default: int = 50, cap: int = 100) -> Callable[..., Awaitable[Page]]:
    """A dependency for one endpoint's paging; a `pp` above the cap is lowered to it rather than refused."""
    last_page = ID_MAX // cap

    async def dependency(
        p: int = Query(0, ge=0, le=last_page, description=f"0-based page, at most {last_page}"),
        pp: int = Query(default, ge=1, le=ID_MAX, description=f"page size, at most {cap}"),
    ) -> Page:
        return Page(p=p, pp=min(pp, cap))

    return dependency
