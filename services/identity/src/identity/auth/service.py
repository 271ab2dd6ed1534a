"""Sign-up, sign-in, refresh-token rotation and sign-out."""

from __future__ import annotations

import math
import uuid
from dataclasses import dataclass
from datetime import timedelta

from sqlalchemy.ext.asyncio import AsyncSession

from identity import events
from identity.auth import passwords
from identity.auth.exceptions import (
    IncorrectCredentials,
    IncorrectPassword,
    InvalidRefreshToken,
    PasswordChangeNotPossible,
    TooManyLoginAttempts,
)
from identity.auth.repository import account_repository, login_failure_repository, refresh_token_repository
from identity.auth.rules import is_retry_of_lost_answer
from identity.auth.schemas import check_password, normalize_email
from identity.auth.tokens import AccessToken, TokenSigner, hash_refresh_token, new_refresh_token
from identity.config import Settings
from identity.models import Account
from identity.profiles.schemas import User
from identity.profiles.service import profile_service
from kit.db import utcnow
from kit.errors import Invalid
from kit.principal import Principal


@dataclass(frozen=True)
class Session:
    """What a successful sign-in (or refresh) hands back: the access token and the new refresh token."""

    access: AccessToken
    refresh_token: str
    account: Account


class AuthService:
    async def signup(
        self, session: AsyncSession, settings: Settings, signer: TokenSigner, *, email: str, password: str
    ) -> Session:
        account = await self.create_account(session, email, await passwords.hash_password(password))
        return await self.start_session(session, settings, signer, account)

    async def create_account(self, session: AsyncSession, email: str, password_hash: str | None) -> Account:
        """A new account with an empty main profile (sign-up, first magic link, first social sign-in)."""
        account = await account_repository.add(session, email, password_hash)
        profile = await profile_service.create_empty(session, account, is_main=True)
        await events.account_created(session, account.id, profile.id)
        return account

    async def login(
        self, session: AsyncSession, settings: Settings, signer: TokenSigner, *, email: str, password: str
    ) -> Session:
        if not email.strip() or not password:
            raise Invalid("All fields is required")
        try:
            email = normalize_email(email)
        except ValueError as exc:
            raise Invalid(str(exc)) from exc
        await self.check_lockout(session, settings, email)
        account = await account_repository.by_email(session, email)
        # Known and unknown emails take the same path and the same time (one Argon2 verification each).
        valid = await passwords.verify_password(account.password_hash if account else None, password)
        if account is None or not valid:
            await login_failure_repository.add(session, email)
            raise IncorrectCredentials()
        assert account.password_hash is not None
        if passwords.needs_rehash(account.password_hash):
            account.password_hash = await passwords.hash_password(password)
        await login_failure_repository.clear(session, email)
        return await self.start_session(session, settings, signer, account)

    async def check_lockout(self, session: AsyncSession, settings: Settings, email: str) -> None:
        """429 while the email has too many recent failed password checks."""
        window = timedelta(seconds=settings.login_failure_window_seconds)
        failures = await login_failure_repository.recent(session, email, window)
        if len(failures) >= settings.login_max_failures:
            oldest_counted = failures[-settings.login_max_failures]
            retry_after = (oldest_counted + window - utcnow()).total_seconds()
            raise TooManyLoginAttempts(math.ceil(retry_after))

    async def change_password(
        self,
        session: AsyncSession,
        settings: Settings,
        principal: Principal,
        *,
        old_password: str,
        new_password: str,
        refresh_token: str | None,
    ) -> None:
        """Re-checks the old password (failures count toward the sign-in lock-out of the email), then ends
        every other session of the account: only the family of the caller's refresh cookie survives."""
        assert principal.account_id is not None
        account = await account_repository.get(session, principal.account_id)
        if account is None:
            raise InvalidRefreshToken()
        if account.password_hash is None:
            raise PasswordChangeNotPossible()
        if not old_password or not new_password:
            raise Invalid("All fields are required")
        try:
            check_password(new_password)
        except ValueError as exc:
            raise Invalid(str(exc)) from exc
        await self.check_lockout(session, settings, account.email)
        if not await passwords.verify_password(account.password_hash, old_password):
            await login_failure_repository.add(session, account.email)
            raise IncorrectPassword()
        account.password_hash = await passwords.hash_password(new_password)
        await login_failure_repository.clear(session, account.email)
        keep = None
        if refresh_token:
            current = await refresh_token_repository.lock_by_hash(session, hash_refresh_token(refresh_token))
            if current is not None and current.account_id == account.id:
                keep = current.family_id
        await refresh_token_repository.revoke_account(session, account.id, except_family=keep)

    async def start_session(
        self,
        session: AsyncSession,
        settings: Settings,
        signer: TokenSigner,
        account: Account,
        family_id: uuid.UUID | None = None,
        parent_id: int | None = None,
    ) -> Session:
        token, token_hash = new_refresh_token()
        await refresh_token_repository.add(
            session,
            account_id=account.id,
            family_id=family_id or uuid.uuid4(),
            parent_id=parent_id,
            token_hash=token_hash,
            ttl=timedelta(days=settings.refresh_token_ttl_days),
        )
        return Session(access=await self.access_token(session, signer, account), refresh_token=token, account=account)

    async def access_token(self, session: AsyncSession, signer: TokenSigner, account: Account) -> AccessToken:
        profile_ids, main = await account_repository.profile_ids(session, account.id)
        return signer.issue(
            account_id=account.id,
            profile_ids=profile_ids,
            main_profile_id=main,
            is_platform_admin=account.is_platform_admin,
        )

    async def refresh(
        self, session: AsyncSession, settings: Settings, signer: TokenSigner, token: str | None
    ) -> Session:
        if not token:
            raise InvalidRefreshToken()
        stored = await refresh_token_repository.lock_by_hash(session, hash_refresh_token(token))
        if stored is None or stored.revoked_at is not None or stored.expires_at <= utcnow():
            raise InvalidRefreshToken()
        if stored.used_at is None:
            stored.used_at = utcnow()
        elif not is_retry_of_lost_answer(
            rotated_at=stored.used_at,
            now=utcnow(),
            successor_used=await refresh_token_repository.successor_used(session, stored.id),
            grace=timedelta(seconds=settings.refresh_retry_grace_seconds),
        ):
            # A rotated token shown again: it was stolen or replayed. End every session of its family.
            await refresh_token_repository.revoke_family(session, stored.family_id)
            raise InvalidRefreshToken(persist=True)
        # (a retry keeps the first rotation's time: the grace runs from it, however many retries follow)
        account = await account_repository.get(session, stored.account_id)
        if account is None:
            raise InvalidRefreshToken()
        return await self.start_session(
            session, settings, signer, account, family_id=stored.family_id, parent_id=stored.id
        )

    async def logout(self, session: AsyncSession, token: str | None) -> None:
        if not token:
            return
        stored = await refresh_token_repository.lock_by_hash(session, hash_refresh_token(token))
        if stored is not None:
            await refresh_token_repository.revoke_family(session, stored.family_id)

    async def current_user(self, session: AsyncSession, account: Account) -> User:
        profile_ids, main = await account_repository.profile_ids(session, account.id)
        assert main is not None
        principal = Principal(account_id=account.id, profile_id=main, profile_ids=tuple(profile_ids))
        return await profile_service.view(session, main, principal)


auth_service = AuthService()
