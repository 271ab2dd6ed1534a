from __future__ import annotations

from kit.profiles import User
from kit.schemas import Schema
from kit.types import Id
from organizations.models import Role


class RoleChange(Schema):
    user_id: Id
    role: Role


class Roles(Schema):
    """The organization's admins and promoters after a change (the same lists as in the organization)."""

    admins: list[User] = []
    promoters: list[User] = []
