"""Notifications: written by consumers of other services' events, read by the owner of the profile they
are addressed to. Each one is also published for the live badge."""

from __future__ import annotations

from sqlalchemy.ext.asyncio import AsyncSession

from identity import events
from identity.models import Notification
from identity.notifications.repository import notification_repository
from identity.notifications.schemas import NotificationOut
from identity.profiles.exceptions import NotYourProfile
from identity.profiles.repository import profile_repository
from kit.db import utcnow
from kit.errors import NotFound
from kit.paging import Page
from kit.principal import Principal

WELCOME_TEXT = "Welcome to Cypher! Finish your profile so the community can find you."
WELCOME_LINK = "/profile-setting"
# A new account whose profile is already finished (a released profile, or onboarding done before the welcome was
# written) is only welcomed: it has nothing left to finish.
WELCOME_FINISHED_TEXT = "Welcome to Cypher!"


def welcome_for(dancer_name: str | None) -> tuple[str, str | None]:
    """The welcome's text and link: a profile is finished once it has a dancer name (as onboarding asks)."""
    if dancer_name and dancer_name.strip():
        return WELCOME_FINISHED_TEXT, None
    return WELCOME_TEXT, WELCOME_LINK


# Seed 000's "event feedback requests": after an event, those who checked in are asked (the events service's
# events.feedback.requested); the link opens the event's Feedback tab.
FEEDBACK_KIND = "event_feedback"


# Issue 15: a dancer invited to a crew accepts or declines on the battle page; a dancer moved up from a battle's
# wait list is told they compete now (the battles service's battles.crew.invited, battles.waitlist.promoted).
CREW_INVITATION_KIND = "battle_crew_invitation"
WAITLIST_PROMOTED_KIND = "battle_waitlist_promoted"


def crew_invitation_text(crew_name: str, battle_title: str) -> str:
    return f"You are invited to join the crew {crew_name} in {battle_title or 'a battle'}"


def waitlist_promoted_text(battle_title: str) -> str:
    return f"A place opened in {battle_title or 'a battle'}: you are registered"


# A published event called off (the events service's events.event.cancelled): its ticket holders and battle
# registrants are told, by notification and by mail; paid tickets are refunded by the events service.
EVENT_CANCELLED_KIND = "event_cancelled"


def event_cancelled_text(title: str) -> str:
    return f"{title or 'An event'} has been cancelled. Paid tickets are refunded to the card they were bought with."


def event_link(event_id: int) -> str:
    return f"/event/{event_id}"


def battle_link(battle_id: int) -> str:
    return f"/battle/{battle_id}"


def feedback_text(title: str) -> str:
    return f"How was {title or 'the event'}? Leave your feedback for the organizer."


def feedback_link(event_id: int) -> str:
    return f"/event/{event_id}?tab=feedback"


def _out(notification: Notification) -> NotificationOut:
    return NotificationOut(
        id=notification.id,
        kind=notification.kind,
        text=notification.text,
        link=notification.link,
        created_at=notification.created_at,
        read=notification.read_at is not None,
    )


def _caller(principal: Principal) -> tuple[int, int]:
    assert principal.profile_id is not None and principal.account_id is not None
    return principal.profile_id, principal.account_id


class NotificationService:
    async def notify(
        self, session: AsyncSession, profile_id: int, *, kind: str, text: str, link: str | None = None
    ) -> Notification:
        notification = await notification_repository.add(
            session, Notification(profile_id=profile_id, kind=kind, text=text, link=link)
        )
        await events.notification_created(
            session,
            notification_id=notification.id,
            profile_id=profile_id,
            kind=kind,
            text=text,
            link=link,
            created_at=notification.created_at,
        )
        return notification

    async def page(self, session: AsyncSession, principal: Principal, page: Page) -> list[NotificationOut]:
        return [_out(n) for n in await notification_repository.page(session, *_caller(principal), page)]

    async def unread(self, session: AsyncSession, principal: Principal) -> int:
        return await notification_repository.unread_count(session, *_caller(principal))

    async def mark_read(self, session: AsyncSession, principal: Principal, notification_id: int) -> int:
        profile_id, account_id = _caller(principal)
        notification = await notification_repository.get(session, notification_id)
        if notification is None:
            raise NotFound("Notification not found")
        owner = await profile_repository.get(session, notification.profile_id)
        if notification.profile_id != profile_id or owner is None or owner.account_id != account_id:
            raise NotYourProfile()
        if notification.read_at is None:
            notification.read_at = utcnow()
            await session.flush()
        return await self.unread(session, principal)

    async def mark_all_read(self, session: AsyncSession, principal: Principal) -> int:
        await notification_repository.mark_all_read(session, *_caller(principal))
        return 0


notification_service = NotificationService()
