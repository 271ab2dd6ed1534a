"""Links sent by mail: reset password (1 hour) and magic link (15 minutes). Both are single use and stored
hashed. Asking for one answers alike whether or not the address has an account, so the answer never tells
who is registered."""

from __future__ import annotations

import math
from datetime import timedelta
from urllib.parse import urlencode

from sqlalchemy.ext.asyncio import AsyncSession

from identity.auth import passwords
from identity.auth.repository import account_repository, login_failure_repository, refresh_token_repository
from identity.auth.schemas import check_password, normalize_email
from identity.auth.service import Session, auth_service
from identity.auth.tokens import TokenSigner, hash_refresh_token, new_refresh_token
from identity.config import Settings
from identity.links.exceptions import FieldRequired, InvalidLink
from identity.links.repository import email_token_repository
from identity.mail.service import mail_service
from identity.models.email_token import MAGIC_LINK, RESET_PASSWORD, EmailToken
from kit.db import utcnow
from kit.errors import Invalid

HOUR = timedelta(hours=1)


def _email(raw: str) -> str:
    if not raw.strip():
        raise FieldRequired()
    try:
        return normalize_email(raw)
    except ValueError as exc:
        raise Invalid(str(exc)) from exc


class LinkService:
    async def request_reset(self, session: AsyncSession, settings: Settings, raw_email: str) -> None:
        email = _email(raw_email)
        account = await account_repository.by_email(session, email)
        if account is None:
            return  # nothing to reset; the caller answers exactly as for a known address
        await self._send(session, settings, RESET_PASSWORD, email, account.id, "reset-password")

    async def request_magic_link(self, session: AsyncSession, settings: Settings, raw_email: str) -> None:
        """Sent to any address: using the link signs in, and creates the account when there is none."""
        email = _email(raw_email)
        account = await account_repository.by_email(session, email)
        await self._send(session, settings, MAGIC_LINK, email, account.id if account else None, "magic-link")

    async def _send(
        self, session: AsyncSession, settings: Settings, kind: str, email: str, account_id: int | None, page: str
    ) -> None:
        if await email_token_repository.recent_count(session, email, kind, HOUR) >= settings.mail_links_per_hour:
            return  # enough mail to this address for now; the answer stays the same
        ttl = timedelta(
            seconds=settings.reset_token_ttl_seconds if kind == RESET_PASSWORD else settings.magic_link_ttl_seconds
        )
        token, token_hash = new_refresh_token()
        await email_token_repository.add(
            session, kind=kind, email=email, account_id=account_id, token_hash=token_hash, ttl=ttl
        )
        link = f"{settings.public_url}/{page}?{urlencode({'token': token})}"
        await mail_service.queue(session, email, kind, link=link, minutes=str(math.ceil(ttl.total_seconds() / 60)))

    async def _use(self, session: AsyncSession, kind: str, token: str) -> EmailToken:
        """The open, unexpired link of `kind`, now used."""
        stored = await email_token_repository.lock_by_hash(session, hash_refresh_token(token)) if token else None
        if stored is None or stored.kind != kind or stored.used_at is not None or stored.expires_at <= utcnow():
            raise InvalidLink()
        stored.used_at = utcnow()
        return stored

    async def reset_password(self, session: AsyncSession, *, token: str, password: str) -> None:
        """Sets the new password, ends every session of the account and every other open reset link."""
        if not password:
            raise Invalid("All fields are required")
        try:
            check_password(password)
        except ValueError as exc:
            raise Invalid(str(exc)) from exc
        stored = await self._use(session, RESET_PASSWORD, token)
        account = await account_repository.get(session, stored.account_id) if stored.account_id else None
        if account is None or account.email != stored.email:
            raise InvalidLink()  # the account has gone or changed address since the link was sent
        account.password_hash = await passwords.hash_password(password)
        await account_repository.mark_email_verified(session, account)
        await email_token_repository.use_all(session, stored.email, RESET_PASSWORD)
        await refresh_token_repository.revoke_account(session, account.id)
        await login_failure_repository.clear(session, account.email)

    async def magic_sign_in(
        self, session: AsyncSession, settings: Settings, signer: TokenSigner, *, email: str, token: str
    ) -> Session:
        """Signs in with the link and the address it was sent to (the SPA remembers it); a new address gets an
        account with an empty main profile."""
        if not email.strip() or not token:
            raise Invalid("All fields are required")
        try:
            email = normalize_email(email)
        except ValueError as exc:
            raise Invalid(str(exc)) from exc
        stored = await self._use(session, MAGIC_LINK, token)
        if stored.email != email:
            raise InvalidLink()
        account = await account_repository.by_email(session, email)
        if account is None:
            account = await auth_service.create_account(session, email, None)
        await account_repository.mark_email_verified(session, account)
        await email_token_repository.use_all(session, email, MAGIC_LINK)
        await login_failure_repository.clear(session, email)
        return await auth_service.start_session(session, settings, signer, account)


link_service = LinkService()
