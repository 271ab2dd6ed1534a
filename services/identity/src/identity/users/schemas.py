from __future__ import annotations

from kit.schemas import Schema


class UserListItem(Schema):
    """`confirmed`: the account has proved it owns its email address (see docs/decisions.md)."""

    id: int
    dancer_name: str
    avatar: str | None = None
    confirmed: bool


class Count(Schema):
    count: int
