"""Pure rules of a studio (no I/O): its fields, who may do what, the lists' parameters. Social links and dates
are kit.text's (the same rules as organizations and profiles), HTML kit.sanitize's, the map's corners kit.places'."""

from __future__ import annotations

import enum
import re

from kit.sanitize import clean_html
from kit.text import social_link

NAME_MAX_LENGTH = 100
NAME_REQUIRED = "Name is required"
NAME_TOO_LONG = f"Name must be at most {NAME_MAX_LENGTH} characters"
EMAIL_INVALID = "Invalid e-mail."  # the user picker's text (docs/product/studios.md)
EMAIL_MAX_LENGTH = 254
PAGE_SIZE = 100  # "Studio lists: page size 100, starting at page 0"
ADMIN, TEACHER, STUDENT = "admin", "teacher", "student"

# An ordinary address: something@host.tld, no spaces (the Login rule of the product).
_EMAIL = re.compile(r"^[^@\s]+@[^@\s]+\.[^@\s]+$")


def studio_name(value: str | None) -> str:
    """A draft may be saved nameless (the wizard saves at every step); the name is trimmed and bounded."""
    name = (value or "").strip()
    if len(name) > NAME_MAX_LENGTH:
        raise ValueError(NAME_TOO_LONG)
    return name


def publishable_name(name: str) -> None:
    """Publishing needs a name: a public studio without one could not be listed or found."""
    if not name.strip():
        raise ValueError(NAME_REQUIRED)


def description(value: str | None) -> str:
    """Rich text: only the platform's allow-list survives (seed: sanitised before saving)."""
    return clean_html(value)


def email(value: str | None) -> str:
    text = (value or "").strip()
    if text and (len(text) > EMAIL_MAX_LENGTH or not _EMAIL.match(text)):
        raise ValueError(EMAIL_INVALID)
    return text


def social(kind: str, value: str | None) -> str:
    """`email` is an address (shown as mailto); the others are the organizations' and profiles' links."""
    return email(value) if kind == "email" else social_link(kind, value)


def location(address: str | None) -> str | None:
    """The address as typed or picked, trimmed; blank is none (and so are its coordinates)."""
    text = (address or "").strip()
    return text or None


# --- who may do what ------------------------------------------------------------------------------------------


def can_edit(roles: frozenset[str], *, is_platform_admin: bool) -> bool:
    """Admins (owners) edit, publish, deactivate, delete and manage members; platform admins every studio."""
    return is_platform_admin or ADMIN in roles


def can_view(status: str, *, editor: bool) -> bool:
    """A draft (new or deactivated) exists only for its editors."""
    return status == "published" or editor


def may_remove_admin(admin_ids: list[int], user_id: int) -> bool:
    """The last admin cannot leave: a studio without an admin could never be edited again (but by a platform
    admin). Removing someone who is not an admin is a no-op, allowed."""
    return admin_ids != [user_id]


# --- lists ----------------------------------------------------------------------------------------------------


class MemberSort(enum.StrEnum):
    NAME_ASC = "name-asc"
    NAME_DESC = "name-desc"


class EventSort(enum.StrEnum):
    """`date` is the event's start ('Date created' on the screen), `name` its title."""

    DATE_DESC = "date-desc"
    DATE_ASC = "date-asc"
    NAME_ASC = "name-asc"
    NAME_DESC = "name-desc"


def keyword(value: str | None) -> str | None:
    return (value or "").strip() or None
