"""`/api/sparrings/{id}` (read, judge, reset, audience vote, tie breaker, finish) and
`/api/admin/sparrings/{id}/set-winner/{winnerId}`."""

from __future__ import annotations

from typing import Annotated

from fastapi import APIRouter, Depends, Request, Response

from battles.judging.rules import Given
from battles.sparrings.repository import VERSION_OF_SPARRING
from battles.sparrings.schemas import JudgmentIn, Sparring
from battles.sparrings.service import SparringAccess, sparring_service
from kit.db import SessionDep
from kit.openapi import errors
from kit.principal import Principal, PrincipalDep, UserDep
from kit.profiles import IdentityDep
from kit.shared_reads import read_session, shared_reads
from kit.types import Id

router = APIRouter(prefix="/api", tags=["sparrings"])


async def visible_sparring(sparring_id: Id, session: SessionDep, principal: PrincipalDep) -> SparringAccess:
    return await sparring_service.access(session, sparring_id, principal)


async def scored_sparring(sparring_id: Id, session: SessionDep, principal: UserDep) -> SparringAccess:
    """A judge's score holds the sparring's row only."""
    return await sparring_service.access(session, sparring_id, principal, lock="update")


async def voted_sparring(sparring_id: Id, session: SessionDep, principal: UserDep) -> SparringAccess:
    """Votes are taken one at a time on the sparring's row, so each announces the exact counts after it (open pages
    show them without re-reading); a vote holds the row for one insert and one count."""
    return await sparring_service.access(session, sparring_id, principal, lock="update")


async def locked_sparring(sparring_id: Id, session: SessionDep, principal: UserDep) -> SparringAccess:
    """What may move the bracket holds the battle's row, then the sparring's."""
    return await sparring_service.locked(session, sparring_id, principal)


VisibleSparring = Annotated[SparringAccess, Depends(visible_sparring)]
ScoredSparring = Annotated[SparringAccess, Depends(scored_sparring)]
VotedSparring = Annotated[SparringAccess, Depends(voted_sparring)]
LockedSparring = Annotated[SparringAccess, Depends(locked_sparring)]


@router.get("/sparrings/{sparring_id}", response_model=Sparring)
async def get_sparring(sparring_id: Id, request: Request) -> Response:
    """A crowd's read (docs/decisions.md, "Reads a crowd shares"): its version is the sparring's and its battle's
    topics, found in one statement."""

    async def build(principal: Principal) -> Sparring:
        async with read_session(request) as session:
            access = await sparring_service.access(session, sparring_id, principal)
            return await sparring_service.view(session, request.app.state.identity, access)

    return await shared_reads(request).answer(
        request, build, version=VERSION_OF_SPARRING, params={"sparring_id": sparring_id}
    )


@router.post("/sparrings/{sparring_id}/judge", response_model=Sparring, responses=errors(409))
async def judge(body: JudgmentIn, access: ScoredSparring, session: SessionDep, identity: IdentityDep) -> Sparring:
    given = [Given(r.round, r.red_points, r.blue_points, r.pick, r.faders) for r in body.rounds]
    await sparring_service.judge(session, access, given)
    return await sparring_service.view(session, identity, access)


@router.delete("/sparrings/{sparring_id}/judge", response_model=Sparring, responses=errors(409))
async def reset(access: LockedSparring, session: SessionDep, identity: IdentityDep) -> Sparring:
    await sparring_service.reset(session, access)
    return await sparring_service.view(session, identity, access)


@router.post("/sparrings/{sparring_id}/audience/{x}", response_model=Sparring, responses=errors(409))
async def vote(x: str, access: VotedSparring, session: SessionDep, identity: IdentityDep) -> Sparring:
    await sparring_service.vote(session, access, x)
    return await sparring_service.view(session, identity, access)


@router.post("/sparrings/{sparring_id}/extra", response_model=Sparring, responses=errors(409))
async def add_extra(access: LockedSparring, session: SessionDep, identity: IdentityDep) -> Sparring:
    await sparring_service.extra(session, access)
    return await sparring_service.view(session, identity, access)


@router.post("/sparrings/{sparring_id}/finish", response_model=Sparring, responses=errors(409))
async def finish(access: LockedSparring, session: SessionDep, identity: IdentityDep) -> Sparring:
    await sparring_service.finish(session, access)
    return await sparring_service.view(session, identity, access)


@router.post("/admin/sparrings/{sparring_id}/set-winner/{winner_id}", response_model=Sparring, responses=errors(409))
async def set_winner(winner_id: Id, access: LockedSparring, session: SessionDep, identity: IdentityDep) -> Sparring:
    await sparring_service.set_winner(session, access, winner_id)
    return await sparring_service.view(session, identity, access)
