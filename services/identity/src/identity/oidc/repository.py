from __future__ import annotations

from datetime import timedelta

from sqlalchemy import delete, func, select
from sqlalchemy.ext.asyncio import AsyncSession

from identity.models import Account, OidcLogin, SocialIdentity
from kit.db import utcnow


class OidcRepository:
    async def add_login(
        self,
        session: AsyncSession,
        *,
        state_hash: bytes,
        provider: str,
        code_verifier: str,
        nonce: str,
        redirect: str | None,
        ttl: timedelta,
    ) -> None:
        # Abandoned sign-ins are cleared as new ones start.
        await session.execute(delete(OidcLogin).where(OidcLogin.expires_at < func.now()))
        session.add(
            OidcLogin(
                state_hash=state_hash,
                provider=provider,
                code_verifier=code_verifier,
                nonce=nonce,
                redirect=redirect,
                expires_at=utcnow() + ttl,
            )
        )
        await session.flush()

    async def take_login(self, session: AsyncSession, state_hash: bytes) -> OidcLogin | None:
        """The sign-in of this state, removed: a state serves one callback."""
        return await session.scalar(delete(OidcLogin).where(OidcLogin.state_hash == state_hash).returning(OidcLogin))

    async def account_of(self, session: AsyncSession, provider: str, subject: str) -> Account | None:
        return await session.scalar(
            select(Account)
            .join(SocialIdentity, SocialIdentity.account_id == Account.id)
            .where(SocialIdentity.provider == provider, SocialIdentity.subject == subject)
        )

    async def link(self, session: AsyncSession, account: Account, provider: str, subject: str, email: str) -> None:
        session.add(SocialIdentity(account_id=account.id, provider=provider, subject=subject, email=email))
        await session.flush()


oidc_repository = OidcRepository()
