from __future__ import annotations

import pytest

from battles.crews import rules


def test_crew_name_is_required() -> None:
    with pytest.raises(ValueError, match="Crew name is required"):
        rules.crew_name("   ")
    assert rules.crew_name("  Rock   Steady ") == "Rock Steady"


def test_size() -> None:
    assert rules.within_size(3, 3) and not rules.within_size(4, 3) and rules.within_size(500, 10000)
    assert rules.too_many(3) == "A crew of this battle has at most 3 members."
