"""Asking for a mail: a row in the caller's transaction. Nothing talks to the mail server here."""

from __future__ import annotations

from sqlalchemy import select
from sqlalchemy.ext.asyncio import AsyncSession

from identity.mail.repository import mail_repository
from identity.mail.rules import render
from identity.models import Account, Mail, Profile


class MailService:
    async def queue(self, session: AsyncSession, to: str, kind: str, **values: str) -> Mail:
        rendered = render(kind, **values)
        return await mail_repository.add(
            session, Mail(to_address=to, subject=rendered.subject, text_body=rendered.text, html_body=rendered.html)
        )

    async def queue_to_profile(self, session: AsyncSession, profile_id: int, kind: str, **values: str) -> Mail | None:
        """A mail to the account of a profile, greeting it by its dancer name ('there' without one); none for a
        released profile or an account without an address: nobody to write to."""
        found = (
            await session.execute(
                select(Account.email, Profile.dancer_name)
                .join(Profile, Profile.account_id == Account.id)
                .where(Profile.id == profile_id)
            )
        ).first()
        if found is None or not found.email:
            return None
        return await self.queue(session, found.email, kind, name=found.dancer_name or "there", **values)


mail_service = MailService()
