"""The bracket: built from the prelims (Add to bracket), read, seeded by hand, removed (Undo bracket)."""

from __future__ import annotations

from sqlalchemy.ext.asyncio import AsyncSession

from battles import events
from battles.battles import rules as battle_rules
from battles.battles import view as battle_view
from battles.battles.access import BattleAccess
from battles.battles.repository import battle_repository
from battles.battles.schemas import BracketLevel
from battles.brackets import rules
from battles.brackets import schemas as s
from battles.brackets.repository import bracket_repository
from battles.models import Battle, Entry, Sparring
from battles.prelims.repository import competitor_id, prelims_repository
from kit.db import commit_writes
from kit.errors import Conflict, Invalid, NotFound

DECIDED = "A decided sparring cannot be changed"
SPARRING_NOT_FOUND = "Sparring not found"
NOT_COMPETING = "{id} is not competing in this battle"
UNDECIDED = ("waiting", "ready")  # statuses a change of sides recomputes (scores may have come in otherwise)


def decided(sparring: Sparring) -> bool:
    return sparring.winner_entry_id is not None or sparring.status == "finished"


class BracketService:
    async def build(self, session: AsyncSession, battle: Battle, passed: list[Entry]) -> None:
        """The bracket's sparrings, linked winner to next, with `passed` (best first) seeded into the first round.
        Byes are decided in every round (`rules.opening`): a sparring with one side, whose other side can never
        come, is finished with that side as its winner, already in its next sparring; an empty one (no side can
        ever come) is finished with none. Every other sparring is ready with both sides, waiting otherwise."""
        specs = rules.structure(battle.bracket_size, battle.bracket_levels, third_place=battle.third_place)
        opened = rules.opening(specs, rules.seeded(battle.bracket_size, [e.id for e in passed]))
        specs = rules.settled(specs, opened)
        spots: dict[rules.Spot, Sparring] = {}
        for spec in specs:
            at = opened[spec.spot]
            spots[spec.spot] = Sparring(
                battle_id=battle.id,
                side=spec.spot.side,
                round=spec.spot.round,
                position=spec.spot.position,
                level=spec.level,
                rounds=spec.rounds,
                next_side=spec.next_side,
                loser_place=spec.loser_place,
                loser_next_side=spec.loser_next_side,
                red_entry_id=at.red,
                blue_entry_id=at.blue,
                winner_entry_id=at.winner,
                status="finished" if at.empty or at.winner is not None else rules.status(at.red, at.blue),
            )
        session.add_all(spots.values())
        await session.flush()
        for spec in specs:
            if spec.next is not None:
                spots[spec.spot].next_id = spots[spec.next].id
            if spec.loser_next is not None:
                spots[spec.spot].loser_next_id = spots[spec.loser_next].id
        await session.flush()

    async def remove(self, session: AsyncSession, battle: Battle) -> None:
        await bracket_repository.remove(session, battle.id)

    async def view(self, session: AsyncSession, access: BattleAccess) -> s.Bracket:
        await commit_writes(session)
        battle = access.battle
        sparrings = await bracket_repository.sparrings(session, battle.id, groups=True)
        entries = {e.id: e for e in await battle_repository.entries(session, battle.id)}
        crews = {c.id: c for c in await battle_repository.crews(session, battle.id)} if access.crew_battle else {}
        profiles = await battle_repository.profiles(session, (e.user_id for e in entries.values() if e.user_id))

        hidden = access.hides_competitors

        def shown_id(entry: Entry) -> int:
            return battle_rules.hidden_id(entry.id) if hidden else competitor_id(entry)

        def side(entry_id: int | None) -> s.BracketSide | None:
            entry = entries.get(entry_id or 0)
            if entry is None:
                return None
            shown, name, avatar = battle_view.shown_competitor(entry, hidden, crews, profiles)
            return s.BracketSide(id=shown, name=name, avatar=avatar)

        halves: dict[str, list[list[s.BracketSparring]]] = {"left": [], "right": []}
        final: s.BracketSparring | None = None
        third: s.BracketSparring | None = None
        groups: list[s.BracketSparring] = []
        for sparring in sparrings:
            winner = entries.get(sparring.winner_entry_id or 0)
            shown = s.BracketSparring(
                sparring_id=sparring.id,
                round=sparring.round,
                position=sparring.position,
                level=sparring.level,
                status=sparring.status,
                red=side(sparring.red_entry_id),
                blue=side(sparring.blue_entry_id),
                winner=shown_id(winner) if winner else 0,
            )
            if sparring.side == "final":
                final = shown
                continue
            if sparring.side == "third":
                third = shown
                continue
            if sparring.side == "group":
                groups.append(shown)
                continue
            rounds = halves[sparring.side]
            while len(rounds) < sparring.round:
                rounds.append([])
            rounds[sparring.round - 1].append(shown)
        return s.Bracket(
            left=halves["left"],
            right=halves["right"],
            final=final,
            third=third,
            groups=groups,
            levels=[
                BracketLevel(name=level["name"], rounds=int(level.get("rounds") or 1))
                for level in battle.bracket_levels
            ],
            bracket_size=battle.bracket_size,
            can_edit=access.can_edit,
        )

    async def seed(self, session: AsyncSession, access: BattleAccess, given: list[s.BracketSeedIn]) -> s.Bracket:
        """The sides of undecided sparrings set by hand; refused as a whole when any part is wrong."""
        battle = access.battle
        sparrings = {
            sp.id: sp for sp in await bracket_repository.sparrings(session, battle.id, [g.sparring_id for g in given])
        }
        by_competitor = {competitor_id(e): e for e in await prelims_repository.competing(session, battle.id)}
        for item in given:
            sparring = sparrings.get(item.sparring_id)
            if sparring is None:
                raise NotFound(SPARRING_NOT_FOUND)
            if decided(sparring):
                raise Conflict(DECIDED)
            for competitor in (item.red, item.blue):
                if competitor and competitor not in by_competitor:
                    raise Invalid(NOT_COMPETING.format(id=competitor))
        if rules.twice([(item.red, item.blue) for item in given]):
            raise Invalid(rules.SAME_SPOT.format(what="crew" if access.crew_battle else "participant"))
        for item in given:
            sparring = sparrings[item.sparring_id]
            sparring.red_entry_id = by_competitor[item.red].id if item.red else None
            sparring.blue_entry_id = by_competitor[item.blue].id if item.blue else None
            if sparring.status in UNDECIDED:
                sparring.status = rules.status(sparring.red_entry_id, sparring.blue_entry_id)
        await session.flush()
        if given:
            await events.bracket_seeded(session, battle, sorted(sparrings))
        return await self.view(session, access)


bracket_service = BracketService()
