"""Notifications made from events: for now the welcome on a new account."""

from __future__ import annotations

from sqlalchemy.ext.asyncio import AsyncSession

from contracts.identity import AccountCreated
from identity.notifications.service import WELCOME_LINK, WELCOME_TEXT, notification_service
from identity.profiles.repository import profile_repository
from kit.consumers import Handler
from kit.events import Envelope


async def welcome(session: AsyncSession, event: AccountCreated, _: Envelope) -> None:
    if await profile_repository.get(session, event.main_profile_id) is None:
        return  # gone before the event was read: nobody to welcome
    await notification_service.notify(
        session, event.main_profile_id, kind="welcome", text=WELCOME_TEXT, link=WELCOME_LINK
    )


handlers = [Handler("welcome-notification", AccountCreated, welcome)]
