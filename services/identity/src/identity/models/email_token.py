from __future__ import annotations

from datetime import datetime

from sqlalchemy import ForeignKey, Index, LargeBinary, String, func
from sqlalchemy.orm import Mapped, mapped_column

from identity.models import Base

RESET_PASSWORD = "reset_password"
MAGIC_LINK = "magic_link"


class EmailToken(Base):
    """A single-use link sent by mail (reset password, magic link). Only the SHA-256 of the token is kept.
    A magic link may name an email without an account yet: using it creates the account."""

    __tablename__ = "email_token"
    __table_args__ = (Index("ix_email_token_email_kind_created_at", "email", "kind", "created_at"),)

    id: Mapped[int] = mapped_column(primary_key=True)
    kind: Mapped[str] = mapped_column(String(20))
    email: Mapped[str] = mapped_column(String(320))
    account_id: Mapped[int | None] = mapped_column(ForeignKey("account.id", ondelete="CASCADE"), index=True)
    token_hash: Mapped[bytes] = mapped_column(LargeBinary(32), unique=True)
    created_at: Mapped[datetime] = mapped_column(server_default=func.now())
    expires_at: Mapped[datetime]
    used_at: Mapped[datetime | None]
