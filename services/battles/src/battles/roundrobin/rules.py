"""Pure rules of round-robin groups before the bracket (docs/product/competition.md, "Round-robin groups";
docs/decisions.md, "Round-robin groups"), as the Youth Olympic Games run them: groups of four, everyone in a group
battles everyone else (three battles each, two rounds a battle); a group ranks by rounds won, then the audience's
and judges' votes in all, and dancers still equal go to a tie-break round; the best of each group go on to the
bracket, seeded so that two of one group meet as late as the bracket allows."""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from battles.brackets.rules import seed_order

GROUP_SIZE = 4
ROUNDS = 2  # a group battle's rounds
ADVANCE = 2  # each group's best go on to the bracket
GROUP = "group"  # the side of a group's battles (models.Sparring)
TOO_FEW = "Round-robin groups need at least two dancers"
FIXED = "Round-robin groups can be turned on or off until Add to bracket"
NO_GROUPS = "This battle has no round-robin groups"
UNDECIDED = "Every group battle must be decided before Add to bracket"
TIE_AT_THE_TOP = "{group} has a tie: a tie-break round decides it before Add to bracket"
NOT_TIED = "{name} is not tied in their group"
BRACKET_BUILT = "The bracket is built from the groups"
NO_BRACKET = "The bracket is not built yet"
BRACKET_DECIDED = "A sparring of the bracket is decided: the bracket cannot be undone."


def group_name(number: int) -> str:
    """Group 1 is 'Group A' (up to 16 groups: a bracket of 32 fed by two of each)."""
    return f"Group {chr(ord('A') + number - 1)}"


def entering(size: int) -> int:
    """How many of the prelims' best go into groups for a bracket of `size`: two groups' best for each of its
    spots' pairs, so the groups' best `ADVANCE` fill it (groups of four: twice the bracket)."""
    return size * GROUP_SIZE // ADVANCE


def groups(ranked: Sequence[int], size: int = GROUP_SIZE) -> list[list[int]]:
    """The dancers (best first, e.g. by prelims) dealt into groups of `size` or one less, snake-wise (1 2 3 3 2 1
    ...) so each group gets a like share of the strong; never a group of fewer than three unless there are only
    two dancers."""
    n = len(ranked)
    if n < 2:
        raise ValueError(TOO_FEW)
    count = math.ceil(n / size)
    while count > 1 and n // count < 3:
        count -= 1
    dealt: list[list[int]] = [[] for _ in range(count)]
    for at, dancer in enumerate(ranked):
        lap, place = divmod(at, count)
        dealt[place if lap % 2 == 0 else count - 1 - place].append(dancer)
    return dealt


def schedule(group: Sequence[int]) -> list[tuple[int, int]]:
    """Every pair of the group once, in rounds of the circle method: with four, three rounds of two battles, and
    each dancer in every round (with an odd count one sits each round out)."""
    players: list[int | None] = list(group)
    if len(players) % 2:
        players.append(None)
    pairs: list[tuple[int, int]] = []
    for _ in range(len(players) - 1):
        half = len(players) // 2
        for a, b in zip(players[:half], reversed(players[half:]), strict=True):
            if a is not None and b is not None:
                pairs.append((a, b))
        players = [players[0], players[-1], *players[1:-1]]  # the first stays, the others turn
    return pairs


@dataclass(frozen=True, slots=True)
class Result:
    """A decided group battle: each side's rounds won (a tied round counts for nobody) and votes in all."""

    red: int
    blue: int
    red_rounds: int
    blue_rounds: int
    red_votes: int
    blue_votes: int


@dataclass(frozen=True, slots=True)
class Standing:
    dancer: int
    rounds: int
    votes: int
    tied: bool  # equal with another on rounds and votes: a tie-break round decides between them


def ranking(group: Sequence[int], results: Iterable[Result], tiebreaks: Sequence[int] = ()) -> list[Standing]:
    """The group's ranking: most rounds won, then most votes; dancers still equal are ordered by the tie-break
    rounds decided (`tiebreaks`: their winners in the order decided, the first decided first) and those not yet
    separated are marked `tied` (a tie-break round orders them), kept in the group's own order meanwhile."""
    rounds = dict.fromkeys(group, 0)
    votes = dict.fromkeys(group, 0)
    for result in results:
        rounds[result.red] += result.red_rounds
        rounds[result.blue] += result.blue_rounds
        votes[result.red] += result.red_votes
        votes[result.blue] += result.blue_votes
    key = {dancer: (rounds[dancer], votes[dancer]) for dancer in group}
    won = {dancer: at for at, dancer in enumerate(tiebreaks)}
    late = len(won)
    order = sorted(group, key=lambda d: (-key[d][0], -key[d][1], won.get(d, late), group.index(d)))
    # within each set of equals, the ones not yet separated by a tie-break are still tied (two or more of them)
    open_count: dict[tuple[int, int], int] = {}
    for dancer in group:
        if dancer not in won:
            open_count[key[dancer]] = open_count.get(key[dancer], 0) + 1
    equal = {k: list(key.values()).count(k) for k in key.values()}
    return [
        Standing(d, rounds[d], votes[d], equal[key[d]] > 1 and d not in won and open_count[key[d]] > 1) for d in order
    ]


def blocking_tie(standings: Sequence[Standing], advance: int = ADVANCE) -> bool:
    """Whether a tie not yet broken decides who goes on or as what seed: a tied dancer among the first `advance`."""
    return any(standing.tied for standing in standings[:advance])


def result_of(red: int, blue: int, decisions: Iterable[str | None], picks: Iterable[str]) -> Result:
    """A decided group battle from its rounds' decisions ('red', 'blue', 'tie') and every judge's pick of every
    round (their vote: the side they gave more, or a tie)."""
    decided = list(decisions)
    given = list(picks)
    return Result(red, blue, decided.count("red"), decided.count("blue"), given.count("red"), given.count("blue"))


def seeds(ranked_groups: Sequence[Sequence[int]], advance: int = ADVANCE, size: int | None = None) -> list[int]:
    """The bracket's seeds, best first, from each group's ranking (its best `advance`): the groups' winners first
    (in the groups' order), then their runners-up and so on, each placed in the half of the bracket away from the
    ones of its group already placed where a seed is free there: two of one group meet as late as can be."""
    if advance < 1:
        raise ValueError("At least one dancer of each group goes on")
    tiers = [[group[k] for group in ranked_groups if len(group) > k] for k in range(advance)]
    total = sum(len(tier) for tier in tiers)
    size = max(size or 0, 1 << max(1, (total - 1).bit_length()))  # the bracket's size: its halves
    order = seed_order(size)
    half_of = {seed: (0 if at < size // 2 else 1) for at, seed in enumerate(order)}
    group_of = {dancer: g for g, group in enumerate(ranked_groups) for dancer in group[:advance]}
    placed: dict[int, int] = {}  # seed → dancer
    halves: dict[int, set[int]] = {}  # group → the halves its placed dancers are in
    next_seed = 1
    for tier in tiers:
        free = list(range(next_seed, next_seed + len(tier)))
        for dancer in tier:
            taken = halves.get(group_of[dancer], set())
            choice = next((s for s in free if half_of[s] not in taken), free[0])
            free.remove(choice)
            placed[choice] = dancer
            halves.setdefault(group_of[dancer], set()).add(half_of[choice])
        next_seed += len(tier)
    return [placed[seed] for seed in sorted(placed)]
