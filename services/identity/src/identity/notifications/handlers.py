"""Notifications made from events: the welcome on a new account, the request for feedback after an event, a crew
invitation and a place won from a battle's wait list."""

from __future__ import annotations

from sqlalchemy import select
from sqlalchemy.ext.asyncio import AsyncSession

from contracts.battles import CrewInvited, WaitlistPromoted
from contracts.events import FeedbackRequested
from contracts.identity import AccountCreated
from identity.models import Profile
from identity.notifications.service import (
    CREW_INVITATION_KIND,
    FEEDBACK_KIND,
    WAITLIST_PROMOTED_KIND,
    battle_link,
    crew_invitation_text,
    feedback_link,
    feedback_text,
    notification_service,
    waitlist_promoted_text,
    welcome_for,
)
from identity.profiles.repository import profile_repository
from kit.consumers import Handler
from kit.events import Envelope


async def welcome(session: AsyncSession, event: AccountCreated, _: Envelope) -> None:
    profile = await profile_repository.get(session, event.main_profile_id)
    if profile is None:
        return  # gone before the event was read: nobody to welcome
    # only an unfinished profile is asked to finish (read now: a released profile comes finished)
    text, link = welcome_for(profile.dancer_name)
    await notification_service.notify(session, event.main_profile_id, kind="welcome", text=text, link=link)


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


async def crew_invited(session: AsyncSession, event: CrewInvited, _: Envelope) -> None:
    if await profile_repository.get(session, event.user_id) is None:
        return  # released before the invitation was read
    await notification_service.notify(
        session,
        event.user_id,
        kind=CREW_INVITATION_KIND,
        text=crew_invitation_text(event.crew_name, event.battle_title),
        link=battle_link(event.battle_id),
    )


async def waitlist_promoted(session: AsyncSession, event: WaitlistPromoted, _: Envelope) -> None:
    if await profile_repository.get(session, event.user_id) is None:
        return
    await notification_service.notify(
        session,
        event.user_id,
        kind=WAITLIST_PROMOTED_KIND,
        text=waitlist_promoted_text(event.battle_title),
        link=battle_link(event.battle_id),
    )


handlers = [
    Handler("welcome-notification", AccountCreated, welcome),
    Handler("feedback-request-notification", FeedbackRequested, feedback_requested),
    Handler("crew-invitation-notification", CrewInvited, crew_invited),
    Handler("waitlist-promotion-notification", WaitlistPromoted, waitlist_promoted),
]
