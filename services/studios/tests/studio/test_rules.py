from __future__ import annotations

import pytest

from kit.places.bounds import boxes, centre
from studios.competitions.rules import city_state, rank_of_place
from studios.studios import rules


@pytest.mark.parametrize(
    ("place", "rank"),
    [("1st Place", 1), ("2nd Place", 2), ("3rd Place", 3), ("Top 4", 4), ("Top 5", 5), ("Top 8", 8), ("Top 32", 32)],
)
def test_a_winners_place_is_a_rank(place: str, rank: int) -> None:
    assert rank_of_place(place) == rank


@pytest.mark.parametrize("place", ["", "winner", "Top 0", "Top x"])
def test_an_unknown_place_has_no_rank(place: str) -> None:
    assert rank_of_place(place) is None


@pytest.mark.parametrize(
    ("address", "parts"),
    [
        ("Queens, NY, United States", ("Queens", "NY")),
        ("12 Main St, Brooklyn, NY, United States", ("Brooklyn", "NY")),
        ("Berlin, Germany", ("Berlin", None)),
        ("Paris", ("Paris", None)),
        (None, (None, None)),
        (" , ", (None, None)),
    ],
)
def test_an_events_city_and_state_come_from_its_address(address: str | None, parts: tuple) -> None:
    assert city_state(address) == parts


def test_only_admins_and_platform_admins_edit() -> None:
    assert rules.can_edit(frozenset({"admin"}), is_platform_admin=False)
    assert rules.can_edit(frozenset(), is_platform_admin=True)
    assert not rules.can_edit(frozenset({"teacher", "student"}), is_platform_admin=False)


def test_a_draft_is_seen_by_its_editors_only() -> None:
    assert rules.can_view("published", editor=False)
    assert not rules.can_view("draft", editor=False)
    assert rules.can_view("draft", editor=True)


def test_the_last_admin_cannot_leave() -> None:
    assert not rules.may_remove_admin([1], 1)
    assert rules.may_remove_admin([1, 2], 1)
    assert rules.may_remove_admin([1], 5)  # not an admin: nothing to remove


def test_socials_as_organizations_and_email_as_an_address() -> None:
    assert rules.social("instagram", "@floorlab") == "https://instagram.com/floorlab"
    assert rules.social("youtube", "UC123") == "https://youtube.com/channel/UC123"
    assert rules.social("website", "floorlab.dance") == "https://floorlab.dance"
    assert rules.social("email", " hi@floorlab.dance ") == "hi@floorlab.dance"
    assert rules.social("email", "") == ""
    with pytest.raises(ValueError, match="Invalid e-mail."):
        rules.social("email", "not an address")


def test_the_centre_of_a_view_across_the_antimeridian_is_on_it() -> None:
    view = boxes({"nw": "-10,170", "ne": "-10,-170", "se": "-20,-170", "sw": "-20,170"})
    assert view is not None and len(view) == 2
    middle = centre(view)
    assert middle is not None and middle.lat == -15 and abs(abs(middle.lng) - 180) < 1e-9
    assert centre(boxes({"nw": "41,-75", "ne": "41,-73", "se": "40,-73", "sw": "40,-75"})).lng == -74  # type: ignore[union-attr]
    assert centre(None) is None
