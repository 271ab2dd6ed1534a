"""Winners (classic battles, by hand) and the CSV of the participants."""

from __future__ import annotations

import csv
import io

from sqlalchemy.ext.asyncio import AsyncSession

from battles.battles import rules as battle_rules
from battles.battles import view
from battles.battles.access import BattleAccess
from battles.battles.repository import battle_repository
from battles.battles.schemas import Battle as BattleView
from battles.battles.schemas import Participant
from battles.battles.service import battle_service
from battles.models import Entry
from battles.results import rules
from contracts.battles import Winners, WinnersSet
from kit import outbox
from kit.db import utcnow
from kit.errors import Invalid
from kit.profiles import IdentityClient

UNKNOWN_WINNER = "{id} is not in this battle"


class ResultsService:
    async def set_winners(
        self, session: AsyncSession, identity: IdentityClient, access: BattleAccess, given: list[tuple[int, int]]
    ) -> BattleView:
        """A replacement of the battle's places ([] clears them), announced as `battles.winners.set`."""
        battle, event = access.battle, access.event
        refusal = rules.may_set_winners(battle.style, battle_rules.period(event.starts_at, event.ends_at, utcnow()))
        if refusal is not None:
            raise Invalid(refusal)
        try:
            places = rules.winners(given)
        except ValueError as exc:
            raise Invalid(str(exc)) from exc
        facts = await view.load(session, identity, access)
        by_id = {(e.crew_id if access.crew_battle else e.user_id): e for e in facts.entries}
        for winner_id in places:
            if winner_id not in by_id:
                raise Invalid(UNKNOWN_WINNER.format(id=winner_id))
        await self.record(session, access, {by_id[w].id: place for w, place in places.items()}, facts.entries)
        return await battle_service.view(session, identity, access)

    async def record(
        self, session: AsyncSession, access: BattleAccess, places: dict[int, int], entries: list[Entry] | None = None
    ) -> None:
        """The battle's places ({entry id: place}) replace the ones it had ({} clears them): written to the entries
        and announced as `battles.winners.set`, each place with its dancers (a crew's confirmed members). Classic
        battles' winners by hand and the bracket's final both end here. `entries`: the battle's, when loaded."""
        battle, event = access.battle, access.event
        if entries is None:
            entries = await battle_repository.entries(session, battle.id)
        crewed = [e.crew_id for e in entries if e.crew_id is not None and e.id in places]
        members = await battle_repository.confirmed_members(session, crewed)
        titled: dict[int, list[int]] = {}
        for entry in sorted(entries, key=lambda e: (places.get(e.id, 0), e.seq)):
            entry.place = places.get(entry.id)
            if entry.place is None:
                continue
            users = members.get(entry.crew_id, []) if entry.crew_id is not None else [entry.user_id]
            titled.setdefault(entry.place, []).extend(u for u in users if u is not None)
        battle.winners_set = bool(places)
        await session.flush()
        start = battle.start_date or event.starts_at or utcnow()
        await outbox.add(
            session,
            WinnersSet(
                battle_id=battle.id,
                event_id=battle.event_id,
                org_id=battle.org_id,
                start_date=start.date(),
                winners=[Winners(place=rules.PLACE_TITLES[p], user_ids=users) for p, users in sorted(titled.items())],
            ),
        )

    async def csv(self, session: AsyncSession, access: BattleAccess) -> str:
        """Every entry in order (competing, then the wait list), one row per dancer, with who signed each document
        and when (the dancer, or the admin who signed on their behalf); UTF-8 with a byte-order mark so
        spreadsheets read the names right; formula-like cells neutralised."""
        built = await battle_service.view(session, None, access)
        signatures = await battle_repository.signatures(session, access.battle.id)
        signer_ids = {
            by for s in signatures.values() for by in (s.agreement_signed_by, s.waiver_signed_by) if by is not None
        }
        signers = await battle_repository.profiles(session, signer_ids)

        def signer(user_id: int, document: str, signed_at: str | None) -> str:
            by = getattr(signatures[user_id], f"{document}_signed_by") if user_id in signatures else None
            if signed_at is None or by is None:
                return ""  # unsigned, or signed before signers were recorded
            return (signers[by].dancer_name if by in signers else None) or f"Profile {by}"

        out = io.StringIO()
        writer = csv.writer(out, lineterminator="\r\n")
        header = [
            "Number",
            "Crew",
            "Dancer name",
            "Checked in",
            "Agreement signed",
            "Agreement signed by",
            "Waiver signed",
            "Waiver signed by",
            "Wait list",
            "Place",
        ]
        writer.writerow(header)

        def row(number: object, crew: str, p: Participant, waiting: bool, place: object) -> list[str]:
            return rules.csv_row(
                [
                    number,
                    crew,
                    p.dancer_name or "",
                    _yes(p.checked_in),
                    p.agreement_signed_at or "",
                    signer(p.id, "agreement", p.agreement_signed_at),
                    p.waiver_signed_at or "",
                    signer(p.id, "waiver", p.waiver_signed_at),
                    _yes(waiting),
                    place,
                ]
            )

        if access.crew_battle:
            for crew, waiting in [(c, False) for c in built.crews] + [(c, True) for c in built.wait_list]:
                for p in crew.participants:
                    writer.writerow(row(crew.rand_id or "", crew.name, p, waiting, crew.place or ""))
        else:
            for p, waiting in [(p, False) for p in built.participants] + [(p, True) for p in built.wait_list]:
                writer.writerow(row(p.rand_id or "", "", p, waiting, p.place or ""))
        return "\ufeff" + out.getvalue()


def _yes(value: bool) -> str:
    return "yes" if value else "no"


results_service = ResultsService()
