from __future__ import annotations

from datetime import datetime

from sqlalchemy import ForeignKey, String, UniqueConstraint, func
from sqlalchemy.orm import Mapped, mapped_column

from identity.models import Base


class SocialIdentity(Base):
    """An account's identity at a social sign-in provider (the provider's stable `sub`)."""

    __tablename__ = "social_identity"
    __table_args__ = (UniqueConstraint("provider", "subject", name="uq_social_identity_provider_subject"),)

    id: Mapped[int] = mapped_column(primary_key=True)
    account_id: Mapped[int] = mapped_column(ForeignKey("account.id", ondelete="CASCADE"), index=True)
    provider: Mapped[str] = mapped_column(String(20))
    subject: Mapped[str] = mapped_column(String(255))
    email: Mapped[str] = mapped_column(String(320))
    created_at: Mapped[datetime] = mapped_column(server_default=func.now())
