from __future__ import annotations

from datetime import date
from typing import Any

from pydantic import Field, ValidationInfo, field_validator, model_validator

from kit import text
from kit.images import ImageRef
from kit.profiles import User
from kit.schemas import Schema
from kit.schemas import Socials as SharedSocials
from kit.types import Name
from studios.models import StudioStatus
from studios.studios import rules

DESCRIPTION_MAX_LENGTH = 100_000
SOCIAL_KINDS = ("email", "facebook", "instagram", "twitter", "youtube", "website")
COORDINATES_TOGETHER = "locationLat and locationLng: give both or neither"


class Socials(SharedSocials):
    email: str = ""


class SocialsIn(Socials):
    """Each link is normalised on save as for organizations (a bare handle gets the site's prefix); email must
    be an address."""

    @field_validator(*SOCIAL_KINDS, mode="before")
    @classmethod
    def _normalise(cls, value: Any, info: ValidationInfo) -> str:
        kind = str(info.field_name)
        if value is not None and not isinstance(value, str):
            raise ValueError(f"{kind} must be text")
        return rules.social(kind, value)


class StudioUpdate(Schema):
    """The full studio as the wizard and settings save it; a field left out keeps its stored value. Coordinates
    come with an address picked from the autocomplete; an address alone is geocoded by the server."""

    name: Name | None = None
    image: ImageRef = None
    description: str | None = Field(default=None, max_length=DESCRIPTION_MAX_LENGTH)
    founded: date | None = None
    location_address: Name | None = Field(default=None, max_length=300)
    location_lat: float | None = Field(default=None, ge=-90, le=90, allow_inf_nan=False)
    location_lng: float | None = Field(default=None, ge=-180, le=180, allow_inf_nan=False)
    socials: SocialsIn | None = None

    @field_validator("name", mode="before")
    @classmethod
    def _name(cls, value: Any) -> str | None:
        if value is not None and not isinstance(value, str):
            raise ValueError("name must be text")
        return None if value is None else rules.studio_name(value)

    @field_validator("founded", mode="before")
    @classmethod
    def _founded(cls, value: Any) -> date | None:
        return text.past_mdy_field(value)

    @model_validator(mode="after")
    def _coordinates(self) -> StudioUpdate:
        if (self.location_lat is None) != (self.location_lng is None):
            raise ValueError(COORDINATES_TOGETHER)
        return self


class Studio(Schema):
    id: int
    name: str
    image: str | None = None
    description: str = ""
    founded: str | None = None
    status: StudioStatus
    can_edit: bool = False
    location_address: str | None = None
    location_lat: float | None = None
    location_lng: float | None = None
    location_not_found: bool = False  # an address without coordinates: the geocoder could not place it
    socials: Socials = Socials()
    admins: list[User] = []
    total_students: int = 0
    total_teachers: int = 0
    battles_entered: int = 0
    total_wins: int = 0


class StudioCreated(Schema):
    id: int


class StudioItem(Schema):
    """A chip of the grid and a marker and card of the map."""

    id: int
    name: str
    image: str | None = None
    status: StudioStatus
    location_address: str | None = None
    location_lat: float | None = None
    location_lng: float | None = None


class StudioList(Schema):
    items: list[StudioItem]
