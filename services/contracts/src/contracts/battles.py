"""Events of the battles service (stream BATTLES) that other services consume already."""

from __future__ import annotations

from datetime import date, datetime
from typing import Any, ClassVar

from pydantic import field_validator

from contracts.base import Event, Payload


class Winners(Payload):
    place: str
    user_ids: list[int] = []


class WinnersSet(Event):
    """A battle's winners; place is one of `1st Place`, `2nd Place`, `3rd Place` (a bracket's battle for third
    place), `Top 4`, `Top 8`, `Top 16`, `Top 32`."""

    type: ClassVar[str] = "battles.winners.set"

    battle_id: int
    event_id: int | None = None
    org_id: int | None = None
    start_date: date
    winners: list[Winners] = []

    @field_validator("start_date", mode="before")
    @classmethod
    def _day(cls, value: Any) -> Any:
        """An ISO date; an ISO instant is read as its day."""
        if isinstance(value, str) and len(value) > 10:
            return datetime.fromisoformat(value.replace("Z", "+00:00")).date()
        return value

    def topics(self) -> list[str]:
        topics = [f"battle:{self.battle_id}"]
        if self.event_id is not None:
            topics.append(f"event:{self.event_id}")
        return topics


class BattleChanged(Event):
    """A battle's public face as studios show it ('title crewSize vs crewSize'); `crewSize` None is unlimited;
    `orgId` the organization it is for (the event page's chip)."""

    id: int
    event_id: int
    title: str
    crew_size: int | None = None
    org_id: int | None = None  # the organization the battle is for (its chip), None for none

    def topics(self) -> list[str]:
        return [f"battle:{self.id}", f"event:{self.event_id}"]


class BattleCreated(BattleChanged):
    type: ClassVar[str] = "battles.battle.created"


class BattleUpdated(BattleChanged):
    type: ClassVar[str] = "battles.battle.updated"


class BattleDeleted(BattleChanged):
    """The battle is gone: it leaves every dancer's and studio's competitions."""

    type: ClassVar[str] = "battles.battle.deleted"


class ParticipantChanged(Event):
    """A dancer entered a battle or left it; `crewId` is their crew's (None in a 1 vs 1 battle). `hidden`: the
    battle hides its participants, so the message goes to the dancer's own topic only (open battle pages are
    told by a `battles.battle.changed` that names nobody)."""

    battle_id: int
    event_id: int
    user_id: int
    crew_id: int | None = None
    hidden: bool = False

    def topics(self) -> list[str]:
        if self.hidden:
            return [f"user:{self.user_id}"]
        return [f"battle:{self.battle_id}", f"event:{self.event_id}", f"user:{self.user_id}"]


class ParticipantRegistered(ParticipantChanged):
    type: ClassVar[str] = "battles.participant.registered"


class ParticipantUnregistered(ParticipantChanged):
    type: ClassVar[str] = "battles.participant.unregistered"


class JudgeChanged(Event):
    """A dancer became a judge of a battle, or stopped being one (identity counts `battlesJudged`)."""

    battle_id: int
    event_id: int
    user_id: int

    def topics(self) -> list[str]:
        return [f"battle:{self.battle_id}", f"event:{self.event_id}", f"user:{self.user_id}"]


class JudgeAdded(JudgeChanged):
    type: ClassVar[str] = "battles.judge.added"


class JudgeRemoved(JudgeChanged):
    type: ClassVar[str] = "battles.judge.removed"


class CrewInvited(Event):
    """A dancer was invited to a crew: identity tells them (accept or decline on the battle page)."""

    type: ClassVar[str] = "battles.crew.invited"

    battle_id: int
    event_id: int
    crew_id: int
    crew_name: str
    battle_title: str
    user_id: int
    by_user_id: int | None = None
    hidden: bool = False  # the battle hides its participants: the invited dancer's topic only

    def topics(self) -> list[str]:
        if self.hidden:
            return [f"user:{self.user_id}"]
        return [f"battle:{self.battle_id}", f"user:{self.user_id}"]


class WaitlistPromoted(Event):
    """A place freed under a registration cap and this dancer's entry (alone or in a crew) moved up from the
    wait list: identity tells them. One event per dancer."""

    type: ClassVar[str] = "battles.waitlist.promoted"

    battle_id: int
    event_id: int
    user_id: int
    crew_id: int | None = None
    battle_title: str
    hidden: bool = False  # the battle hides its participants: the dancer's topic only

    def topics(self) -> list[str]:
        if self.hidden:
            return [f"user:{self.user_id}"]
        return [f"battle:{self.battle_id}", f"event:{self.event_id}", f"user:{self.user_id}"]


class BattleTouched(Event):
    """Anything else on a battle changed (a signature, a check-in applied, an invitation accepted, a seven to smoke
    battle decided): open battle pages re-read it. Nobody consumes it."""

    type: ClassVar[str] = "battles.battle.changed"

    id: int
    event_id: int

    def topics(self) -> list[str]:
        return [f"battle:{self.id}", f"event:{self.event_id}"]


class BattleFloorChanged(Event):
    """The base of what the battle's and the event's open pages re-read: the prelims, the bracket."""

    battle_id: int
    event_id: int

    def topics(self) -> list[str]:
        return [f"battle:{self.battle_id}", f"event:{self.event_id}"]


class PrelimPoints(Payload):
    """One judge's points for a competitor in a round, as this save left them (None: cleared). `id` is the
    competitor as the public list shows them: the dancer's or crew's id, a hidden battle's negative entry id."""

    id: int
    round: int
    points: float | None = None


class PrelimStanding(Payload):
    """A competitor's row as the public list ranks it after the change (`id` as in `PrelimPoints`)."""

    id: int
    points_average: float = 0
    place: int | None = None
    pass_status: str | None = None  # passed, sameScore or None


class PrelimsScored(BattleFloorChanged):
    """A judge's prelim points changed (given, changed or cleared). It carries what an open prelims page needs to
    apply it without re-reading (a crowd of phones would re-read the list on every score): the points this save
    set (`points`), the judge as the list shows them, and every competitor's average, place and pass status
    (`standings`: a score voids the draw, so any place may move), with the bracket's error (sameScore). No name
    or avatar of a competitor: a hidden battle's ids are the negative ones its public list shows."""

    type: ClassVar[str] = "battles.prelims.scored"

    judge_id: int
    # the battle's prelims version after this change: a screen applies only the next one to its copy, re-reads
    # when it skipped one, and keeps a read only when it is not older than what it shows
    version: int = 0
    judge_name: str | None = None
    judge_avatar: str | None = None
    points: list[PrelimPoints] = []
    standings: list[PrelimStanding] = []
    error: str | None = None

    def topics(self) -> list[str]:
        """`battle:<id>` only: nothing the event's pages show changes (on `event:<id>` every phone on the event
        page would re-read the event on every score)."""
        return [f"battle:{self.battle_id}"]


class PrelimsChanged(BattleFloorChanged):
    """The prelims changed otherwise: `change` is gone, groups, move, reshuffle, finish (Add to bracket) or undo
    (Undo bracket). A change of their structure: open pages re-read them (`version` as in `PrelimsScored`)."""

    type: ClassVar[str] = "battles.prelims.changed"

    change: str
    version: int = 0


class BracketSeeded(BattleFloorChanged):
    """An editor set the sides of sparrings of the bracket by hand."""

    type: ClassVar[str] = "battles.bracket.seeded"

    sparring_ids: list[int] = []


class SparringChanged(Event):
    """A sparring of a bracket changed; screens re-read it (the payload names it, nothing more). `carpetId` is the
    carpet whose scoreboard shows it (None when on no board)."""

    sparring_id: int
    battle_id: int
    event_id: int
    carpet_id: int | None = None
    # the sparring's version after this change: a screen applies a message newer than its copy, and keeps a
    # copy (a read, a write's answer) only when it is not older than what it shows
    version: int = 0

    def topics(self) -> list[str]:
        topics = [f"sparring:{self.sparring_id}", f"battle:{self.battle_id}"]
        if self.carpet_id is not None:
            topics.append(f"carpet:{self.carpet_id}")
        return topics


class SparringCounted(SparringChanged):
    """The base of what an open sparring page applies itself (scores, votes): not on `battle:<id>`, as it
    changes nothing the battle's pages show."""

    def topics(self) -> list[str]:
        return [t for t in super().topics() if not t.startswith("battle:")]


class JudgeRound(Payload):
    round: int
    red_points: float  # the points, or in a deciding mode the judge's vote: 1 for the side chosen
    blue_points: float
    faders: list[int] | None = None  # the fader modes' criteria, red -10 to blue 10


class SparringScored(SparringCounted):
    """A judge's round scores were saved (an upsert: a replay changes nothing). `rounds` are the rounds this save
    set, so an open sparring page applies them itself instead of re-reading (a crowd of phones would re-read on
    every score); not on `battle:<id>`: a score changes nothing the battle's pages show."""

    type: ClassVar[str] = "battles.sparring.scored"

    judge_id: int
    rounds: list[JudgeRound] = []


class SparringVoted(SparringCounted):
    """Someone of the audience voted (who stays on the server); `redVotes`/`blueVotes` are the counts after this
    vote (votes are taken one at a time), which open pages show without re-reading; not on `battle:<id>`."""

    type: ClassVar[str] = "battles.sparring.voted"

    red_votes: int = 0
    blue_votes: int = 0


class SparringDecided(SparringChanged):
    """The sparring has its winner (a competitor id: the dancer's user id, or the crew id), who moved on; in a
    battle that hides its participants, the id its hidden views give the winner's side (no profile's or crew's)."""

    type: ClassVar[str] = "battles.sparring.decided"

    winner_id: int


class SparringReset(SparringChanged):
    """Scores cleared: all of them by an editor (`judgeId` None: votes, tie breakers and the winner too), or one
    judge's own."""

    type: ClassVar[str] = "battles.sparring.reset"

    judge_id: int | None = None


class SparringTouched(SparringChanged):
    """Anything else: a tie breaker round added, a finish that found a tie (need-tie-breaker)."""

    type: ClassVar[str] = "battles.sparring.changed"


class ScoreboardChanged(Event):
    """A carpet's scoreboard shows another sparring (None: nothing)."""

    type: ClassVar[str] = "battles.scoreboard.changed"

    event_id: int
    carpet_id: int
    sparring_id: int | None = None

    def topics(self) -> list[str]:
        return [f"carpet:{self.carpet_id}", f"event:{self.event_id}"]


# The families consumers subscribe to as one (`Handler(purpose, BATTLE_CHANGES, fn)`).
BATTLE_CHANGES: tuple[type[BattleChanged], ...] = (BattleCreated, BattleUpdated, BattleDeleted)
ENTRY_CHANGES: tuple[type[ParticipantChanged], ...] = (ParticipantRegistered, ParticipantUnregistered)
