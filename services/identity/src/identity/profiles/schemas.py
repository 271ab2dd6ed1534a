from __future__ import annotations

from datetime import UTC, date, datetime
from typing import Any

from pydantic import Field, ValidationInfo, field_validator

from identity.profiles import rules
from identity.profiles.countries import canonical_country
from kit.images import ImageRef
from kit.schemas import DataOf, Schema
from kit.text import DATE_FORMAT, SOCIAL_KINDS, social_link
from kit.types import Id, Name

# A private stat, or another person's aEmail, is absent from the payload rather than null.
Hidden: Any = Field(default=None, exclude_if=lambda value: value is None)

DANCER_NAME_REQUIRED = "Dancer name is required"
FULL_NAME_REQUIRED = "Full name is required"
COUNTRY_REQUIRED = "Country is required"
COUNTRY_UNKNOWN = "Please choose a country from the list"
CITY_REQUIRED = "City is required"


class Socials(Schema):
    email: str = Field(default="", max_length=320)
    facebook: str = Field(default="", max_length=300)
    instagram: str = Field(default="", max_length=300)
    twitter: str = Field(default="", max_length=300)
    youtube: str = Field(default="", max_length=300)
    website: str = Field(default="", max_length=300)

    @field_validator("*", mode="before")
    @classmethod
    def _none_is_empty(cls, value: object) -> object:
        return "" if value is None else value

    # On save a handle becomes a link on its site and a link to another site is refused, naming the field
    # (kit.text); the email is only trimmed. Stored values are read back with model_construct, not re-checked.
    @field_validator(*SOCIAL_KINDS)
    @classmethod
    def _link(cls, value: str, info: ValidationInfo) -> str:
        return social_link(str(info.field_name), value)


class Privacy(Schema):
    """Each flag true means the stat is visible to the public."""

    events_attended: bool = True
    battles_entered: bool = True
    battles_won: bool = True
    events_dj: bool = True
    battles_judged: bool = True


class ProfileSummary(Schema):
    id: int
    dancer_name: str | None = None
    avatar: str | None = None
    is_main: bool = False


class OrganizationRef(Schema):
    id: int
    name: str | None = None
    image: str | None = None


class User(Schema):
    """The spec's user (a profile). Stats hidden by privacy are left out of the payload, not nulled."""

    id: int
    full_name: str | None = None
    dancer_name: str | None = None
    birthday: str | None = None
    country: str | None = None
    city: str | None = None
    state: str | None = None
    avatar: str | None = None
    card: str | None = None
    a_email: str | None = Hidden
    # Owner only: whether the account signs in with a password (else the password form says it cannot).
    has_password: bool | None = Hidden
    is_patron: bool = False
    can_edit: bool = False
    organizations: list[OrganizationRef] = []
    events_attended: int | None = Hidden
    battles_entered: int | None = Hidden
    battles_won: int | None = Hidden
    events_dj: int | None = Hidden
    battles_judged: int | None = Hidden
    socials: Socials = Socials()
    privacy: Privacy = Privacy()
    profiles: list[ProfileSummary] = []


# validate_default: a missing field gets the same message as an empty one.
Required: Any = Field(default=None, validate_default=True)


class ProfileDetails(Schema):
    """The onboarding fields, validated on the server with the spec's messages. Fields are checked in this
    order and the first failure is the answer."""

    dancer_name: Name | None = Required
    full_name: Name | None = Required
    birthday: date | None = Required
    country: Name | None = Required
    city: Name | None = Required
    state: Name | None = Required
    avatar: ImageRef = None

    @field_validator("dancer_name")
    @classmethod
    def _dancer_name(cls, value: str | None) -> str:
        if not value:
            raise ValueError(DANCER_NAME_REQUIRED)
        if len(value) > 100:
            raise ValueError("Dancer name must be at most 100 characters")
        return value

    @field_validator("full_name")
    @classmethod
    def _full_name(cls, value: str | None) -> str:
        if not value:
            raise ValueError(FULL_NAME_REQUIRED)
        if len(value) > 200:
            raise ValueError("Full name must be at most 200 characters")
        return " ".join(value.split())  # first and last name joined by one space

    @field_validator("birthday", mode="before")
    @classmethod
    def _birthday(cls, value: object) -> date:
        if isinstance(value, date):
            return value
        if not isinstance(value, str):
            raise ValueError(DATE_FORMAT)
        return rules.parse_birthday(value, datetime.now(UTC).date())

    @field_validator("country")
    @classmethod
    def _country(cls, value: str | None) -> str:
        if not value:
            raise ValueError(COUNTRY_REQUIRED)
        country = canonical_country(value)
        if country is None:
            raise ValueError(COUNTRY_UNKNOWN)
        return country

    @field_validator("city")
    @classmethod
    def _city(cls, value: str | None) -> str:
        if not value:
            raise ValueError(CITY_REQUIRED)
        if len(value) > 100:
            raise ValueError("City must be at most 100 characters")
        return value

    @field_validator("state")
    @classmethod
    def _state(cls, value: str | None, info: ValidationInfo) -> str | None:
        state = rules.state_for(info.data.get("country"), value)
        if state is not None and len(state) > 100:
            raise ValueError("State must be at most 100 characters")
        return state

    @field_validator("avatar")
    @classmethod
    def _blank_is_none(cls, value: str | None) -> str | None:
        return value or None


class UserUpdate(ProfileDetails):
    """POST /api/user: the whole user. Read-only fields (stats, isPatron, canEdit, aEmail, organizations,
    profiles) may be sent back as they were loaded; they are ignored. Socials and privacy, when absent,
    stay as they are."""

    id: Id | None = None
    card: ImageRef = None
    socials: Socials | None = None
    privacy: Privacy | None = None

    @field_validator("card")
    @classmethod
    def _blank_card_is_none(cls, value: str | None) -> str | None:
        return value or None


class ProfileUpdate(UserUpdate):
    """PUT /api/user/profiles: the same body, naming which of the account's profiles it saves."""

    id: Id


class NewProfile(User):
    """POST /api/user/profiles: the new profile; its id is in the account's tokens after the next refresh."""

    token_refresh: bool = True


class UserWithRefresh(DataOf[User]):
    """PUT /api/user/{id}/set-main: the new main profile; the next token refresh carries it as main."""

    token_refresh: bool = True


class ReleaseRequest(Schema):
    id: Id
    email: str = ""
    password: str = ""


class ReleasedProfile(Schema):
    id: int


class ReleaseResponse(DataOf[ReleasedProfile]):
    token_refresh: bool = True


class PatronUpdate(Schema):
    is_patron: bool


class ProfileEmail(Schema):
    """A profile's email for another service that shows it to those allowed (GET /internal/profiles/emails);
    never in ProfileRef, which services keep in their projections."""

    id: int
    email: str


class ProfileRef(Schema):
    """What other services project of a profile (GET /internal/profiles and the profile events)."""

    id: int
    dancer_name: str | None = None
    avatar: str | None = None
    country: str | None = None
    city: str | None = None
    state: str | None = None
