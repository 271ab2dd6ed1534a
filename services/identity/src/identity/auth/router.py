from __future__ import annotations

from typing import Annotated

from fastapi import APIRouter, Depends, Request, Response

from identity.auth.schemas import (
    AuthResponse,
    LoginRequest,
    PasswordChangeRequest,
    Providers,
    SignupRequest,
    TokenResponse,
)
from identity.auth.service import Session, auth_service
from identity.auth.tokens import TokenSigner
from identity.config import Settings
from kit.db import SessionDep
from kit.openapi import errors
from kit.principal import UserDep
from kit.schemas import DataOf

router = APIRouter(prefix="/api/auth", tags=["auth"])

COOKIE_PATH = "/api/auth"


def get_settings(request: Request) -> Settings:
    return request.app.state.settings


def get_signer(request: Request) -> TokenSigner:
    return request.app.state.signer


SettingsDep = Annotated[Settings, Depends(get_settings)]
SignerDep = Annotated[TokenSigner, Depends(get_signer)]


def refresh_cookie(request: Request) -> str | None:
    return request.cookies.get(request.app.state.settings.refresh_cookie_name)


RefreshCookie = Annotated[str | None, Depends(refresh_cookie)]


def set_refresh_cookie(response: Response, settings: Settings, token: str) -> None:
    response.set_cookie(
        settings.refresh_cookie_name,
        token,
        max_age=settings.refresh_token_ttl_days * 86400,
        path=COOKIE_PATH,
        httponly=True,
        samesite="strict",
        secure=settings.secure_cookies,
    )


async def auth_response(db: SessionDep, result: Session, response: Response, settings: Settings) -> AuthResponse:
    """The answer of every sign-in (password, magic link): tokens, the user, the refresh cookie."""
    set_refresh_cookie(response, settings, result.refresh_token)
    user = await auth_service.current_user(db, result.account)
    return AuthResponse(access_token=result.access.token, expires_in=result.access.expires_in, user=user)


@router.post("/signup", status_code=201, response_model=AuthResponse, responses=errors(409))
async def signup(
    body: SignupRequest, response: Response, db: SessionDep, settings: SettingsDep, signer: SignerDep
) -> AuthResponse:
    result = await auth_service.signup(db, settings, signer, email=body.email, password=body.password)
    return await auth_response(db, result, response, settings)


@router.post("/login", response_model=AuthResponse)
async def login(
    body: LoginRequest, response: Response, db: SessionDep, settings: SettingsDep, signer: SignerDep
) -> AuthResponse:
    result = await auth_service.login(db, settings, signer, email=body.email, password=body.password)
    return await auth_response(db, result, response, settings)


@router.post("/refresh", response_model=TokenResponse)
async def refresh(
    response: Response, db: SessionDep, settings: SettingsDep, signer: SignerDep, token: RefreshCookie
) -> TokenResponse:
    result = await auth_service.refresh(db, settings, signer, token)
    set_refresh_cookie(response, settings, result.refresh_token)
    return TokenResponse(access_token=result.access.token, expires_in=result.access.expires_in)


@router.post("/logout", status_code=204, response_class=Response)
async def logout(db: SessionDep, settings: SettingsDep, token: RefreshCookie) -> Response:
    await auth_service.logout(db, token)
    response = Response(status_code=204)
    response.delete_cookie(
        settings.refresh_cookie_name,
        path=COOKIE_PATH,
        httponly=True,
        samesite="strict",
        secure=settings.secure_cookies,
    )
    return response


@router.get("/jwks")
async def jwks(signer: SignerDep) -> dict[str, list[dict[str, str]]]:
    return signer.jwks()


@router.post("/password", response_model=DataOf[bool])
async def change_password(
    body: PasswordChangeRequest, db: SessionDep, settings: SettingsDep, principal: UserDep, token: RefreshCookie
) -> DataOf[bool]:
    """Re-checks the old password; every other session of the account ends, this one stays."""
    await auth_service.change_password(
        db, settings, principal, old_password=body.old_password, new_password=body.new_password, refresh_token=token
    )
    return DataOf[bool](data=True)


@router.get("/providers", response_model=Providers)
async def providers(settings: SettingsDep) -> Providers:
    """Which social sign-in buttons the SPA shows."""
    return Providers(google=settings.oidc_enabled)
