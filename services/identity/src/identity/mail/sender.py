"""The mail loop: sends due rows of `mail` over SMTP (aiosmtplib) and retries with backoff, without limit,
while the server is unreachable or answers 4xx. Only a 5xx refusal of the recipient ends a mail unsent
(`failed_at`). Several replicas share the work (FOR UPDATE SKIP LOCKED). It runs on the kit's NotifiedLoop."""

from __future__ import annotations

import logging
from datetime import timedelta
from email.message import EmailMessage
from email.utils import formatdate, make_msgid

import aiosmtplib
from fastapi import FastAPI
from prometheus_client import Gauge
from sqlalchemy.ext.asyncio import AsyncSession, async_sessionmaker

from identity.config import Settings
from identity.mail.repository import NOTIFY_CHANNEL, mail_repository
from identity.mail.rules import is_permanent, retry_delay
from identity.models import Mail
from kit.db import transaction, utcnow
from kit.workers import NotifiedLoop

logger = logging.getLogger("identity.mail")

BATCH = 20
# Counted by the loop each time it looks for the next due mail (after every batch, every wake-up, every retry), so
# it is shown by the processes that run the workers (docs/decisions.md, Observability).
MAIL_QUEUE_PENDING = Gauge("mail_queue_pending", "Mail not yet sent (waiting or being retried)")


def build_message(mail: Mail, sender: str) -> EmailMessage:
    message = EmailMessage()
    message["From"] = sender
    message["To"] = mail.to_address
    message["Subject"] = mail.subject
    message["Date"] = formatdate(localtime=False)
    message["Message-ID"] = make_msgid(domain="cypher")
    message.set_content(mail.text_body)
    message.add_alternative(mail.html_body, subtype="html")
    return message


def _refusal_code(exc: Exception) -> int | None:
    """The SMTP code when the server refused this mail's recipient; None for anything else."""
    if isinstance(exc, aiosmtplib.SMTPRecipientsRefused) and exc.recipients:
        return min(r.code for r in exc.recipients)
    if isinstance(exc, aiosmtplib.SMTPRecipientRefused):
        return exc.code
    return None


class MailSender:
    def __init__(self, settings: Settings, sessionmaker: async_sessionmaker[AsyncSession]):
        self.settings = settings
        self.sessionmaker = sessionmaker

    def _client(self) -> aiosmtplib.SMTP:
        s = self.settings
        return aiosmtplib.SMTP(
            hostname=s.smtp_host,
            port=s.smtp_port,
            username=s.smtp_username,
            password=s.smtp_password,
            use_tls=s.smtp_use_tls,
            start_tls=s.smtp_start_tls,
            timeout=s.smtp_timeout_seconds,
        )

    def _postpone(self, mail: Mail, error: Exception) -> None:
        mail.attempts += 1
        mail.last_error = f"{type(error).__name__}: {error}"[:1000]
        mail.next_attempt_at = utcnow() + timedelta(
            seconds=retry_delay(mail.attempts, cap=self.settings.mail_retry_max_seconds)
        )

    async def send_due(self) -> int:
        """One batch; returns how many mails were sent."""
        sent = 0
        async with transaction(self.sessionmaker) as session:
            mails = await mail_repository.claim_due(session, BATCH)
            if not mails:
                return 0
            try:
                client = self._client()
                await client.connect()
            except (aiosmtplib.SMTPException, OSError) as exc:
                logger.warning(
                    "mail server %s:%s unreachable (%s); %d mail(s) wait",
                    self.settings.smtp_host,
                    self.settings.smtp_port,
                    exc,
                    len(mails),
                )
                for mail in mails:
                    self._postpone(mail, exc)
                return 0
            try:
                for mail in mails:
                    try:
                        await client.send_message(build_message(mail, self.settings.mail_from))
                    except (aiosmtplib.SMTPException, OSError) as exc:
                        code = _refusal_code(exc)
                        if is_permanent(code):
                            logger.error("mail %s to %s refused for good: %s", mail.id, mail.to_address, exc)
                            mail.attempts += 1
                            mail.failed_at = utcnow()
                            mail.last_error = str(exc)[:1000]
                            continue
                        self._postpone(mail, exc)
                        if not client.is_connected:
                            for rest in mails[mails.index(mail) + 1 :]:
                                self._postpone(rest, exc)
                            break
                        continue
                    mail.attempts += 1
                    mail.sent_at = utcnow()
                    # The bodies hold single-use links: no reason to keep them once delivered.
                    mail.text_body = ""
                    mail.html_body = ""
                    mail.last_error = None
                    sent += 1
            finally:
                if client.is_connected:
                    try:
                        await client.quit()
                    except (aiosmtplib.SMTPException, OSError):
                        client.close()
        return sent

    async def _step(self) -> float:
        if await self.send_due() >= BATCH:
            return 0
        async with self.sessionmaker() as session:
            pending, due = await mail_repository.queue(session)
        MAIL_QUEUE_PENDING.set(pending)
        if due is None:
            return self.settings.mail_poll_seconds
        return max(0.0, (due - utcnow()).total_seconds())

    def loop(self) -> NotifiedLoop:
        """Woken by the NOTIFY of a new mail; otherwise it sleeps until the next retry falls due."""
        return NotifiedLoop(
            "mail-sender",
            self._step,
            database_url=self.settings.listen_url,
            channel=NOTIFY_CHANNEL,
            poll_seconds=self.settings.mail_poll_seconds,
        )


def mail_sender(app: FastAPI) -> NotifiedLoop:
    """The worker factory for `create_service_app(workers=...)`."""
    return MailSender(app.state.settings, app.state.sessionmaker).loop()
