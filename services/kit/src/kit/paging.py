"""Pages: `p` is 0-based, `pp` the page size, capped per endpoint. A list ends when a page is short."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from fastapi import Query


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


def paging(*, default: int = 50, cap: int = 100) -> Callable[..., Page]:
    """A dependency for one endpoint's paging; a `pp` above the cap is lowered to it rather than refused."""

    def dependency(
        p: int = Query(0, ge=0, description="0-based page"),
        pp: int = Query(default, ge=1, description=f"page size, at most {cap}"),
    ) -> Page:
        return Page(p=p, pp=min(pp, cap))

    return dependency
