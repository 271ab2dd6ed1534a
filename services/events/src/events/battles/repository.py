"""The event's battles and who entered them, kept from the battles service's announcements (each as of its time:
kit.projections), and the event page's column of them."""

from __future__ import annotations

from typing import Any

from sqlalchemy import Integer, bindparam, exists, func, literal_column, select
from sqlalchemy.dialects.postgresql import aggregate_order_by
from sqlalchemy.ext.asyncio import AsyncSession

from contracts.battles import BattleChanged, BattleDeleted, ParticipantChanged, ParticipantRegistered
from events.models import Battle, BattleEntry, Event, Org
from kit.events import Envelope
from kit.projections import upsert_as_of


def page_columns() -> list[Any]:
    """The event page's `battles` (view.event_of reads it): its battles not deleted, by id, each with whether the
    caller (bound `caller_id`, null for a guest) is registered in it."""
    registered = exists().where(
        BattleEntry.battle_id == Battle.id,
        BattleEntry.user_id == bindparam("caller_id", type_=Integer),
        BattleEntry.registered,
    )
    chip = func.jsonb_build_object(
        "id",
        Battle.id,
        "title",
        Battle.title,
        "crewSize",
        Battle.crew_size,
        "isRegistered",
        registered,
        "orgId",
        Battle.org_id,
        "orgImage",
        Org.image,
    )
    battles = (
        select(func.coalesce(func.jsonb_agg(aggregate_order_by(chip, Battle.id)), literal_column("'[]'::jsonb")))
        .select_from(Battle)
        .outerjoin(Org, Org.id == Battle.org_id)
        .where(Battle.event_id == Event.id, ~Battle.deleted)
        .scalar_subquery()
    )
    return [battles.label("battles")]


class BattleRepository:
    async def apply_battle(self, session: AsyncSession, event: BattleChanged, envelope: Envelope) -> None:
        at = envelope.occurred_at
        values = {
            "event_id": event.event_id,
            "title": event.title,
            "crew_size": event.crew_size,
            "org_id": event.org_id,
            "deleted": isinstance(event, BattleDeleted),
        }
        await upsert_as_of(session, Battle, {"id": event.id}, values, at=at)

    async def apply_entry(self, session: AsyncSession, event: ParticipantChanged, envelope: Envelope) -> None:
        at = envelope.occurred_at
        key = {"battle_id": event.battle_id, "user_id": event.user_id}
        await upsert_as_of(session, BattleEntry, key, {"registered": isinstance(event, ParticipantRegistered)}, at=at)


battle_repository = BattleRepository()
