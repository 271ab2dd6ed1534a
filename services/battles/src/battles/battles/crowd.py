"""The battle page as a crowd reads it (docs/decisions.md, "Reads a crowd shares"): a conditional GET, the guests'
body built once per version and shared, a signed-in viewer's own standing put into it. A registration's answer
is the same read, so a rush of registrations shares its builds too."""

from __future__ import annotations

from typing import Any

from fastapi import Request, Response
from sqlalchemy.ext.asyncio import AsyncSession

from battles.battles import view
from battles.battles.access import BattleAccess
from battles.battles.service import battle_service
from battles.registration.repository import registration_repository
from kit.db import commit_writes
from kit.idempotency import KEYED
from kit.principal import Principal
from kit.profiles import IdentityClient
from kit.rows import rows_of
from kit.shared_reads import JSON, dump, read_session, shared_reads


async def battle_answer(
    request: Request, battle_id: int, known: BattleAccess | None = None, mine: dict[str, Any] | None = None
) -> Response:
    """The battle's read; `known`: the caller's access as a write of theirs just found it (their answer's own
    fields need no second look-up of who they are), `mine`: those fields, when the write knows them all."""

    async def build(principal: Principal) -> dict[str, Any]:
        rows = rows_of(request)
        access = await battle_service.access_on_rows(rows, battle_id, principal)
        async with read_session(request) as session:  # (crews, and dancers the profile projection does not know)
            return await view.build_json(session, request.app.state.identity, access, rows)

    async def personal(principal: Principal) -> dict[str, Any] | None:
        """A signed-in viewer sees the guests' body with their own fields; the battle's admin too, unless it
        hides its dancers (their lists are theirs alone). A battle of single dancers asks one statement."""
        if known is not None and mine is not None and not known.is_admin:
            return mine
        rows = rows_of(request)
        me = principal.profile_id
        assert me is not None
        if known is None:
            found, facts = await registration_repository.look_up(rows, battle_id, me)
            access = battle_service.granted(found, principal)
        else:
            access, facts = known, None
        if access.is_admin and access.battle.hide_participants:
            return None
        if not access.crew_battle:
            if facts is None:
                facts = await registration_repository.dancer_facts_on_rows(rows, access.battle, access.event.id, me)
            if facts.known:  # (else their name is asked of identity, as the build does)
                return view.personal_of(access, facts)
        if access.is_admin:
            return None
        async with read_session(request) as session:
            return await view.personal(session, request.app.state.identity, access)

    return await shared_reads(request).answer(request, build, topics=(f"battle:{battle_id}",), personal=personal)


async def write_answer(
    request: Request,
    session: AsyncSession,
    identity: IdentityClient,
    access: BattleAccess,
    mine: dict[str, Any] | None = None,
) -> Response:
    """A registration's answer, read after its commit as the read would (so concurrent registrations' answers
    share one build of the lists per version, each with its own standing). A keyed write (Idempotency-Key) keeps
    its one transaction, its answer stored with the change: it reads on its own session."""
    if session.info.get(KEYED):
        return Response(dump(await battle_service.view(session, identity, access)), media_type=JSON)
    await commit_writes(session)
    return await battle_answer(request, access.battle.id, access, mine)
