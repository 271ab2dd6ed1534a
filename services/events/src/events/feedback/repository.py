"""Likes and feedback in SQL: the event page's columns (added to its one statement), the editors' list, the
writes (a like toggles; a feedback is one row per user and event, edited in place)."""

from __future__ import annotations

from typing import Any

from sqlalchemy import Integer, bindparam, delete, exists, func, literal_column, select
from sqlalchemy.dialects.postgresql import insert
from sqlalchemy.ext.asyncio import AsyncSession

from events.models import Event, EventLike, Feedback, Profile
from kit.db import utcnow

# A feedback's columns (the wire's names) with the stars, shared by the page, the list and a save's answer.
_STARS = {
    "timeliness": Feedback.timeliness,
    "communication": Feedback.communication,
    "venue": Feedback.venue,
    "vibe": Feedback.vibe,
    "musicSound": Feedback.music_sound,
}


def _caller() -> Any:
    return bindparam("caller_id", type_=Integer)


def _utc_text(column: Any) -> Any:
    """A timestamp as the API writes instants (UTC ISO ending in Z, to the second), inside JSON."""
    return func.to_char(func.timezone("UTC", column), literal_column('\'YYYY-MM-DD"T"HH24:MI:SS"Z"\''))


def feedback_json() -> Any:
    """The product's Feedback as a JSON object, from Feedback joined with Profile (outer) and the author's like."""
    liked = exists().where(EventLike.event_id == Feedback.event_id, EventLike.user_id == Feedback.user_id)
    pairs: list[Any] = ["averageRating", Feedback.average]
    for name, column in _STARS.items():
        pairs += [name, column]
    pairs += [
        "details",
        Feedback.details,
        "createdAt",
        _utc_text(Feedback.created_at),
        "userId",
        Feedback.user_id,
        "dancerName",
        Profile.dancer_name,
        "avatar",
        Profile.avatar,
        "isLiked",
        liked,
    ]
    return func.jsonb_build_object(*pairs)


def _stats(event_id: Any) -> Any:
    """count and the means (unrounded) of an event's feedback, one JSON object."""
    return (
        select(
            func.jsonb_build_object(
                "count",
                func.count(),
                "average",
                func.avg(Feedback.average),
                *[part for name, column in _STARS.items() for part in (name, func.avg(column))],
            )
        )
        .where(Feedback.event_id == event_id)
        .scalar_subquery()
    )


def page_columns() -> list[Any]:
    """The event page's columns of this package (view.event_fields reads them)."""
    own = (
        select(feedback_json())
        .select_from(Feedback)
        .outerjoin(Profile, Profile.id == Feedback.user_id)
        .where(Feedback.event_id == Event.id, Feedback.user_id == _caller())
        .scalar_subquery()
    )
    return [
        exists().where(EventLike.event_id == Event.id, EventLike.user_id == _caller()).label("is_liked"),
        select(func.count()).where(EventLike.event_id == Event.id).scalar_subquery().label("count_likes"),
        own.label("own_feedback"),
        _stats(Event.id).label("feedback_stats"),
    ]


class FeedbackRepository:
    async def toggle_like(self, session: AsyncSession, event_id: int, user_id: int) -> tuple[bool, int]:
        """(liked now, the event's likes)."""
        removed = await session.execute(
            delete(EventLike)
            .where(EventLike.event_id == event_id, EventLike.user_id == user_id)
            .returning(EventLike.user_id)
        )
        liked = removed.first() is None
        if liked:
            await session.execute(
                insert(EventLike)
                .values(event_id=event_id, user_id=user_id)
                .on_conflict_do_nothing(index_elements=[EventLike.event_id, EventLike.user_id])
            )
        count = await session.scalar(select(func.count()).where(EventLike.event_id == event_id))
        return liked, int(count or 0)

    async def save(
        self, session: AsyncSession, event_id: int, user_id: int, stars: dict[str, float], average: float, details: str
    ) -> None:
        """One per user and event: a second save edits the first in place (its createdAt stays)."""
        values = stars | {"average": average, "details": details}
        statement = insert(Feedback).values(event_id=event_id, user_id=user_id, **values)
        await session.execute(
            statement.on_conflict_do_update(
                index_elements=[Feedback.event_id, Feedback.user_id], set_=values | {"updated_at": utcnow()}
            )
        )

    async def one(self, session: AsyncSession, event_id: int, user_id: int) -> dict[str, Any]:
        statement = (
            select(feedback_json())
            .select_from(Feedback)
            .outerjoin(Profile, Profile.id == Feedback.user_id)
            .where(Feedback.event_id == event_id, Feedback.user_id == user_id)
        )
        return dict((await session.execute(statement)).scalar_one())

    async def review(self, session: AsyncSession, event_id: int) -> tuple[list[dict[str, Any]], dict[str, Any], int]:
        """(every feedback, newest first; the stats; the likes) for the event's editors."""
        statement = (
            select(feedback_json())
            .select_from(Feedback)
            .outerjoin(Profile, Profile.id == Feedback.user_id)
            .where(Feedback.event_id == event_id)
            .order_by(Feedback.created_at.desc(), Feedback.user_id)
        )
        feedbacks = [dict(f) for f in (await session.scalars(statement)).all()]
        likes = select(func.count()).where(EventLike.event_id == event_id).scalar_subquery()
        row = (await session.execute(select(_stats(event_id), likes))).one()
        return feedbacks, dict(row[0]), int(row[1])


feedback_repository = FeedbackRepository()
