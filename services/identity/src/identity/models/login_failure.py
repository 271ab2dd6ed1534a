from __future__ import annotations

from datetime import datetime

from sqlalchemy import Index, String, func
from sqlalchemy.orm import Mapped, mapped_column

from identity.models import Base


class LoginFailure(Base):
    """One failed sign-in for an email (known or not): the per-email lock-out counts these."""

    __tablename__ = "login_failure"
    __table_args__ = (Index("ix_login_failure_email_failed_at", "email", "failed_at"),)

    id: Mapped[int] = mapped_column(primary_key=True)
    email: Mapped[str] = mapped_column(String(320))
    failed_at: Mapped[datetime] = mapped_column(server_default=func.now())
