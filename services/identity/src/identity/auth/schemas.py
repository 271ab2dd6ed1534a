from __future__ import annotations

from email_validator import EmailNotValidError, validate_email
from pydantic import field_validator

from identity.profiles.schemas import User
from kit.schemas import Schema

MIN_PASSWORD_LENGTH = 8
MAX_PASSWORD_LENGTH = 128


def normalize_email(value: str) -> str:
    """Trimmed and lower-cased; 'Invalid e-mail' unless it looks like an ordinary address."""
    value = (value or "").strip()
    try:
        validate_email(value, check_deliverability=False)
    except EmailNotValidError as exc:
        raise ValueError("Invalid e-mail") from exc
    return value.lower()


def check_password(value: str) -> str:
    """The length rule of every new password (sign-up, reset, change, release)."""
    if len(value) < MIN_PASSWORD_LENGTH:
        raise ValueError(f"Password must be at least {MIN_PASSWORD_LENGTH} characters")
    if len(value) > MAX_PASSWORD_LENGTH:
        raise ValueError(f"Password must be at most {MAX_PASSWORD_LENGTH} characters")
    return value


class SignupRequest(Schema):
    email: str
    password: str

    @field_validator("email")
    @classmethod
    def _email(cls, value: str) -> str:
        return normalize_email(value)

    @field_validator("password")
    @classmethod
    def _password(cls, value: str) -> str:
        return check_password(value)


class LoginRequest(Schema):
    email: str = ""
    password: str = ""

    @field_validator("password", mode="before")
    @classmethod
    def _keep_password(cls, value: object) -> object:
        return value  # passwords are compared as typed; only the email is trimmed


class TokenResponse(Schema):
    access_token: str
    expires_in: int


class AuthResponse(TokenResponse):
    user: User


class PasswordChangeRequest(Schema):
    old_password: str = ""
    new_password: str = ""


class Providers(Schema):
    google: bool
