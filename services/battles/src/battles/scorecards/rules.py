"""Pure rules of a competitor's scorecard (docs/product/competition.md, Scorecards): who may read it, and what each
of their sparrings says from their side."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

PRIVATE = "A scorecard is public once the battle is decided"
HIDDEN = "This battle hides its participants"
NOT_FOUND = "Competitor not found"

WON, LOST, BYE = "won", "lost", "bye"


def refusal(*, decided: bool, hidden: bool, own: bool, insider: bool) -> str | None:
    """Why this caller may not read the scorecard, or None. The competitor (a crew's confirmed members) and the
    battle's insiders (its admins and judges) read it at any time; everyone else once the battle is decided (its
    final), unless the battle hides its participants."""
    if own or insider:
        return None
    if hidden:
        return HIDDEN
    if not decided:
        return PRIVATE
    return None


def faders_seen(faders: list[int] | None, red: bool) -> list[int] | None:
    """The faders (red -10 to blue 10) from the competitor's side: toward them +, toward the opponent -."""
    if faders is None:
        return None
    return [-f for f in faders] if red else list(faders)


def decision_seen(decision: str | None, color: str) -> Literal["won", "lost", "tie"] | None:
    """A round's decision (red, blue, tie) as the competitor of `color` lived it."""
    if decision is None:
        return None
    if decision == "tie":
        return "tie"
    return "won" if decision == color else "lost"


def result(mine: int, theirs: int | None, winner: int | None) -> str | None:
    """The sparring as the competitor `mine` lived it: won, lost, a bye (no opponent, moved on), or None while
    undecided. Entry ids."""
    if winner is None:
        return None
    if theirs is None:
        return BYE
    return WON if winner == mine else LOST


@dataclass(frozen=True, slots=True)
class Stage:
    """Where a sparring stands in the bracket, for the scorecard's order: round-robin groups' battles first, then
    the first round, the battle for third place after the semi-finals, the final last."""

    side: str
    round: int
    position: int

    def key(self) -> tuple[int, int, int]:
        if self.side == "group":  # round-robin groups come before the bracket, group by group
            return (0, self.round, self.position)
        last = {"third": 999, "final": 1_000}.get(self.side, self.round)
        return (last, 0 if self.side == "left" else 1, self.position)
