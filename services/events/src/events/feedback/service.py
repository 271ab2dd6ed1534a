"""Likes and feedback. Who may do what is decided here from the event and the caller (rules.py), never by the
client; an event's feedback reaches only its editors (and each author their own, on the event page)."""

from __future__ import annotations

from typing import Any

from sqlalchemy.ext.asyncio import AsyncSession

from events.events import rules as event_rules
from events.events.repository import event_repository
from events.events.service import EventAccess, EventNotFound
from events.feedback import rules
from events.feedback.repository import feedback_repository
from events.feedback.schemas import FeedbackIn
from events.feedback.view import totals
from events.models import Attendee
from kit.db import utcnow
from kit.errors import Forbidden, Invalid
from kit.principal import Principal


class FeedbackService:
    async def _visible(self, session: AsyncSession, event_id: int, principal: Principal, *, lock: bool) -> EventAccess:
        found = await event_repository.for_write(session, event_id, principal.profile_id, lock=lock)
        if found is None or found[0].deleted_at is not None:
            raise EventNotFound()
        access = EventAccess(found[0], found[1], found[2], principal)
        if not event_rules.can_view(access.event.status, False, editor=access.can_edit):
            raise EventNotFound()
        return access

    async def like(self, session: AsyncSession, event_id: int, principal: Principal) -> dict[str, Any]:
        """A toggle: liked → not liked → liked."""
        assert principal.profile_id is not None
        access = await self._visible(session, event_id, principal, lock=False)
        if not rules.can_like(signed_in=True, published=access.event.status == "published"):
            raise Forbidden(rules.NO_PERMISSION_LIKE)
        liked, count = await feedback_repository.toggle_like(session, event_id, principal.profile_id)
        return {"isLiked": liked, "countLikes": count}

    async def save(
        self, session: AsyncSession, event_id: int, principal: Principal, given: FeedbackIn
    ) -> dict[str, Any]:
        """New, or the caller's feedback edited in place. Rights first (403), then the stars (400)."""
        assert principal.profile_id is not None
        access = await self._visible(session, event_id, principal, lock=False)
        event = access.event
        checked_in = await session.get(Attendee, (event.id, principal.profile_id)) is not None
        allowed = rules.can_leave_feedback(
            signed_in=True,
            period=event_rules.period(event.starts_at, event.ends_at, utcnow()),
            checked_in=checked_in,
            editor=access.can_edit,
        )
        if not allowed:
            raise Forbidden(rules.NO_PERMISSION_LEAVE)
        try:
            stars = rules.ratings({name: getattr(given, name) for name in rules.CATEGORIES})
        except ValueError as exc:
            raise Invalid(str(exc)) from None
        average = rules.average(stars.values())
        await feedback_repository.save(
            session, event.id, principal.profile_id, stars, average, rules.details(given.details)
        )
        return await feedback_repository.one(session, event.id, principal.profile_id)

    async def review(self, session: AsyncSession, event_id: int, principal: Principal) -> dict[str, Any]:
        access = await self._visible(session, event_id, principal, lock=False)
        if not access.can_edit:
            raise Forbidden(rules.NO_PERMISSION_VIEW)
        feedbacks, stats, likes = await feedback_repository.review(session, event_id)
        return {"feedbacks": feedbacks, "countFeedbacks": stats.get("count") or 0, "countLikes": likes} | totals(stats)


feedback_service = FeedbackService()
