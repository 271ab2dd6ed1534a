"""Sign in with Google: the authorization-code flow with PKCE, state (bound to the browser by a cookie) and
nonce. The account is found by the provider's subject, else by the verified email (linked), else created
with an empty main profile."""

from __future__ import annotations

import hashlib
import logging
import secrets
from dataclasses import dataclass
from datetime import timedelta

from sqlalchemy.ext.asyncio import AsyncSession

from identity.auth.repository import account_repository
from identity.auth.schemas import normalize_email
from identity.auth.service import Session, auth_service
from identity.auth.tokens import TokenSigner
from identity.config import Settings
from identity.oidc.client import OidcError, OidcProvider
from identity.oidc.repository import oidc_repository
from identity.oidc.rules import SignInFailure
from kit.db import utcnow

logger = logging.getLogger("identity.oidc")

GOOGLE = "google"
LOGIN_TTL = timedelta(minutes=10)


def state_hash(state: str) -> bytes:
    return hashlib.sha256(state.encode()).digest()


def safe_redirect(value: str | None) -> str | None:
    """Only a path of the SPA ('/events/3'); never another site ('//evil.example', 'https://…')."""
    if not value or not value.startswith("/") or value.startswith("//") or "\\" in value or len(value) > 500:
        return None
    return value


@dataclass(frozen=True)
class Started:
    url: str
    state: str


@dataclass(frozen=True)
class Finished:
    session: Session
    redirect: str | None


class OidcService:
    async def start(self, session: AsyncSession, provider: OidcProvider, redirect: str | None) -> Started:
        state = secrets.token_urlsafe(32)
        nonce = secrets.token_urlsafe(24)
        code_verifier = secrets.token_urlsafe(64)  # 86 characters, within PKCE's 43-128
        url = await provider.authorization_url(state=state, nonce=nonce, code_verifier=code_verifier)
        await oidc_repository.add_login(
            session,
            state_hash=state_hash(state),
            provider=GOOGLE,
            code_verifier=code_verifier,
            nonce=nonce,
            redirect=safe_redirect(redirect),
            ttl=LOGIN_TTL,
        )
        return Started(url=url, state=state)

    async def finish(
        self,
        session: AsyncSession,
        settings: Settings,
        signer: TokenSigner,
        provider: OidcProvider,
        *,
        state: str,
        browser_state: str | None,
        code: str,
    ) -> Finished:
        """Raises OidcError for anything that is not a clean sign-in."""
        if not state or not browser_state or not secrets.compare_digest(state, browser_state):
            raise OidcError("state does not match this browser's sign-in", SignInFailure.EXPIRED)
        login = await oidc_repository.take_login(session, state_hash(state))
        if login is None or login.expires_at <= utcnow():
            raise OidcError("unknown or expired state", SignInFailure.EXPIRED)
        if not code:
            raise OidcError("no authorization code")
        token = await provider.exchange(code, login.code_verifier)
        claims = await provider.verify_id_token(token, login.nonce)
        if claims.get("email_verified") is not True or not claims.get("email"):
            raise OidcError("the provider did not vouch for an email address", SignInFailure.UNVERIFIED)
        try:
            email = normalize_email(str(claims["email"]))
        except ValueError as exc:
            raise OidcError("unusable email address") from exc
        subject = str(claims["sub"])
        account = await oidc_repository.account_of(session, GOOGLE, subject)
        if account is None:
            account = await account_repository.by_email(session, email)
            if account is None:
                account = await auth_service.create_account(session, email, None)
            await oidc_repository.link(session, account, GOOGLE, subject, email)
        await account_repository.mark_email_verified(session, account)
        signed_in = await auth_service.start_session(session, settings, signer, account)
        return Finished(session=signed_in, redirect=login.redirect)


oidc_service = OidcService()
