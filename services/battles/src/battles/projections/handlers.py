"""Consumers of other services' events: events (the event, its staff, its check-ins, its carpets), organizations
(the chip, the agreement and waiver, members, admins), studios (a dancer's studios). Profiles are the kit's
(kit.profiles)."""

from __future__ import annotations

from typing import Any

from sqlalchemy.ext.asyncio import AsyncSession

from battles import events
from battles.battles.repository import battle_repository
from battles.projections.repository import projection_repository
from battles.registration import standing
from battles.scoreboards import sync as board_sync
from battles.scoreboards.repository import scoreboard_repository
from contracts.events import (
    CHECK_INS,
    EVENT_CHANGES,
    STAFF_CHANGES,
    AttendeeChanged,
    CarpetsUpdated,
)
from contracts.orgs import (
    MEMBER_CHANGES,
    ORG_CHANGES,
    ROLE_CHANGES,
)
from contracts.studios import MEMBER_CHANGES as STUDIO_MEMBER_CHANGES
from kit.consumers import Handler
from kit.events import Envelope


async def apply_check_in(session: AsyncSession, event: AttendeeChanged, envelope: Envelope) -> None:
    """The dancer's check-in, then each battle of the event where they compete (alone or as a confirmed crew
    member): the entry's number given or cleared, the check-in cap's competitors, open pages told."""
    if not await projection_repository.apply_check_in(session, event, envelope.occurred_at):
        return
    for battle_id in await battle_repository.battles_of_user(session, event.event_id, event.user_id):
        battle = await battle_repository.get(session, battle_id, lock=True)
        if battle is None:
            continue
        await standing.rebalance(session, battle)
        await events.touched(session, battle)


async def apply_carpets(session: AsyncSession, event: CarpetsUpdated, envelope: Envelope) -> None:
    """The carpets, then the event's boards (one per carpet once it has a battle; a renamed carpet's board
    re-read by its screen)."""
    before = await scoreboard_repository.carpets(session, event.event_id)
    await projection_repository.apply_carpets(session, event, envelope.occurred_at)
    after = await scoreboard_repository.carpets(session, event.event_id)
    renamed = [carpet_id for carpet_id, name in after.items() if before.get(carpet_id, name) != name]
    await board_sync.sync(session, event.event_id, renamed=renamed)


handlers: list[Handler[Any]] = [
    Handler("events", EVENT_CHANGES, projection_repository.apply_event),
    Handler("event-staff", STAFF_CHANGES, projection_repository.apply_staff),
    Handler("check-ins", CHECK_INS, apply_check_in),
    Handler("carpets", CarpetsUpdated, apply_carpets),
    Handler("orgs", ORG_CHANGES, projection_repository.apply_org),
    Handler("org-members", MEMBER_CHANGES, projection_repository.apply_org_member),
    Handler("org-roles", ROLE_CHANGES, projection_repository.apply_org_role),
    Handler("studio-members", STUDIO_MEMBER_CHANGES, projection_repository.apply_studio_member),
]
