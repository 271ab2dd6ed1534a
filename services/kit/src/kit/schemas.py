"""The Schema base: snake_case in Python, camelCase on the wire."""

from __future__ import annotations

from typing import Any, Generic, TypeVar

import orjson
from pydantic import BaseModel, ConfigDict, ValidationInfo, field_validator, model_validator
from pydantic.alias_generators import to_camel

from kit import text
from kit.types import CANNOT_STORE, unstorable


def _skip(_: object) -> None:
    """What orjson cannot encode itself (a model already validated when it was built) is not looked into."""
    return None


def _surely_storable(data: dict[str, Any]) -> bool:
    """The common case in C: orjson refuses an unpaired surrogate anywhere and writes NUL as `\\u0000`. False
    means "look closer" (also for what orjson refuses for other reasons, or a text holding a backslash and
    u0000): `_first_unstorable` then says where, or that all is well. Every Schema runs this, each item of a
    list of 100 answers included; the walk in Python was most of a list's cost (docs/decisions.md, "The read
    path")."""
    try:
        encoded = orjson.dumps(data, default=_skip, option=orjson.OPT_NON_STR_KEYS)
    except TypeError:
        return False
    return b"\\u0000" not in encoded


def _first_unstorable(value: Any, where: str) -> str | None:
    """The path of the first text in a JSON value that PostgreSQL cannot store (NUL, unpaired surrogate)."""
    if isinstance(value, str):
        return where if unstorable(value) else None
    if isinstance(value, dict):
        items: Any = value.items()
    elif isinstance(value, list | tuple):
        items = enumerate(value)
    else:
        return None
    for key, item in items:
        if isinstance(key, str) and unstorable(key):
            return where or "body"
        found = _first_unstorable(item, f"{where}.{key}" if where else str(key))
        if found:
            return found
    return None


class Schema(BaseModel):
    model_config = ConfigDict(
        alias_generator=to_camel,
        populate_by_name=True,
        from_attributes=True,
        str_strip_whitespace=True,
        serialize_by_alias=True,
    )

    @model_validator(mode="before")
    @classmethod
    def _storable_text(cls, data: Any) -> Any:
        """Every text a client sends, at any depth: a NUL or an unpaired surrogate is refused here, naming
        the field, instead of failing in the database (or in the JSON answer) as a server error."""
        if isinstance(data, dict) and not _surely_storable(data):
            where = _first_unstorable(data, "")
            if where:
                raise ValueError(f"{where} {CANNOT_STORE}")
        return data


T = TypeVar("T")


class DataOf(Schema, Generic[T]):
    """The spec's `{data: ...}` envelope used by a few calls."""

    data: T


class Items(Schema, Generic[T]):
    items: list[T]


class Socials(Schema):
    """The social links an organization or a studio shows (a profile has its own, with more sites)."""

    facebook: str = ""
    instagram: str = ""
    twitter: str = ""
    youtube: str = ""
    website: str = ""


class SocialsIn(Socials):
    """Each link is normalised on save: a bare handle gets the site's prefix, a link to another site is
    refused naming its field."""

    @field_validator("facebook", "instagram", "twitter", "youtube", "website", mode="before")
    @classmethod
    def _normalise(cls, value: Any, info: ValidationInfo) -> str:
        kind = str(info.field_name)
        if value is not None and not isinstance(value, str):
            raise ValueError(f"{kind} must be text")
        return text.social_link(kind, value)
