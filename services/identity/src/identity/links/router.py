from __future__ import annotations

import json
from typing import Annotated

from fastapi import APIRouter, Depends, Request, Response

from identity.auth.router import SettingsDep, SignerDep, auth_response
from identity.auth.schemas import AuthResponse
from identity.links.schemas import MagicLinkSignIn, ResetPasswordRequest
from identity.links.service import link_service
from kit.db import SessionDep
from kit.errors import Invalid
from kit.schemas import DataOf

router = APIRouter(prefix="/api", tags=["auth"])

MAX_EMAIL_BODY = 1024


async def email_body(request: Request) -> str:
    """The email as the whole text/plain body (the spec's shape); a JSON string is accepted too. Bytes that are
    not UTF-8 are refused as a JSON body's would be, never guessed at."""
    try:
        raw = (await request.body())[:MAX_EMAIL_BODY].decode("utf-8").strip()
    except UnicodeDecodeError as exc:
        raise Invalid("The email must be UTF-8 text") from exc
    if raw.startswith('"'):
        try:
            value = json.loads(raw)
        except ValueError:
            return raw
        return value if isinstance(value, str) else ""
    return raw


EmailBody = Annotated[str, Depends(email_body)]


@router.post(
    "/user/reset-password",
    response_model=DataOf[bool],
    openapi_extra={"requestBody": {"content": {"text/plain": {"schema": {"type": "string"}}}, "required": True}},
)
async def ask_reset_password(email: EmailBody, session: SessionDep, settings: SettingsDep) -> DataOf[bool]:
    """Mails a reset link when the address has an account; answers the same either way."""
    await link_service.request_reset(session, settings, email)
    return DataOf[bool](data=True)


@router.post(
    "/user/magic-link",
    response_model=DataOf[bool],
    openapi_extra={"requestBody": {"content": {"text/plain": {"schema": {"type": "string"}}}, "required": True}},
)
async def ask_magic_link(email: EmailBody, session: SessionDep, settings: SettingsDep) -> DataOf[bool]:
    await link_service.request_magic_link(session, settings, email)
    return DataOf[bool](data=True)


@router.post("/auth/reset-password", response_model=DataOf[bool])
async def reset_password(body: ResetPasswordRequest, session: SessionDep) -> DataOf[bool]:
    """Sets the new password with the mailed token; every session of the account ends."""
    await link_service.reset_password(session, token=body.token, password=body.password)
    return DataOf[bool](data=True)


@router.post("/auth/magic-link", response_model=AuthResponse)
async def magic_link_sign_in(
    body: MagicLinkSignIn, response: Response, session: SessionDep, settings: SettingsDep, signer: SignerDep
) -> AuthResponse:
    """Signs in like /api/auth/login (same answer and refresh cookie)."""
    result = await link_service.magic_sign_in(session, settings, signer, email=body.email, token=body.token)
    return await auth_response(session, result, response, settings)
