from __future__ import annotations

import uuid
from datetime import datetime

from sqlalchemy import ForeignKey, LargeBinary, func
from sqlalchemy.orm import Mapped, mapped_column

from identity.models import Base


class RefreshToken(Base):
    """Only the SHA-256 of the token is kept. A rotation marks the old row used and links the new one to it
    (`parent_id`); showing a used token again revokes its whole family (every token descended from one
    sign-in), unless it is a retry of a lost answer (`auth/rules.py`)."""

    __tablename__ = "refresh_token"

    id: Mapped[int] = mapped_column(primary_key=True)
    account_id: Mapped[int] = mapped_column(ForeignKey("account.id", ondelete="CASCADE"), index=True)
    family_id: Mapped[uuid.UUID] = mapped_column(index=True)
    parent_id: Mapped[int | None] = mapped_column(ForeignKey("refresh_token.id", ondelete="SET NULL"), index=True)
    token_hash: Mapped[bytes] = mapped_column(LargeBinary(32), unique=True)
    created_at: Mapped[datetime] = mapped_column(server_default=func.now())
    expires_at: Mapped[datetime]
    used_at: Mapped[datetime | None]
    revoked_at: Mapped[datetime | None]
