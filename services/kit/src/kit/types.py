"""The types every route uses for what a client sends: ids, lists of ids, text that can be stored.

Ids are PostgreSQL `integer` columns (1 … 2^31−1); a larger number would reach asyncpg and fail there as a
server error, so it is refused here instead: out of range in a path it is a thing that does not exist (404,
kit.errors renders any path parameter that does not validate so), in a query or a body it is a 400 naming
the field. Text refuses what PostgreSQL cannot store (NUL) and what cannot be encoded (an unpaired
surrogate); names and titles also refuse control characters, which show as nothing or as garbage."""

from __future__ import annotations

import unicodedata
from typing import Annotated

from pydantic import AfterValidator, Field

ID_MAX = 2**31 - 1  # PostgreSQL integer, the type of every id column

Id = Annotated[int, Field(ge=1, le=ID_MAX)]
"""An id in a path (404 when out of range), a query or a body (400)."""

IdOrZero = Annotated[int, Field(ge=0, le=ID_MAX)]
"""An id where 0 means "any" (the spec's `u=0`, `orgs=0`)."""

CANNOT_STORE = "holds a character that cannot be stored"
CONTROL_CHARACTER = "must not contain control characters"
IDS_OUT_OF_RANGE = f"ids are whole numbers from 1 to {ID_MAX}"


def unstorable(value: str) -> bool:
    """NUL (PostgreSQL text cannot hold it) or an unpaired surrogate (not encodable as UTF-8). Every Schema runs
    this on every text it is built from, answers included: the scans are C (`in`, `isascii`, the codec), not a
    Python loop per character, which was a sixth of a list's cost (docs/decisions.md, "The read path")."""
    if "\x00" in value:
        return True
    if value.isascii():
        return False
    try:
        value.encode("utf-8")
    except UnicodeEncodeError:
        return True
    return False


def has_control(value: str) -> bool:
    """C0/C1 controls (tab and newline included: a name is one line), unpaired surrogates and the line and
    paragraph separators. Format characters (the joiners of emoji sequences) are allowed."""
    return any(unicodedata.category(ch) in ("Cc", "Cs", "Zl", "Zp") for ch in value)


def _storable(value: str) -> str:
    if unstorable(value):
        raise ValueError(f"Text {CANNOT_STORE}")
    return value


def _one_line(value: str) -> str:
    if has_control(value):
        raise ValueError(f"Name {CONTROL_CHARACTER}")
    return value


Text = Annotated[str, AfterValidator(_storable)]
"""Free text (a search keyword, a description): anything PostgreSQL can store."""

Name = Annotated[str, AfterValidator(_one_line)]
"""A name or a title shown to other people: one line of printable text."""


def parse_id_list(value: str | None, *, limit: int) -> tuple[int, ...]:
    """'1, 2,3' → (1, 2, 3): a comma-separated query value, in order, without repeats, at most `limit`; parts
    that are not positive whole numbers are skipped (0 in `orgs` means any), but a number beyond the id
    range is refused (ValueError): skipping it would widen the filter to everyone."""
    ids: dict[int, None] = {}
    for part in (value or "").split(","):
        part = part.strip()
        if part.isascii() and part.isdigit() and int(part) > 0:
            if int(part) > ID_MAX:
                raise ValueError(IDS_OUT_OF_RANGE)
            ids[int(part)] = None
    return tuple(ids)[:limit]
