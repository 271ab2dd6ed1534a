"""Standard seeding and the byes of every round, property-tested for every bracket size from 2 to 256 and every
number of competitors that fits (docs/product/competition.md, Brackets). Hypothesis draws the size, the count
and who wins each sparring; the examples are bounded so the suite stays within its budget."""

from __future__ import annotations

import functools
from collections.abc import Callable

from hypothesis import given, settings
from hypothesis import strategies as st

from battles.brackets import rules
from battles.brackets.rules import Opened, SparringSpec, Spot
from battles.sparrings.rules import Decided, places

SIZES = [2**k for k in range(1, 9)]  # 2 … 256
SEED_ID = 1000  # seed k is competitor 1000 + k


@st.composite
def brackets(draw: st.DrawFn) -> tuple[int, int]:
    size = draw(st.sampled_from(SIZES))
    return size, draw(st.integers(min_value=2, max_value=size))


def opened(size: int, count: int) -> tuple[list[SparringSpec], dict[Spot, Opened]]:
    specs = rules.structure(size, any_size=True)
    competitors = [SEED_ID + k for k in range(1, count + 1)]
    return specs, rules.opening(specs, rules.seeded(size, competitors))


def in_first_round(spot: Spot, size: int) -> bool:
    return spot.side != "final" and spot.round == 1 or size == 2


def play(
    specs: list[SparringSpec], start: dict[Spot, Opened], pick: Callable[[st.SearchStrategy[int]], int] | None
) -> tuple[dict[Spot, tuple[int | None, int | None]], dict[Spot, int], int]:
    """The bracket played to its end from how it opened: each sparring with both sides is won by the better seed
    (`pick` None) or by a side drawn at random; a semi-final's loser goes to the battle for third place when there
    is one. Answers every sparring's sides, the winners, and how many sparrings were danced (both sides there)."""
    sides = {spot: (o.red, o.blue) for spot, o in start.items()}
    winners = {spot: o.winner for spot, o in start.items() if o.winner is not None}
    danced = 0
    for spec in specs:  # structure's order: a sparring after the two feeding it
        red, blue = sides[spec.spot]
        if spec.spot in winners or start[spec.spot].empty:
            continue
        assert red is not None and blue is not None, f"{spec.spot} is stuck with one side: {red}, {blue}"
        danced += 1
        won = min(red, blue) if pick is None else pick(st.sampled_from([red, blue]))
        winners[spec.spot] = won
        for goes, color, who in (
            (spec.next, spec.next_side, won),
            (spec.loser_next, spec.loser_next_side, red + blue - won),
        ):
            if goes is not None:
                other = sides[goes]
                sides[goes] = (who, other[1]) if color == "red" else (other[0], who)
    return sides, winners, danced


@settings(max_examples=20, deadline=None)
@given(st.sampled_from(SIZES))
def test_the_standard_order_is_every_seed_once_and_the_better_seed_meets_the_last_in_every_round(size: int) -> None:
    order = rules.seed_order(size)
    assert sorted(order) == list(range(1, size + 1))
    # played by seed, round r of a bracket of `size` pairs seeds adding up to size / 2^(r-1) + 1
    field = order
    while len(field) > 1:
        pairs = [field[i : i + 2] for i in range(0, len(field), 2)]
        assert {a + b for a, b in pairs} == {len(field) + 1}
        field = [min(pair) for pair in pairs]
    if size > 2:
        assert 1 in order[: size // 2] and 2 in order[size // 2 :]


@settings(max_examples=200, deadline=None)
@given(brackets(), st.data())
def test_every_bracket_opens_with_its_byes_decided_in_every_round_and_plays_to_a_final(
    bracket: tuple[int, int], data: st.DataObject
) -> None:
    size, count = bracket
    specs, start = opened(size, count)
    first = [side for spot, o in start.items() if in_first_round(spot, size) for side in (o.red, o.blue) if side]
    assert sorted(first) == [SEED_ID + k for k in range(1, count + 1)], "each competitor in one first-round spot"

    # A bye is given only where no competitor can ever come to the other side.
    feeders = {(spec.next, spec.next_side): spec.spot for spec in specs if spec.next is not None}
    seeded = rules.seeded(size, [SEED_ID + k for k in range(1, count + 1)])

    @functools.cache
    def reachable(spot: Spot, side: str) -> bool:
        feeder = feeders.get((spot, side))
        if feeder is None:
            red, blue = seeded.get(spot, (None, None))
            return (red if side == "red" else blue) is not None
        return reachable(feeder, "red") or reachable(feeder, "blue")

    for spot, o in start.items():
        if o.winner is not None:
            missing = "blue" if o.winner == o.red else "red"
            assert not reachable(spot, missing), f"{spot}: a bye although a competitor can come"
        assert o.empty == (not reachable(spot, "red") and not reachable(spot, "blue"))

    # Whoever wins, nothing is stuck with one side; n competitors dance n - 1 sparrings; the final has two sides.
    sides, winners, danced = play(specs, start, data.draw)
    assert danced == count - 1
    final = Spot("final", 1, 0)
    assert None not in sides[final] and final in winners


@settings(max_examples=200, deadline=None)
@given(brackets())
def test_the_better_seed_winning_always_brings_seeds_1_and_2_to_the_final_and_the_top_four_to_the_semis(
    bracket: tuple[int, int],
) -> None:
    size, count = bracket
    specs, start = opened(size, count)
    sides, winners, _ = play(specs, start, None)
    assert set(sides[Spot("final", 1, 0)]) == {SEED_ID + 1, SEED_ID + 2}
    assert winners[Spot("final", 1, 0)] == SEED_ID + 1
    if size >= 4 and count >= 4:
        semis = [spec.spot for spec in specs if spec.next == Spot("final", 1, 0)]
        assert {side for spot in semis for side in sides[spot]} == {SEED_ID + k for k in range(1, 5)}
    # The byes go to the best seeds: who skips the first round is never worse than one who dances it.
    first = [o for spot, o in start.items() if in_first_round(spot, size)]
    byes = [o.winner for o in first if o.winner is not None]
    dancing = [side for o in first if o.winner is None for side in (o.red, o.blue) if side is not None]
    if byes and dancing:
        assert max(byes) < min(dancing)


@settings(max_examples=150, deadline=None)
@given(brackets().filter(lambda bracket: bracket[0] >= 4), st.data())
def test_a_battle_for_third_place_is_danced_when_both_semi_finals_have_a_loser_and_gives_each_place_once(
    bracket: tuple[int, int], data: st.DataObject
) -> None:
    size, count = bracket
    specs = rules.structure(size, any_size=True, third_place=True)
    start = rules.opening(specs, rules.seeded(size, [SEED_ID + k for k in range(1, count + 1)]))
    built = rules.settled(specs, start)
    semis = [spec for spec in specs if spec.loser_next == rules.THIRD]
    assert len(semis) == 2
    real = [spec for spec in semis if not start[spec.spot].empty and start[spec.spot].winner is None]
    # with fewer than four, a semi-final is a bye (or nothing): one loser at most, who is third without a battle
    assert (rules.THIRD in {spec.spot for spec in built}) == (len(real) == 2) == (count >= 4)
    sides, winners, danced = play(built, {spec.spot: start[spec.spot] for spec in built}, data.draw)
    assert danced == count - 1 + (1 if count >= 4 else 0)
    places = rules_places(built, sides, winners)
    top = sorted(place for place in places.values() if place <= 4)
    assert top == ([1, 2, 3, 4] if count >= 4 else [1, 2, 3][:count])
    assert len(places) == count  # everyone has a place


def rules_places(
    specs: list[SparringSpec], sides: dict[Spot, tuple[int | None, int | None]], winners: dict[Spot, int]
) -> dict[int, int]:
    return places(
        Decided(
            winners.get(spec.spot),
            *sides[spec.spot],
            spec.loser_place,
            spec.spot.side == "final",
            spec.spot == rules.THIRD,
        )
        for spec in specs
    )


def test_three_into_eight_seed_one_passes_the_top_8_and_the_semi_final_by_byes() -> None:
    specs, start = opened(8, 3)
    seed = {k: SEED_ID + k for k in (1, 2, 3)}
    assert start[Spot("left", 1, 0)] == Opened(seed[1], None, seed[1], False)
    assert start[Spot("left", 1, 1)] == Opened(None, None, None, True)  # 4 v 5: nobody
    assert start[Spot("left", 2, 0)] == Opened(seed[1], None, seed[1], False)  # a bye in the semi-final too
    assert start[Spot("right", 1, 0)] == Opened(seed[2], None, seed[2], False)
    assert start[Spot("right", 1, 1)] == Opened(seed[3], None, seed[3], False)
    assert start[Spot("right", 2, 0)] == Opened(seed[2], seed[3], None, False)  # danced
    assert start[Spot("final", 1, 0)] == Opened(seed[1], None, None, False)  # waits for the right's winner
    assert len(specs) == 7
