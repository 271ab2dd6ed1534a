"""Every event identity publishes (docs/events.md), written to the outbox in the caller's transaction.
`EVENTS` feeds the generated JSON Schemas (`make contracts`)."""

from __future__ import annotations

from datetime import datetime
from typing import Literal

from sqlalchemy.ext.asyncio import AsyncSession

from identity.models import Profile
from kit import outbox
from kit.schemas import Schema

ProfileEvent = Literal["identity.profile.created", "identity.profile.updated", "identity.profile.released"]


class AccountCreated(Schema):
    id: int
    main_profile_id: int


class ProfileChanged(Schema):
    """The projection other services keep of a profile (created, updated and released alike)."""

    id: int
    account_id: int
    dancer_name: str | None
    avatar: str | None
    country: str | None
    city: str | None
    state: str | None


class NotificationCreated(Schema):
    """userId is the profile the notification is for; the gateway's live feed passes it to its owner."""

    id: int
    user_id: int
    kind: str
    text: str
    link: str | None
    created_at: datetime


EVENTS: dict[str, type[Schema]] = {
    "identity.account.created": AccountCreated,
    "identity.profile.created": ProfileChanged,
    "identity.profile.updated": ProfileChanged,
    "identity.profile.released": ProfileChanged,
    "identity.notification.created": NotificationCreated,
}


def profile_payload(profile: Profile) -> ProfileChanged:
    return ProfileChanged(
        id=profile.id,
        account_id=profile.account_id,
        dancer_name=profile.dancer_name,
        avatar=profile.avatar,
        country=profile.country,
        city=profile.city,
        state=profile.state,
    )


async def account_created(session: AsyncSession, account_id: int, main_profile_id: int) -> None:
    await outbox.add(
        session,
        "identity.account.created",
        AccountCreated(id=account_id, main_profile_id=main_profile_id),
        topics=[f"user:{main_profile_id}"],
    )


async def profile_changed(session: AsyncSession, event_type: ProfileEvent, profile: Profile) -> None:
    await outbox.add(session, event_type, profile_payload(profile), topics=[f"user:{profile.id}"])


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
        "identity.notification.created",
        NotificationCreated(
            id=notification_id, user_id=profile_id, kind=kind, text=text, link=link, created_at=created_at
        ),
        topics=[f"user:{profile_id}"],
    )
