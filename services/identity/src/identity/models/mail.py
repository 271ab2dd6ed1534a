from __future__ import annotations

from datetime import datetime

from sqlalchemy import Index, String, Text, func, text
from sqlalchemy.orm import Mapped, mapped_column

from identity.models import Base


class Mail(Base):
    """An outgoing mail, written in the transaction that asks for it and sent by the mail loop. A server that
    is down only delays it (retried with backoff, without limit); a permanent refusal (5xx) marks it failed.
    The bodies are cleared once sent: they hold single-use links."""

    __tablename__ = "mail"
    __table_args__ = (
        Index("ix_mail_due", "next_attempt_at", postgresql_where=text("sent_at IS NULL AND failed_at IS NULL")),
    )

    id: Mapped[int] = mapped_column(primary_key=True)
    to_address: Mapped[str] = mapped_column(String(320))
    subject: Mapped[str] = mapped_column(String(200))
    text_body: Mapped[str] = mapped_column(Text)
    html_body: Mapped[str] = mapped_column(Text)
    created_at: Mapped[datetime] = mapped_column(server_default=func.now())
    next_attempt_at: Mapped[datetime] = mapped_column(server_default=func.now())
    attempts: Mapped[int] = mapped_column(default=0, server_default="0")
    sent_at: Mapped[datetime | None]
    failed_at: Mapped[datetime | None]
    last_error: Mapped[str | None] = mapped_column(Text)
