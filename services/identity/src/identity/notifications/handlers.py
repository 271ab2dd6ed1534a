"""Notifications made from events: the welcome on a new account, the request for feedback after an event, a crew
invitation, a place won from a battle's wait list, and an event cancelled (with a mail)."""

from __future__ import annotations

from sqlalchemy import select
from sqlalchemy.ext.asyncio import AsyncSession

from contracts.battles import CrewInvited, WaitlistPromoted
from contracts.events import EventCancelled, FeedbackRequested
from contracts.identity import AccountCreated
from identity.config import Settings
from identity.mail.service import mail_service
from identity.models import Account, Profile
from identity.notifications.service import (
    CREW_INVITATION_KIND,
    EVENT_CANCELLED_KIND,
    FEEDBACK_KIND,
    WAITLIST_PROMOTED_KIND,
    battle_link,
    crew_invitation_text,
    event_cancelled_text,
    event_link,
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


async def tell_cancelled(session: AsyncSession, event: EventCancelled, public_url: str) -> None:
    """Each ticket holder and battle registrant who still has a profile: a notification, and a mail when their
    account has an address (the kit runs this once per event)."""
    people = await session.execute(
        select(Profile.id, Profile.dancer_name, Account.email)
        .join(Account, Account.id == Profile.account_id)
        .where(Profile.id.in_(event.user_ids))
        .order_by(Profile.id)
    )
    title = event.title or ""
    for profile_id, dancer_name, email in people.all():
        await notification_service.notify(
            session,
            profile_id,
            kind=EVENT_CANCELLED_KIND,
            text=event_cancelled_text(title),
            link=event_link(event.id),
        )
        if email:
            await mail_service.queue(
                session,
                email,
                "event_cancelled",
                name=dancer_name or "there",
                event_title=title or "your event",
                link=f"{public_url}{event_link(event.id)}",
            )


def cancellation_handlers(settings: Settings) -> list[Handler[EventCancelled]]:
    async def on_cancelled(session: AsyncSession, event: EventCancelled, _: Envelope) -> None:
        await tell_cancelled(session, event, settings.public_url)

    return [Handler("event-cancelled-notification", EventCancelled, on_cancelled)]


handlers = [
    Handler("welcome-notification", AccountCreated, welcome),
    Handler("feedback-request-notification", FeedbackRequested, feedback_requested),
    Handler("crew-invitation-notification", CrewInvited, crew_invited),
    Handler("waitlist-promotion-notification", WaitlistPromoted, waitlist_promoted),
]
