from __future__ import annotations

from pydantic import Field

from kit.schemas import Schema
from kit.types import Id


class RegisterUsers(Schema):
    user_ids: list[Id] = Field(min_length=1, max_length=200)


class UnregisterUser(Schema):
    user_id: Id
    crew_id: int | None = Field(default=None, ge=0, le=2**31 - 1)


class SignedDate(Schema):
    date: str


class PickerUser(Schema):
    id: int
    dancer_name: str | None = None
    avatar: str | None = None
    confirmed: bool = True


class PickerPage(Schema):
    data: list[PickerUser]
    total: int


class AdminPickerUser(PickerUser):
    """The admins' picker also says which documents count as signed (they sign on a dancer's behalf first)."""

    agreement_signed_at: str | None = None
    waiver_signed_at: str | None = None


class AdminPickerPage(Schema):
    data: list[AdminPickerUser]
    total: int
