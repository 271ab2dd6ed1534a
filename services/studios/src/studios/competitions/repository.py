"""The competitions projection: written by the consumers (events.event.*, battles.*), read by the studio page.
Each write is as of its announcement's time, so a late, older announcement changes nothing and a redelivery is
harmless. The reads are one statement each, the events and their battles aggregated as JSON in PostgreSQL."""

from __future__ import annotations

from typing import Any

from sqlalchemy import delete, text
from sqlalchemy.dialects.postgresql import insert
from sqlalchemy.ext.asyncio import AsyncSession

from contracts.battles import BattleChanged, BattleDeleted, ParticipantChanged, ParticipantRegistered, WinnersSet
from contracts.events import EventChanged, EventDeleted
from kit.events import Envelope
from kit.projections import instant, upsert_as_of
from kit.text import contains_pattern
from studios.competitions import rules
from studios.models import Battle, BattleEntry, BattleRank, BattleResult, CompetitionEvent

_ISO = """to_char({column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"')"""

# The battles of a listed event that the users `{users}` entered, with the best rank among them.
_ENTERED = """
    SELECT b.id, b.title, b.crew_size, b.event_id, min(r.rank) AS rank
    FROM battle b
    JOIN battle_entry be ON be.battle_id = b.id AND be.registered
    LEFT JOIN battle_rank r ON r.battle_id = b.id AND r.user_id = be.user_id
    WHERE NOT b.deleted AND be.user_id IN ({users})
    GROUP BY b.id
"""

_BATTLES = """jsonb_agg(jsonb_build_object('id', b.id, 'title', b.title, 'crewSize', b.crew_size, 'rank', b.rank)
                        ORDER BY lower(b.title), b.id)"""

# A member's events, newest first, as the JSON of StudioEvent[]; correlated with `studio_member.user_id`.
MEMBER_EVENTS = f"""(
    SELECT coalesce(jsonb_agg(jsonb_build_object(
               'id', e.id, 'title', e.title, 'image', e.image, 'city', e.city, 'state', e.state,
               'dateStart', {_ISO.format(column="e.starts_at")}, 'battles', e.battles)
             ORDER BY e.starts_at DESC NULLS LAST, e.id DESC), '[]'::jsonb)
    FROM (
        SELECT ce.id, ce.title, ce.image, ce.city, ce.state, ce.starts_at, {_BATTLES} AS battles
        FROM ({_ENTERED.format(users="studio_member.user_id")}) b
        JOIN competition_event ce ON ce.id = b.event_id AND ce.listed
        GROUP BY ce.id
    ) e
)"""

_MEMBERS = "SELECT DISTINCT user_id FROM studio_member WHERE studio_id = :studio_id AND role IN ('teacher', 'student')"

_ORDERS = {
    "date-desc": "ce.starts_at DESC NULLS LAST, ce.id DESC",
    "date-asc": "ce.starts_at ASC NULLS LAST, ce.id",
    "name-asc": "lower(ce.title), ce.id",
    "name-desc": "lower(ce.title) DESC, ce.id DESC",
}


def _events_statement(sort: str, keyword: bool) -> Any:
    where = "AND ce.title ILIKE :keyword ESCAPE '\\'" if keyword else ""
    return text(
        f"""
        SELECT ce.id, ce.title, ce.image, ce.city, ce.state, {_ISO.format(column="ce.starts_at")} AS date_start,
               {_BATTLES} AS battles
        FROM ({_ENTERED.format(users=_MEMBERS)}) b
        JOIN competition_event ce ON ce.id = b.event_id AND ce.listed {where}
        GROUP BY ce.id
        ORDER BY {_ORDERS[sort]}
        LIMIT :limit OFFSET :offset
        """
    )


_STATS = text(
    f"""
    SELECT count(*) AS battles_entered, count(*) FILTER (WHERE b.rank = {rules.WIN}) AS total_wins
    FROM ({_ENTERED.format(users=_MEMBERS)}) b
    JOIN competition_event ce ON ce.id = b.event_id AND ce.listed
    """
)


class CompetitionRepository:
    # --- the projection --------------------------------------------------------------------------------------

    async def apply_event(self, session: AsyncSession, event: EventChanged, envelope: Envelope) -> None:
        occurred_at = envelope.occurred_at
        city, state = rules.city_state(event.location_address)
        values = {
            "title": event.title or "",
            "image": event.image,
            "city": city,
            "state": state,
            "starts_at": instant(event.starts_at),
            "listed": event.status == "published" and not isinstance(event, EventDeleted),
        }
        await upsert_as_of(session, CompetitionEvent, {"id": event.id}, values, at=occurred_at)

    async def apply_battle(self, session: AsyncSession, event: BattleChanged, envelope: Envelope) -> None:
        occurred_at = envelope.occurred_at
        values = {
            "event_id": event.event_id,
            "title": event.title,
            "crew_size": event.crew_size,
            "deleted": isinstance(event, BattleDeleted),
        }
        await upsert_as_of(session, Battle, {"id": event.id}, values, at=occurred_at)

    async def apply_entry(self, session: AsyncSession, event: ParticipantChanged, envelope: Envelope) -> None:
        occurred_at = envelope.occurred_at
        values = {
            "event_id": event.event_id,
            "crew_id": event.crew_id,
            "registered": isinstance(event, ParticipantRegistered),
        }
        key = {"battle_id": event.battle_id, "user_id": event.user_id}
        await upsert_as_of(session, BattleEntry, key, values, at=occurred_at)

    async def apply_winners(self, session: AsyncSession, event: WinnersSet, envelope: Envelope) -> None:
        """A replacement of the battle's ranks, unless ranks set later were applied already. A dancer named in two
        places keeps the better one."""
        occurred_at = envelope.occurred_at
        if not await upsert_as_of(
            session, BattleResult, {"battle_id": event.battle_id}, {}, at=occurred_at, stamp="set_at"
        ):
            return
        await session.execute(delete(BattleRank).where(BattleRank.battle_id == event.battle_id))
        ranks: dict[int, int] = {}
        for winners in event.winners:
            rank = rules.rank_of_place(winners.place)
            if rank is None:
                continue
            for user_id in winners.user_ids:
                ranks[user_id] = min(rank, ranks.get(user_id, rank))
        if ranks:
            await session.execute(
                insert(BattleRank),
                [{"battle_id": event.battle_id, "user_id": user, "rank": rank} for user, rank in ranks.items()],
            )

    # --- the studio page -------------------------------------------------------------------------------------

    async def events(
        self, session: AsyncSession, studio_id: int, *, sort: str, keyword: str | None, limit: int, offset: int
    ) -> list[dict[str, Any]]:
        params: dict[str, Any] = {"studio_id": studio_id, "limit": limit, "offset": offset}
        if keyword:
            params["keyword"] = contains_pattern(keyword)
        result = await session.execute(_events_statement(sort, keyword is not None), params)
        return [dict(row._mapping) for row in result]

    async def stats(self, session: AsyncSession, studio_id: int) -> tuple[int, int]:
        row = (await session.execute(_STATS, {"studio_id": studio_id})).one()
        return row.battles_entered, row.total_wins


competition_repository = CompetitionRepository()
