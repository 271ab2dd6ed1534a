from __future__ import annotations

from collections.abc import Sequence

from sqlalchemy import ColumnElement, exists, func, select, update
from sqlalchemy.ext.asyncio import AsyncSession

from identity.models import Notification, Profile
from kit.paging import Page


def _of(profile_id: int, account_id: int) -> tuple[ColumnElement[bool], ...]:
    """The profile's notifications while the profile is on the account: one query answers both."""
    return (
        Notification.profile_id == profile_id,
        exists().where(Profile.id == profile_id, Profile.account_id == account_id),
    )


class NotificationRepository:
    async def add(self, session: AsyncSession, notification: Notification) -> Notification:
        session.add(notification)
        await session.flush()
        await session.refresh(notification, ["created_at"])
        return notification

    async def page(self, session: AsyncSession, profile_id: int, account_id: int, page: Page) -> Sequence[Notification]:
        return (
            await session.scalars(
                select(Notification)
                .where(*_of(profile_id, account_id))
                .order_by(Notification.id.desc())
                .offset(page.offset)
                .limit(page.limit)
            )
        ).all()

    async def unread_count(self, session: AsyncSession, profile_id: int, account_id: int) -> int:
        stmt = select(func.count()).where(*_of(profile_id, account_id), Notification.read_at.is_(None))
        return int(await session.scalar(stmt) or 0)

    async def get(self, session: AsyncSession, notification_id: int) -> Notification | None:
        return await session.get(Notification, notification_id)

    async def mark_all_read(self, session: AsyncSession, profile_id: int, account_id: int) -> None:
        await session.execute(
            update(Notification)
            .where(*_of(profile_id, account_id), Notification.read_at.is_(None))
            .values(read_at=func.now())
        )


notification_repository = NotificationRepository()
