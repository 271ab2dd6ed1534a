"""A map's view as the product sends it (the corners nw, ne, se, sw, each `lat,lng`), pure: parsed into the boxes to
search, one or two when the view crosses the antimeridian. The events map and the studios map read it the same
way; `kit.places.sql` turns the boxes into the one indexed condition."""

from __future__ import annotations

import math
from dataclasses import dataclass

BOUNDS_ALL = "nw, ne, se, sw: give all four corners (lat,lng) or none"
BOUNDS_ORDER = "bounds: the north edge must not be south of the south edge"


@dataclass(frozen=True)
class Point:
    lat: float
    lng: float


def lat_lng(name: str, value: str, *, on_earth: bool) -> Point:
    """'40.7128,-74.006' → Point. A map's corner may lie beyond the world's edges (a zoomed-out map repeats the
    world sideways), so only `on_earth` points are held to ±90/±180."""
    parts = value.split(",")
    try:
        if len(parts) != 2:
            raise ValueError
        lat, lng = float(parts[0]), float(parts[1])
    except ValueError:
        raise ValueError(f"{name}: lat,lng as two numbers, e.g. 40.7128,-74.006") from None
    if not (math.isfinite(lat) and math.isfinite(lng)) or abs(lat) > 1e6 or abs(lng) > 1e6:
        raise ValueError(f"{name}: lat,lng as two numbers, e.g. 40.7128,-74.006")
    if on_earth and (abs(lat) > 90 or abs(lng) > 180):
        raise ValueError(f"{name}: lat from -90 to 90, lng from -180 to 180")
    return Point(lat, lng)


@dataclass(frozen=True)
class Box:
    """West to east on [-180, 180], south to north on [-90, 90]."""

    west: float
    south: float
    east: float
    north: float


def _wrap(lng: float) -> float:
    """Any longitude onto [-180, 180): a zoomed-out map says -200 for 160."""
    return (lng + 180.0) % 360.0 - 180.0


def boxes(corners: dict[str, str | None]) -> tuple[Box, ...] | None:
    """The map's four corners → the boxes to search: None for the world (no corners, or 360 degrees of longitude
    and the poles), one box, or two when the view crosses the antimeridian (west > east once wrapped: Fiji to
    Samoa is 177 to -172). Latitudes beyond ±90 are clamped; west is the west corners', east the east corners'."""
    given = {name: value for name, value in corners.items() if value is not None}
    if not given:
        return None
    if len(given) != 4:
        raise ValueError(BOUNDS_ALL)
    nw, ne, se, sw = (lat_lng(name, given[name], on_earth=False) for name in ("nw", "ne", "se", "sw"))
    north = min(max(nw.lat, ne.lat), 90.0)
    south = max(min(sw.lat, se.lat), -90.0)
    if south > north:
        raise ValueError(BOUNDS_ORDER)
    west, east = min(nw.lng, sw.lng), max(ne.lng, se.lng)
    span = east - west if east >= west else east - west + 360.0  # a map that wraps its own corners says west > east
    if span >= 360.0:
        west, east = -180.0, 180.0
    else:
        west, east = _wrap(west), _wrap(east)
        if east == -180.0 and span > 0:
            east = 180.0
    if west <= east:
        if west == -180.0 and east == 180.0 and south <= -90.0 and north >= 90.0:
            return None
        return (Box(west, south, east, north),)
    return Box(west, south, 180.0, north), Box(-180.0, south, east, north)


def centre(found: tuple[Box, ...] | None) -> Point | None:
    """The middle of the view (None for the world): across the antimeridian, the middle of the whole span, wrapped."""
    if not found:
        return None
    west, east = found[0].west, found[-1].east
    span = east - west if east >= west else east - west + 360.0
    if len(found) == 2:
        span = (180.0 - found[0].west) + (found[1].east + 180.0)
    return Point((found[0].south + found[0].north) / 2, _wrap(west + span / 2))
