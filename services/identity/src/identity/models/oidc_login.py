from __future__ import annotations

from datetime import datetime

from sqlalchemy import LargeBinary, String, func
from sqlalchemy.orm import Mapped, mapped_column

from identity.models import Base


class OidcLogin(Base):
    """A social sign-in in progress, keyed by the SHA-256 of its `state`; used once by the callback."""

    __tablename__ = "oidc_login"

    state_hash: Mapped[bytes] = mapped_column(LargeBinary(32), primary_key=True)
    provider: Mapped[str] = mapped_column(String(20))
    code_verifier: Mapped[str] = mapped_column(String(128))
    nonce: Mapped[str] = mapped_column(String(64))
    redirect: Mapped[str | None] = mapped_column(String(500))
    created_at: Mapped[datetime] = mapped_column(server_default=func.now())
    expires_at: Mapped[datetime]
