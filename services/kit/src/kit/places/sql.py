"""The map's boxes (kit.places.bounds) as SQL: `point(lng, lat) <@ box(...)`, which a GiST index on
`point(lng, lat)` serves, with the corners as bound parameters so one prepared statement serves every view."""

from __future__ import annotations

import functools
from typing import Any

from sqlalchemy import ColumnElement, Float, bindparam, func, or_

from kit.places.bounds import Box


def _box(n: int) -> ColumnElement[Any]:
    corner = functools.partial(bindparam, type_=Float)
    return func.box(func.point(corner(f"w{n}"), corner(f"s{n}")), func.point(corner(f"e{n}"), corner(f"n{n}")))


def in_boxes(location: ColumnElement[Any], count: int) -> ColumnElement[bool]:
    """`location` (a `point(lng, lat)` expression) inside one of `count` boxes (1, or 2 across the antimeridian)."""
    return or_(*(location.op("<@")(_box(n)) for n in range(count)))


def box_params(found: tuple[Box, ...] | None) -> dict[str, float]:
    """The parameters of `in_boxes` for these boxes."""
    params: dict[str, float] = {}
    for n, box in enumerate(found or ()):
        params |= {f"w{n}": box.west, f"s{n}": box.south, f"e{n}": box.east, f"n{n}": box.north}
    return params
