"""kit.places.bounds: a map's corners as the boxes to search (the events map and the studios map)."""

from __future__ import annotations

import re

import pytest

from kit.places.bounds import BOUNDS_ALL, BOUNDS_ORDER, Box, boxes, centre, lat_lng


def corners(north: float, west: float, south: float, east: float) -> dict[str, str | None]:
    return {"nw": f"{north},{west}", "ne": f"{north},{east}", "se": f"{south},{east}", "sw": f"{south},{west}"}


def test_one_box_for_an_ordinary_view() -> None:
    assert boxes(corners(41, -75, 40, -73)) == (Box(-75, 40, -73, 41),)


def test_two_boxes_across_the_antimeridian() -> None:
    assert boxes(corners(-5, 170, -25, -165)) == (Box(170, -25, 180, -5), Box(-180, -25, -165, -5))


def test_a_zoomed_out_map_wraps_and_clamps() -> None:
    assert boxes(corners(100, -200, -100, 200)) is None  # the whole world
    assert boxes(corners(95, -200, 10, -190)) == (Box(160, 10, 170, 90),)


def test_none_is_the_world_and_some_is_an_error() -> None:
    assert boxes({"nw": None, "ne": None, "se": None, "sw": None}) is None
    with pytest.raises(ValueError, match=re.escape(BOUNDS_ALL)):
        boxes({"nw": "1,2", "ne": None, "se": None, "sw": None})
    with pytest.raises(ValueError, match=re.escape(BOUNDS_ORDER)):
        boxes(corners(10, -75, 40, -73))


@pytest.mark.parametrize("value", ["", "1", "a,b", "1,2,3", "nan,1", "1e7,1"])
def test_a_corner_is_two_numbers(value: str) -> None:
    with pytest.raises(ValueError, match="lat,lng as two numbers"):
        lat_lng("nw", value, on_earth=False)


def test_a_point_on_earth() -> None:
    with pytest.raises(ValueError, match="lat from -90 to 90"):
        lat_lng("uc", "91,0", on_earth=True)


def test_the_centre() -> None:
    middle = centre(boxes(corners(41, -75, 40, -73)))
    assert middle is not None and (middle.lat, middle.lng) == (40.5, -74)
    across = centre(boxes(corners(-5, 170, -25, -160)))
    assert across is not None and (across.lat, across.lng) == (-15, -175)
