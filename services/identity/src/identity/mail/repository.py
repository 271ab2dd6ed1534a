from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime

from sqlalchemy import func, select, text
from sqlalchemy.ext.asyncio import AsyncSession

from identity.models import Mail

NOTIFY_CHANNEL = "identity_mail"


class MailRepository:
    async def add(self, session: AsyncSession, mail: Mail) -> Mail:
        session.add(mail)
        await session.flush()
        # Delivered at commit: the sender wakes when the mail can be read, and not for a rolled-back one.
        await session.execute(text(f"NOTIFY {NOTIFY_CHANNEL}"))
        return mail

    async def claim_due(self, session: AsyncSession, limit: int) -> Sequence[Mail]:
        """Due mail, oldest first, locked until the caller's transaction ends; other senders skip it."""
        return (
            await session.scalars(
                select(Mail)
                .where(Mail.sent_at.is_(None), Mail.failed_at.is_(None), Mail.next_attempt_at <= func.now())
                .order_by(Mail.id)
                .limit(limit)
                .with_for_update(skip_locked=True)
            )
        ).all()

    async def queue(self, session: AsyncSession) -> tuple[int, datetime | None]:
        """Mail not yet sent (nor given up), and when the next one falls due."""
        count, due = (
            await session.execute(
                select(func.count(), func.min(Mail.next_attempt_at)).where(
                    Mail.sent_at.is_(None), Mail.failed_at.is_(None)
                )
            )
        ).one()
        return int(count), due


mail_repository = MailRepository()
