"""Pure rules of the bracket (docs/product/competition.md): its sparrings and how they link, the standard seeding
order, the byes of every round, and the places the bracket gives."""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from typing import Any

from battles.battles.rules import level_names, levels_of

SAME_SPOT = "The same {what} is in two spots"
THIRD_PLACE = "Third place"  # the level of the battle for third place (docs/product/competition.md)


@dataclass(frozen=True, slots=True)
class Spot:
    side: str  # left, right, final or third (the battle for third place)
    round: int  # from 1 within the side (the final is round 1 of its own)
    position: int  # from 0 within the round


@dataclass(frozen=True, slots=True)
class SparringSpec:
    spot: Spot
    level: str
    rounds: int  # the level's rounds per sparring
    next: Spot | None  # where the winner goes (None: the final)
    next_side: str | None  # red or blue there
    loser_place: int | None  # 2 in the final, 4 in the semi-finals, 8 in the Top 8 ...; None: the third's battle
    loser_next: Spot | None = None  # where the loser goes: the semi-finals' to the battle for third place
    loser_next_side: str | None = None


THIRD = Spot("third", 1, 0)


def structure(
    size: int, levels: list[dict[str, Any]] | None = None, *, any_size: bool = False, third_place: bool = False
) -> list[SparringSpec]:
    """Every sparring of a bracket of `size`: the left and right halves, round by round, then the final.
    A half's round r holds size / 2^(r+1) sparrings; its winners meet in pairs in round r+1, and the halves'
    last winners meet in the final (left red, right blue). `levels` [{name, rounds}] give each level's rounds.
    With `third_place` (a bracket of 4 or more), the semi-finals' losers meet in a battle for third place (the
    left's red, the right's blue), danced in the final's rounds: its winner is third, its loser fourth, and the
    semi-finals give no place themselves. A battle's size is one of BRACKET_SIZES; `any_size` lets the rules be
    tried on any power of two."""
    names = levels_of(size) if any_size else level_names(size)
    rounds_of = {level["name"]: int(level.get("rounds") or 1) for level in levels or ()}
    final = Spot("final", 1, 0)
    specs: list[SparringSpec] = []
    side_rounds = len(names) - 1
    for side in ("left", "right"):
        for r in range(1, side_rounds + 1):
            level = names[r - 1]
            for position in range(size // 2 ** (r + 1)):
                if r == side_rounds:
                    nxt, nxt_side = final, "red" if side == "left" else "blue"
                else:
                    nxt, nxt_side = Spot(side, r + 1, position // 2), "red" if position % 2 == 0 else "blue"
                loser_place: int | None = size // 2 ** (r - 1)
                loser_next = loser_next_side = None
                if third_place and r == side_rounds:
                    loser_place, loser_next, loser_next_side = None, THIRD, "red" if side == "left" else "blue"
                specs.append(
                    SparringSpec(
                        Spot(side, r, position),
                        level,
                        rounds_of.get(level, 1),
                        nxt,
                        nxt_side,
                        loser_place,
                        loser_next,
                        loser_next_side,
                    )
                )
    if third_place and side_rounds:
        specs.append(SparringSpec(THIRD, THIRD_PLACE, rounds_of.get(names[-1], 1), None, None, 4))
    specs.append(SparringSpec(final, names[-1], rounds_of.get(names[-1], 1), None, None, 2))
    return specs


def seed_order(size: int) -> list[int]:
    """The standard order of seeds 1..size down the bracket: 1 meets the last, and the top two seeds can only meet
    in the final (1 heads the left half, 2 the right). [1, 4, 2, 3] for 4; [1, 8, 4, 5, 2, 7, 3, 6] for 8."""
    order = [1]
    while len(order) < size:
        total = 2 * len(order) + 1
        order = [seed for first in order for seed in (first, total - first)]
    return order


def first_round(size: int) -> dict[Spot, tuple[int, int]]:
    """The seeds (red, blue) each first-round sparring gets; for size 2 the final itself."""
    order = seed_order(size)
    if size == 2:
        return {Spot("final", 1, 0): (order[0], order[1])}
    half = size // 2
    spots: dict[Spot, tuple[int, int]] = {}
    for side, seeds in (("left", order[:half]), ("right", order[half:])):
        for position in range(half // 2):
            spots[Spot(side, 1, position)] = (seeds[2 * position], seeds[2 * position + 1])
    return spots


def twice(spots: list[tuple[int | None, int | None]]) -> bool:
    """Whether a competitor appears in two spots among these sparrings (both sides of one included)."""
    seen: set[int] = set()
    for pair in spots:
        for competitor in pair:
            if competitor:
                if competitor in seen:
                    return True
                seen.add(competitor)
    return False


def seeded(size: int, competitors: list[int]) -> dict[Spot, tuple[int | None, int | None]]:
    """The first-round sides of a bracket of `size` for `competitors` best first (seed 1 first): a seed beyond
    their count is an empty side (a bye for the other side, or an empty sparring)."""

    def seed(n: int) -> int | None:
        return competitors[n - 1] if n <= len(competitors) else None

    return {spot: (seed(red), seed(blue)) for spot, (red, blue) in first_round(size).items()}


@dataclass(frozen=True, slots=True)
class Opened:
    """A sparring as its bracket opens: its sides, its winner when it is a bye, and whether it is empty (no side
    can ever come to it: nothing to battle)."""

    red: int | None
    blue: int | None
    winner: int | None
    empty: bool


def opening(specs: list[SparringSpec], first: dict[Spot, tuple[int | None, int | None]]) -> dict[Spot, Opened]:
    """Every sparring of the bracket as it opens, with byes decided in every round. A side that can never come
    (an empty first-round side, or the winner of an empty sparring) leaves the other side a bye: it moves on at
    once, round after round. A first-round bye (5 into 8: seeds 1 to 3) and a later one (3 into 8: seed 1 has no
    Top 8 opponent, and none can come to its semi-final) alike. The final is never a bye: seeds 1 and 2 head the
    two halves, so two competitors reach it. `specs` in `structure`'s order: a sparring after those feeding it."""
    sent: dict[tuple[Spot, str], int | None] = {}  # (spot, side) → the winner moved there, None: none will come
    opened: dict[Spot, Opened] = {}
    for spec in specs:
        if spec.spot in first:  # the first round (`seeded` gives each of its spots, the final of a bracket of 2)
            red, blue = first.get(spec.spot, (None, None))
            red_gone, blue_gone = red is None, blue is None
        else:
            red, blue = sent.get((spec.spot, "red")), sent.get((spec.spot, "blue"))
            red_gone = (spec.spot, "red") in sent and red is None
            blue_gone = (spec.spot, "blue") in sent and blue is None
        empty = red_gone and blue_gone
        winner = None
        if spec.next is not None and not empty:
            if red_gone and blue is not None:
                winner = blue
            elif blue_gone and red is not None:
                winner = red
        opened[spec.spot] = Opened(red, blue, winner, empty)
        if spec.next is not None and spec.next_side is not None and (empty or winner is not None):
            sent[(spec.next, spec.next_side)] = winner
        if spec.loser_next is not None and spec.loser_next_side is not None and (empty or winner is not None):
            sent[(spec.loser_next, spec.loser_next_side)] = None  # a bye or nothing: no loser will come
    return opened


def settled(specs: list[SparringSpec], opened: dict[Spot, Opened]) -> list[SparringSpec]:
    """The sparrings built: a battle for third place that can never be danced (a semi-final is a bye or empty,
    so one loser at most will come) is left out, and the semi-finals' losers are third themselves."""
    if THIRD not in opened or not _gone(specs, opened):
        return specs
    return [
        dataclasses.replace(spec, loser_place=3, loser_next=None, loser_next_side=None)
        if spec.loser_next == THIRD
        else spec
        for spec in specs
        if spec.spot != THIRD
    ]


def _gone(specs: list[SparringSpec], opened: dict[Spot, Opened]) -> bool:
    """Whether a semi-final feeding the battle for third place is decided as the bracket opens (no loser)."""
    return any(
        opened[spec.spot].empty or opened[spec.spot].winner is not None for spec in specs if spec.loser_next == THIRD
    )


def status(red: int | None, blue: int | None) -> str:
    """An undecided sparring is ready with both sides and waiting otherwise."""
    return "ready" if red and blue else "waiting"
