from __future__ import annotations

from datetime import timedelta

from sqlalchemy import func, select, update
from sqlalchemy.ext.asyncio import AsyncSession

from identity.models import EmailToken
from kit.db import utcnow


class EmailTokenRepository:
    async def add(
        self,
        session: AsyncSession,
        *,
        kind: str,
        email: str,
        account_id: int | None,
        token_hash: bytes,
        ttl: timedelta,
    ) -> EmailToken:
        token = EmailToken(
            kind=kind, email=email, account_id=account_id, token_hash=token_hash, expires_at=utcnow() + ttl
        )
        session.add(token)
        await session.flush()
        return token

    async def recent_count(self, session: AsyncSession, email: str, kind: str, window: timedelta) -> int:
        stmt = select(func.count()).where(
            EmailToken.email == email, EmailToken.kind == kind, EmailToken.created_at > func.now() - window
        )
        return int(await session.scalar(stmt) or 0)

    async def lock_by_hash(self, session: AsyncSession, token_hash: bytes) -> EmailToken | None:
        """Row-locked: of two uses of one link at the same moment, the second sees it used."""
        return await session.scalar(select(EmailToken).where(EmailToken.token_hash == token_hash).with_for_update())

    async def use_all(self, session: AsyncSession, email: str, kind: str) -> None:
        """Every other open link of this kind for the address dies with the one just used."""
        await session.execute(
            update(EmailToken)
            .where(EmailToken.email == email, EmailToken.kind == kind, EmailToken.used_at.is_(None))
            .values(used_at=func.now())
        )


email_token_repository = EmailTokenRepository()
