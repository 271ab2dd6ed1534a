"""Notifications made from events: for now the welcome on a new account."""

from __future__ import annotations

from sqlalchemy.ext.asyncio import AsyncSession

from identity.notifications.service import WELCOME_LINK, WELCOME_TEXT, notification_service
from identity.profiles.repository import profile_repository
from kit.consumers import Handler
from kit.events import Envelope


async def welcome(session: AsyncSession, envelope: Envelope) -> None:
    profile_id = int(envelope.data["mainProfileId"])
    if await profile_repository.get(session, profile_id) is None:
        return  # gone before the event was read: nobody to welcome
    await notification_service.notify(session, profile_id, kind="welcome", text=WELCOME_TEXT, link=WELCOME_LINK)


handlers = [Handler("welcome-notification", "identity.account.created", welcome)]
