"""Pure rules of the spec about an organization's own fields (no I/O): name, founded date, agreement and
waiver (social links are kit.text's). Validators and the service call them; they raise ValueError with the
user's words."""

from __future__ import annotations

from typing import Any

from kit.sanitize import clean_html, strip_html

NAME_MAX_LENGTH = 100
NAME_REQUIRED = "Name is required"
NAME_TOO_LONG = f"Name must be at most {NAME_MAX_LENGTH} characters"


def organization_name(value: str | None) -> str:
    name = (value or "").strip()
    if not name:
        raise ValueError(NAME_REQUIRED)
    if len(name) > NAME_MAX_LENGTH:
        raise ValueError(NAME_TOO_LONG)
    return name


# --- agreement and waiver -----------------------------------------------------------------------------------


def legal_document(title: str | None, subtitle: str | None, version: str | None, text: str | None) -> dict[str, Any]:
    """The agreement or the waiver as stored: empty ({}) when title, subtitle, version and the visible text
    are all empty; otherwise every field, with the text sanitised."""
    title, subtitle, version = ((part or "").strip() for part in (title, subtitle, version))
    if not (title or subtitle or version or strip_html(text)):
        return {}
    return {"title": title, "subtitle": subtitle, "version": version, "text": clean_html(text)}


def description(value: str | None) -> str:
    """The description is rich text: only the platform's allow-list survives."""
    return clean_html(value)


# --- who may do what ----------------------------------------------------------------------------------------


def can_edit(roles: frozenset[str], *, is_platform_admin: bool) -> bool:
    """Admins edit everything of their organization; platform admins edit every organization."""
    return is_platform_admin or "admin" in roles


def can_create_events(roles: frozenset[str], *, is_platform_admin: bool) -> bool:
    """Promoters may create events under the organization without editing it."""
    return can_edit(roles, is_platform_admin=is_platform_admin) or "promoter" in roles


def can_view(status: str, *, editor: bool) -> bool:
    """A draft exists only for its editors."""
    return status == "published" or editor
