from __future__ import annotations

import uuid
from collections.abc import Sequence
from datetime import datetime, timedelta

from sqlalchemy import func, select, update
from sqlalchemy.exc import IntegrityError
from sqlalchemy.ext.asyncio import AsyncSession

from identity.auth.exceptions import EmailInUse
from identity.models import Account, LoginFailure, Profile, RefreshToken
from kit.db import utcnow


class AccountRepository:
    async def by_email(self, session: AsyncSession, email: str) -> Account | None:
        return await session.scalar(select(Account).where(Account.email == email))

    async def get(self, session: AsyncSession, account_id: int) -> Account | None:
        return await session.get(Account, account_id)

    async def add(self, session: AsyncSession, email: str, password_hash: str | None) -> Account:
        """Raises EmailInUse when the address is taken, also by a concurrent insert that won the race."""
        if await self.by_email(session, email) is not None:
            raise EmailInUse()
        account = Account(email=email, password_hash=password_hash)
        try:
            async with session.begin_nested():
                session.add(account)
                await session.flush()
        except IntegrityError as exc:
            raise EmailInUse() from exc
        return account

    async def mark_email_verified(self, session: AsyncSession, account: Account) -> None:
        if account.email_verified_at is None:
            account.email_verified_at = utcnow()
            await session.flush()

    async def profile_ids(self, session: AsyncSession, account_id: int) -> tuple[list[int], int | None]:
        """All profile ids of the account (main first) and the main one."""
        rows = (
            await session.execute(
                select(Profile.id, Profile.is_main)
                .where(Profile.account_id == account_id)
                .order_by(Profile.is_main.desc(), Profile.id)
            )
        ).all()
        main = next((r.id for r in rows if r.is_main), None)
        return [r.id for r in rows], main


class LoginFailureRepository:
    async def add(self, session: AsyncSession, email: str) -> None:
        session.add(LoginFailure(email=email))
        await session.flush()

    async def recent(self, session: AsyncSession, email: str, window: timedelta) -> Sequence[datetime]:
        return (
            await session.scalars(
                select(LoginFailure.failed_at)
                .where(LoginFailure.email == email, LoginFailure.failed_at > func.now() - window)
                .order_by(LoginFailure.failed_at)
            )
        ).all()

    async def clear(self, session: AsyncSession, email: str) -> None:
        await session.execute(LoginFailure.__table__.delete().where(LoginFailure.email == email))


class RefreshTokenRepository:
    async def add(
        self,
        session: AsyncSession,
        *,
        account_id: int,
        family_id: uuid.UUID,
        token_hash: bytes,
        ttl: timedelta,
        parent_id: int | None = None,
    ) -> RefreshToken:
        token = RefreshToken(
            account_id=account_id,
            family_id=family_id,
            parent_id=parent_id,
            token_hash=token_hash,
            expires_at=utcnow() + ttl,
        )
        session.add(token)
        await session.flush()
        return token

    async def lock_by_hash(self, session: AsyncSession, token_hash: bytes) -> RefreshToken | None:
        """Row-locked: of two concurrent refreshes with one token, the second waits and then sees it used."""
        return await session.scalar(select(RefreshToken).where(RefreshToken.token_hash == token_hash).with_for_update())

    async def successor_used(self, session: AsyncSession, token_id: int) -> bool:
        """Whether a token rotated from this one has been used since. (A revoked one needs no check: revocation
        takes the whole family, this token with it.)"""
        children = select(RefreshToken.id).where(RefreshToken.parent_id == token_id, RefreshToken.used_at.is_not(None))
        return bool(await session.scalar(select(children.exists())))

    async def revoke_family(self, session: AsyncSession, family_id: uuid.UUID) -> None:
        await session.execute(
            update(RefreshToken)
            .where(RefreshToken.family_id == family_id, RefreshToken.revoked_at.is_(None))
            .values(revoked_at=func.now())
        )

    async def revoke_account(
        self, session: AsyncSession, account_id: int, *, except_family: uuid.UUID | None = None
    ) -> None:
        stmt = update(RefreshToken).where(RefreshToken.account_id == account_id, RefreshToken.revoked_at.is_(None))
        if except_family is not None:
            stmt = stmt.where(RefreshToken.family_id != except_family)
        await session.execute(stmt.values(revoked_at=func.now()))


account_repository = AccountRepository()
login_failure_repository = LoginFailureRepository()
refresh_token_repository = RefreshTokenRepository()
