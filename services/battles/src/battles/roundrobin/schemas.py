"""Round-robin groups as the battle page's Groups tab reads them (docs/product/competition.md, "Round-robin groups")."""

from __future__ import annotations

from kit.schemas import Schema


class GroupSide(Schema):
    id: int  # the competitor id (hidden ids in a battle that hides its participants)
    name: str | None = None
    avatar: str | None = None


class GroupStanding(GroupSide):
    rounds: int  # rounds won in the group's decided battles
    votes: int  # judges' votes won in them (a judge's vote in a round: the side they gave more)
    tied: bool  # equal with another on rounds and votes, not yet separated by a tie-break round
    advances: bool  # among the group's best that go on to the bracket


class GroupBattle(Schema):
    sparring_id: int
    red: GroupSide
    blue: GroupSide
    status: str  # the sparring's: ready, judging, need-tie-breaker, finished
    winner: int = 0  # the competitor id once decided
    red_rounds: int = 0
    blue_rounds: int = 0


class Group(Schema):
    number: int
    name: str  # Group A, Group B ...
    standings: list[GroupStanding]  # best first
    battles: list[GroupBattle]  # in the order they are danced


class RoundRobin(Schema):
    made: bool  # the groups exist (after Add to bracket from the prelims)
    bracket: bool  # the bracket is built from them
    advance: int  # each group's best that go on
    rounds: int  # a group battle's rounds
    groups: list[Group] = []
    can_edit: bool = False
    blocked: str | None = None  # why the bracket cannot be built yet (every battle decided, no tie at the top)
