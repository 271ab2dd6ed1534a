from __future__ import annotations

from kit.schemas import Schema


class ResetPasswordRequest(Schema):
    token: str = ""
    password: str = ""


class MagicLinkSignIn(Schema):
    email: str = ""
    token: str = ""
