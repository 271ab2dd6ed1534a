"""The mail loop: sends due rows of `mail` over SMTP (aiosmtplib) and retries with backoff, without limit,
while the server is unreachable or answers 4xx. Only a 5xx refusal of the recipient ends a mail unsent
(`failed_at`). Several replicas share the work (FOR UPDATE SKIP LOCKED)."""

from __future__ import annotations

import asyncio
import logging
from datetime import timedelta
from email.message import EmailMessage
from email.utils import formatdate, make_msgid

import aiosmtplib
import asyncpg
from sqlalchemy.ext.asyncio import AsyncSession, async_sessionmaker

from identity.config import Settings
from identity.mail.repository import NOTIFY_CHANNEL, mail_repository
from identity.mail.rules import is_permanent, retry_delay
from identity.models import Mail
from kit.bus import stop_if_cancelled
from kit.db import transaction, utcnow
from kit.outbox import asyncpg_dsn

logger = logging.getLogger("identity.mail")

BATCH = 20


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
        self._wake = asyncio.Event()

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

    async def _seconds_until_due(self) -> float:
        async with self.sessionmaker() as session:
            due = await mail_repository.next_due_at(session)
        if due is None:
            return self.settings.mail_poll_seconds
        return max(0.0, min(self.settings.mail_poll_seconds, (due - utcnow()).total_seconds()))

    async def run(self) -> None:
        listener = asyncio.create_task(self._listen(), name="identity-mail-listen")
        delay = 0.2
        try:
            while True:
                stop_if_cancelled()  # aiosmtplib and asyncpg wait with wait_for, which can swallow a cancel
                self._wake.clear()
                try:
                    if await self.send_due() >= BATCH:
                        continue
                    wait = await self._seconds_until_due()
                    delay = 0.2
                except asyncio.CancelledError:
                    raise
                except Exception as exc:  # the database is away: the mail waits in it
                    stop_if_cancelled()
                    logger.warning("mail loop interrupted (%s); retrying in %.1fs", exc, delay)
                    wait, delay = delay, min(delay * 2, 5.0)
                if wait > 0:
                    # asyncio.timeout, not wait_for: on Python 3.11 wait_for can swallow a cancellation.
                    try:
                        async with asyncio.timeout(wait):
                            await self._wake.wait()
                    except TimeoutError:
                        pass
        finally:
            listener.cancel()
            try:
                await listener
            except (asyncio.CancelledError, Exception):
                pass

    async def _listen(self) -> None:
        """LISTEN for new mail; the loop also polls, so a lost notification delays and never loses."""
        dsn = asyncpg_dsn(self.settings.database_url)
        while True:
            conn: asyncpg.Connection | None = None
            try:
                conn = await asyncpg.connect(dsn)
                await conn.add_listener(NOTIFY_CHANNEL, lambda *_: self._wake.set())
                closed = asyncio.Event()
                conn.add_termination_listener(lambda *_, ended=closed: ended.set())
                self._wake.set()
                await closed.wait()
            except asyncio.CancelledError:
                raise
            except Exception as exc:
                stop_if_cancelled()
                logger.debug("mail listener reconnecting: %s", exc)
                await asyncio.sleep(1)
            finally:
                if conn is not None and not conn.is_closed():
                    await conn.close()
