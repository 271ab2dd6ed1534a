"""Asking for a mail: a row in the caller's transaction. Nothing talks to the mail server here."""

from __future__ import annotations

from sqlalchemy.ext.asyncio import AsyncSession

from identity.mail.repository import mail_repository
from identity.mail.rules import render
from identity.models import Mail


class MailService:
    async def queue(self, session: AsyncSession, to: str, kind: str, **values: str) -> Mail:
        rendered = render(kind, **values)
        return await mail_repository.add(
            session, Mail(to_address=to, subject=rendered.subject, text_body=rendered.text, html_body=rendered.html)
        )


mail_service = MailService()
