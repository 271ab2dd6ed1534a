"""The Schema base: snake_case in Python, camelCase on the wire."""

from __future__ import annotations

from typing import Generic, TypeVar

from pydantic import BaseModel, ConfigDict
from pydantic.alias_generators import to_camel


class Schema(BaseModel):
    model_config = ConfigDict(
        alias_generator=to_camel,
        populate_by_name=True,
        from_attributes=True,
        str_strip_whitespace=True,
        serialize_by_alias=True,
    )


T = TypeVar("T")


class DataOf(Schema, Generic[T]):
    """The spec's `{data: ...}` envelope used by a few calls."""

    data: T


class Items(Schema, Generic[T]):
    items: list[T]
