from __future__ import annotations

from datetime import datetime

from sqlalchemy import String, func
from sqlalchemy.orm import Mapped, mapped_column

from identity.models import Base


class Account(Base):
    """Credentials. The email is stored trimmed and lower-cased, so uniqueness is case-insensitive."""

    __tablename__ = "account"

    id: Mapped[int] = mapped_column(primary_key=True)
    email: Mapped[str] = mapped_column(String(320), unique=True)
    password_hash: Mapped[str | None] = mapped_column(String(200))
    is_platform_admin: Mapped[bool] = mapped_column(default=False, server_default="false")
    # Set when the account proves it owns the address (a magic link, a reset link, a verified Google email):
    # the user list's `confirmed`.
    email_verified_at: Mapped[datetime | None]
    created_at: Mapped[datetime] = mapped_column(server_default=func.now())
