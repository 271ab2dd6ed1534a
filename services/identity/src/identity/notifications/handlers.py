"""Notifications made from events: the welcome on a new account, the request for feedback after an event."""

from __future__ import annotations

from sqlalchemy import select
from sqlalchemy.ext.asyncio import AsyncSession

from contracts.events import FeedbackRequested
from contracts.identity import AccountCreated
from identity.models import Profile
from identity.notifications.service import (
    FEEDBACK_KIND,
    WELCOME_LINK,
    WELCOME_TEXT,
    feedback_link,
    feedback_text,
    notification_service,
)
from identity.profiles.repository import profile_repository
from kit.consumers import Handler
from kit.events import Envelope


async def welcome(session: AsyncSession, event: AccountCreated, _: Envelope) -> None:
    if await profile_repository.get(session, event.main_profile_id) is None:
        return  # gone before the event was read: nobody to welcome
    await notification_service.notify(
        session, event.main_profile_id, kind="welcome", text=WELCOME_TEXT, link=WELCOME_LINK
    )


async def feedback_requested(session: AsyncSession, event: FeedbackRequested, _: Envelope) -> None:
    """One notification per attendee who still has a profile (the kit runs this once per event)."""
    existing = await session.scalars(select(Profile.id).where(Profile.id.in_(event.user_ids)).order_by(Profile.id))
    for profile_id in existing:
        await notification_service.notify(
            session,
            profile_id,
            kind=FEEDBACK_KIND,
            text=feedback_text(event.title),
            link=feedback_link(event.event_id),
        )


handlers = [
    Handler("welcome-notification", AccountCreated, welcome),
    Handler("feedback-request-notification", FeedbackRequested, feedback_requested),
]
