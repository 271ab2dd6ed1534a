"""Registration alone: register, unregister, sign the agreement and the waiver; and the admins' catalogue
(register dancers, unregister one, sign for them, the picker of dancers who may be added). Every path runs with the
battle's row locked (the route's dependency), so the cap holds under any concurrency."""

from __future__ import annotations

import contextvars
import dataclasses
from collections.abc import Iterable
from typing import Any, Literal

from sqlalchemy.ext.asyncio import AsyncSession

from battles import events
from battles.battles import rules as battle_rules
from battles.battles import view
from battles.battles.access import BattleAccess
from battles.battles.repository import battle_repository
from battles.battles.schemas import Battle as BattleView
from battles.battles.service import battle_service
from battles.models import Signature
from battles.registration import exceptions as texts
from battles.registration import rules, standing
from battles.registration.entrance import Entrance
from battles.registration.repository import Arrival, DancerFacts, registration_repository
from battles.registration.schemas import AdminPickerPage, AdminPickerUser
from kit import profiles
from kit.db import commit_writes, utcnow
from kit.errors import Conflict, Invalid, NotFound
from kit.idempotency import KEYED
from kit.principal import Principal
from kit.profiles import IdentityClient
from kit.rows import Rows

Document = Literal["agreement", "waiver"]


class RegistrationService:
    async def look_up(self, rows: Rows, battle_id: int, principal: Principal) -> tuple[BattleAccess, DancerFacts]:
        """The battle as the signed-in caller may see it, and their facts at it: one statement on kit.rows, outside
        any transaction (what `register` decides on before it waits for the battle's row)."""
        assert principal.profile_id is not None
        found, facts = await registration_repository.look_up(rows, battle_id, principal.profile_id)
        access = battle_service.granted(found, principal)
        assert facts is not None
        return access, facts

    async def register(
        self,
        session: AsyncSession,
        identity: IdentityClient,
        access: BattleAccess,
        facts: DancerFacts,
        door: Entrance,
    ) -> dict[str, Any]:
        """The caller, competing or on the wait list (in arrival order); registering twice changes nothing.

        A rush of registrations waits on the battle's row one at a time, so the lock is held for what needs it
        only: the refusal and the dancer's check-in are found before, and the entry is numbered and placed with
        those of the other dancers arriving meanwhile, together (`Entrance`). Under a check-in cap the
        refusal is found again under the lock (its count moves with the check-ins) and the standing rebalanced.

        `access` and the dancer's `facts` are read on kit.rows (`look_up`), the session untouched unless the dancer
        is new to the profiles or the write is keyed: a registration of a rush costs one statement before it is
        entered."""
        if access.crew_battle:
            raise Invalid(texts.CREW_BATTLE)
        user_id = access.user_id
        assert user_id is not None
        battle = access.battle
        if facts.entered:
            return view.registered_fields(access, facts.org, facts.signature)
        await self._refuse(session, identity, access, user_id, facts)
        mine = view.registered_fields(access, facts.org, facts.signature)
        if battle.cap_type != "checkIn":
            checked_in_at = battle_rules.counted(facts.checked_in_at)
            if session.info.get(KEYED):  # its answer is stored with the change: entered in its own transaction
                arrival = Arrival(user_id, checked_in_at, contextvars.copy_context())
                entered = (await registration_repository.enter_all(session, battle.id, [arrival]))[0]
            else:
                # the request's connection is given back first: waiting to be entered, it must not hold one of
                # those the entering needs (a rush larger than the pool would wait on itself)
                await commit_writes(session)
                entered = await door.enter(battle.id, user_id, checked_in_at)
            if entered.entry_id is not None:
                return mine
            if not entered.check_in_cap:  # entered meanwhile (nothing to do), or made a judge meanwhile
                if await battle_repository.is_judge(session, battle.id, user_id):
                    raise Invalid(rules.JUDGES)
                return mine
        # a check-in cap: who competes moves with the check-ins, so the whole standing is weighed again, on the
        # session's own battle, locked
        access = await battle_service.access(session, battle.id, access.principal, lock=True)
        battle = access.battle
        await self.check_may_register(session, identity, access, user_id)
        if not await self._entered(session, battle.id, user_id):
            await standing.add_entry(session, battle, user_id=user_id)
            await standing.rebalance(session, battle)
            await events.registered(session, battle, [user_id])
        return mine

    async def _entered(self, session: AsyncSession, battle_id: int, user_id: int) -> bool:
        return await registration_repository.entered(session, battle_id, user_id)

    async def check_may_register(
        self,
        session: AsyncSession,
        identity: IdentityClient,
        access: BattleAccess,
        user_id: int,
        *,
        joining: bool = False,
    ) -> None:
        """The refusal, as the register button's reason (400 with that text). `joining` a crew already registered
        takes no new place, so a reached check-in cap does not stop it."""
        facts = await registration_repository.dancer_facts(session, access.battle, access.event.id, user_id)
        await self._refuse(session, identity, access, user_id, facts, joining=joining)

    async def _refuse(
        self,
        session: AsyncSession,
        identity: IdentityClient,
        access: BattleAccess,
        user_id: int,
        found: DancerFacts,
        *,
        joining: bool = False,
    ) -> None:
        """Raises the refusal."""
        dancer_name = found.dancer_name
        if not found.known:
            fetched = await profiles.fetch_missing(session, identity, [user_id])
            dancer_name = fetched[user_id].dancer_name if fetched and user_id in fetched else None
        facts = view.Facts()
        facts.org = found.org
        facts.judges = [user_id] if found.judge else []
        facts.signatures = {user_id: found.signature}
        candidate = view.candidate(
            access, facts, user_id=user_id, dancer_name=dancer_name, member=found.member, checked_in=found.checked_in
        )
        if joining:
            candidate = dataclasses.replace(candidate, check_in_cap_reached=False)
        reason = rules.refusal(candidate)
        if reason is not None:
            raise Invalid(reason)

    async def unregister(self, session: AsyncSession, identity: IdentityClient, access: BattleAccess) -> None:
        """The caller leaves; the first of the wait list moves up (and is told)."""
        if access.crew_battle:
            raise Invalid(texts.CREW_BATTLE)
        if battle_rules.period(access.event.starts_at, access.event.ends_at, utcnow()) == "past":
            raise Invalid(rules.CLOSED)
        user_id = access.user_id
        assert user_id is not None
        if not await self.remove_dancer(session, access, user_id):
            raise Invalid(texts.NOT_REGISTERED)

    async def remove_dancer(self, session: AsyncSession, access: BattleAccess, user_id: int) -> bool:
        battle = access.battle
        if not battle_rules.may_leave(battle.style, battle.smoke_order):
            raise Conflict(battle_rules.SMOKE_STARTED)
        if not await registration_repository.remove_dancer(session, battle.id, user_id):
            return False
        await standing.rebalance(session, battle)
        await events.unregistered(session, battle, [user_id])
        return True

    async def sign(
        self,
        session: AsyncSession,
        access: BattleAccess,
        user_id: int,
        document: Document,
        *,
        signer: int,
    ) -> str:
        """The organization's agreement or waiver signed now for `user_id` by `signer` (the dancer themself, or a
        battle admin on their behalf, who may sign for a dancer not registered yet); answers the date. A signature
        on someone's behalf never replaces one that counts: the record keeps who really signed, and when."""
        org = await battle_repository.org(session, access.battle.org_id)
        text = (org.agreement if document == "agreement" else org.waiver) if org else None
        if not view.has_document(text):
            raise Invalid(texts.NO_AGREEMENT if document == "agreement" else texts.NO_WAIVER)
        signature = await battle_repository.signature(session, access.battle.id, user_id)
        at_field, by_field = f"{document}_signed_at", f"{document}_signed_by"
        signed_at = battle_rules.counted(getattr(signature, at_field))
        if signed_at is not None and signer != user_id:
            return battle_rules.iso(signed_at) or ""
        now = utcnow()
        setattr(signature, at_field, now)
        setattr(signature, by_field, signer)
        await session.flush()
        await events.touched(session, access.battle)
        return battle_rules.iso(now) or ""

    # --- the admins' catalogue -----------------------------------------------------------------------------------

    async def register_users(
        self, session: AsyncSession, identity: IdentityClient, access: BattleAccess, user_ids: list[int]
    ) -> BattleView:
        """Dancers added by an admin; those already in stay as they are. Judges and the event's staff cannot be
        added, nor a dancer who has not signed the organization's agreement or waiver (themselves, or an admin on
        their behalf): then nobody of the batch is added."""
        if access.crew_battle:
            raise Invalid(texts.CREW_BATTLE)
        battle = access.battle
        excluded = await self.excluded(session, access)
        wanted = list(dict.fromkeys(user_ids))
        known = await battle_repository.profiles(session, wanted)
        for user_id in wanted:
            if user_id not in known:
                await profiles.ensure_exists(session, identity, user_id)
            if user_id in excluded["staff"]:
                name = known[user_id].dancer_name if user_id in known else str(user_id)
                raise Invalid(texts.CANNOT_REGISTER.format(name=name or user_id))
        new = [u for u in wanted if u not in excluded["registered"]]
        await self.check_signed(session, access, new)
        for user_id in new:
            await standing.add_entry(session, battle, user_id=user_id)
        await standing.rebalance(session, battle)
        await events.registered(session, battle, new)
        return await battle_service.view(session, identity, access)

    async def check_signed(self, session: AsyncSession, access: BattleAccess, user_ids: list[int]) -> None:
        """400 naming the first of `user_ids` who has not signed a document the organization asks for."""
        if not user_ids:
            return
        org = await battle_repository.org(session, access.battle.org_id)
        agreement = bool(org) and view.has_document(org.agreement if org else None)
        waiver = bool(org) and view.has_document(org.waiver if org else None)
        if not (agreement or waiver):
            return
        signatures = await registration_repository.signatures(session, access.battle.id, user_ids)
        names = await battle_repository.profiles(session, user_ids)
        for user_id in user_ids:
            signature = signatures.get(user_id)
            reason = rules.not_signed(
                (names[user_id].dancer_name if user_id in names else None) or f"Dancer {user_id}",
                agreement and battle_rules.counted(signature.agreement_signed_at if signature else None) is None,
                waiver and battle_rules.counted(signature.waiver_signed_at if signature else None) is None,
            )
            if reason is not None:
                raise Invalid(reason)

    async def excluded(self, session: AsyncSession, access: BattleAccess) -> dict[str, set[int]]:
        """Who may not be added: `staff` (the organizer, admins, hosts, judges) and `registered` (dancers with an
        entry, confirmed crew members)."""
        battle = access.battle
        staff = await battle_repository.staff_ids(session, access.event)
        staff |= set(await battle_repository.judge_ids(session, battle.id))
        return {"staff": staff, "registered": await registration_repository.registered(session, battle.id)}

    async def picker(
        self,
        session: AsyncSession,
        access: BattleAccess,
        *,
        keyword: str | None,
        limit: int,
        offset: int,
        exclude: Iterable[int] = (),
        keep: Iterable[int] = (),
        with_signatures: bool = False,
    ) -> AdminPickerPage:
        """Dancers (with a dancer name) of the profile projection who may be added, by name: neither staff nor
        registered, nor in `exclude`; those in `keep` stay (a crew's own members when it is edited); `with_signatures`
        (the battle's admins) adds each dancer's signature dates."""
        excluded = await self.excluded(session, access)
        ids = sorted((excluded["staff"] | excluded["registered"] | set(exclude)) - set(keep))
        total, found = await registration_repository.dancers(
            session, excluded=ids, keyword=keyword, limit=limit, offset=offset
        )
        signatures: dict[int, Signature] = {}
        if with_signatures and found:
            signatures = await registration_repository.signatures(session, access.battle.id, [p.id for p in found])

        def signed(user_id: int, document: str) -> str | None:
            signature = signatures.get(user_id)
            return battle_rules.iso(battle_rules.counted(getattr(signature, f"{document}_signed_at", None)))

        data = [
            AdminPickerUser(
                id=p.id,
                dancer_name=p.dancer_name,
                avatar=p.avatar,
                confirmed=True,
                agreement_signed_at=signed(p.id, "agreement"),
                waiver_signed_at=signed(p.id, "waiver"),
            )
            for p in found
        ]
        return AdminPickerPage(data=data, total=total)

    async def admin_unregister(
        self, session: AsyncSession, identity: IdentityClient, access: BattleAccess, user_id: int
    ) -> BattleView:
        if not await self.remove_dancer(session, access, user_id):
            raise NotFound("Participant not found")
        return await battle_service.view(session, identity, access)


registration_service = RegistrationService()
