from __future__ import annotations

import logging
from urllib.parse import urlencode

from fastapi import APIRouter, Query, Request
from fastapi.responses import RedirectResponse

from identity.auth.router import SettingsDep, SignerDep, set_refresh_cookie
from identity.config import Settings
from identity.oidc.client import OidcError, OidcProvider
from identity.oidc.rules import provider_refusal
from identity.oidc.service import LOGIN_TTL, oidc_service
from kit.db import SessionDep
from kit.errors import NotFound
from kit.openapi import errors

logger = logging.getLogger("identity.oidc")

router = APIRouter(prefix="/api/auth/oidc/google", tags=["auth"])

STATE_COOKIE = "cypher_oidc_state"
STATE_COOKIE_PATH = "/api/auth/oidc"


def provider_of(request: Request) -> OidcProvider:
    provider: OidcProvider | None = getattr(request.app.state, "oidc", None)
    if provider is None:
        raise NotFound("Sign-in with Google is not enabled")
    return provider


def to_spa(settings: Settings, **query: str) -> RedirectResponse:
    return RedirectResponse(f"{settings.public_url}/login?{urlencode(query)}", status_code=303)


@router.get("/start", response_class=RedirectResponse, status_code=302, responses=errors(404))
async def start(
    request: Request, session: SessionDep, settings: SettingsDep, redirect: str | None = Query(None)
) -> RedirectResponse:
    """Sends the browser to Google; `redirect` (a path of the SPA) comes back on /login after sign-in."""
    provider = provider_of(request)
    try:
        started = await oidc_service.start(session, provider, redirect)
    except OidcError as exc:
        logger.warning("social sign-in cannot start: %s", exc)
        return to_spa(settings, social="error", reason=exc.reason)
    response = RedirectResponse(started.url, status_code=302)
    # Lax, not Strict: the cookie must come back on Google's top-level redirect to the callback.
    response.set_cookie(
        STATE_COOKIE,
        started.state,
        max_age=int(LOGIN_TTL.total_seconds()),
        path=STATE_COOKIE_PATH,
        httponly=True,
        samesite="lax",
        secure=settings.secure_cookies,
    )
    return response


@router.get("/callback", response_class=RedirectResponse, status_code=303, responses=errors(404))
async def callback(
    request: Request,
    session: SessionDep,
    settings: SettingsDep,
    signer: SignerDep,
    code: str = Query(""),
    state: str = Query(""),
    error: str | None = Query(None),
    error_description: str | None = Query(None),
) -> RedirectResponse:
    """Back from Google: sets the refresh cookie and opens /login?social=done, where the SPA calls
    /api/auth/refresh; any failure opens /login?social=error&reason=<SignInFailure>."""
    provider = provider_of(request)
    try:
        if error:
            raise OidcError(f"the provider answered {error}: {error_description}", provider_refusal(error))
        finished = await oidc_service.finish(
            session,
            settings,
            signer,
            provider,
            state=state,
            browser_state=request.cookies.get(STATE_COOKIE),
            code=code,
        )
    except OidcError as exc:
        logger.warning("social sign-in failed: %s", exc)
        response = to_spa(settings, social="error", reason=exc.reason)
    else:
        query = {"social": "done"} | ({"redirect": finished.redirect} if finished.redirect else {})
        response = to_spa(settings, **query)
        set_refresh_cookie(response, settings, finished.session.refresh_token)
    response.delete_cookie(
        STATE_COOKIE, path=STATE_COOKIE_PATH, httponly=True, samesite="lax", secure=settings.secure_cookies
    )
    return response
