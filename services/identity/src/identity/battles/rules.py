"""What counts in a profile's battle stats."""

from __future__ import annotations

from collections.abc import Iterable

from contracts.battles import Winners

# battlesWon counts the battles a profile won: named in this place of battles.winners.set.
WON_PLACE = "1st Place"

# The parts a profile plays in a battle, each counted in its own stat column.
ENTERED, JUDGED, WON = "entered", "judged", "won"
STAT_OF_ROLE = {ENTERED: "battles_entered", JUDGED: "battles_judged", WON: "battles_won"}


def winners_of(places: Iterable[Winners]) -> set[int]:
    """The profiles who won the battle (a crew's confirmed members all won it)."""
    return {user_id for winners in places if winners.place == WON_PLACE for user_id in winners.user_ids}
