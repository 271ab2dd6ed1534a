"""The events identity publishes, built from its rows (the payload models are in `contracts.identity`) and
written to the outbox in the caller's transaction."""

from __future__ import annotations

from datetime import datetime

from sqlalchemy.ext.asyncio import AsyncSession

from contracts.identity import AccountCreated, NotificationCreated, ProfileChanged
from identity.models import Profile
from kit import outbox


async def account_created(session: AsyncSession, account_id: int, main_profile_id: int) -> None:
    await outbox.add(session, AccountCreated(id=account_id, main_profile_id=main_profile_id))


async def profile_changed(session: AsyncSession, event: type[ProfileChanged], profile: Profile) -> None:
    """`event` is ProfileCreated, ProfileUpdated or ProfileReleased: one payload, three meanings."""
    # the payload's fields are the profile's own columns, by the same names
    await outbox.add(session, event.model_validate(profile, from_attributes=True))


async def notification_created(
    session: AsyncSession,
    *,
    notification_id: int,
    profile_id: int,
    kind: str,
    text: str,
    link: str | None,
    created_at: datetime,
) -> None:
    await outbox.add(
        session,
        NotificationCreated(
            id=notification_id, user_id=profile_id, kind=kind, text=text, link=link, created_at=created_at
        ),
    )
