from __future__ import annotations

from datetime import date, datetime
from typing import Any

from pydantic import Field, field_validator

from kit import text
from kit.images import ImageRef
from kit.profiles import User
from kit.schemas import Schema, Socials, SocialsIn
from kit.types import Name
from organizations.models import OrganizationStatus
from organizations.orgs import rules

# A field of an empty agreement or waiver is absent from the payload: an empty document is {}.
Absent: Any = Field(default=None, exclude_if=lambda value: value is None)

DESCRIPTION_MAX_LENGTH = 100_000


class LegalDocument(Schema):
    """The agreement or the waiver; {} when empty."""

    title: str | None = Absent
    subtitle: str | None = Absent
    version: str | None = Absent
    text: str | None = Absent


class LegalDocumentIn(Schema):
    title: Name | None = Field(default=None, max_length=200)
    subtitle: Name | None = Field(default=None, max_length=300)
    version: Name | None = Field(default=None, max_length=50)
    text: str | None = Field(default=None, max_length=DESCRIPTION_MAX_LENGTH)


class OrganizationUpdate(Schema):
    """The whole organization as the SPA saves it. `name` is required in every save; any other field left
    out keeps its stored value. Admins, promoters and counters are not changed here (see /role)."""

    name: Name = Field(default="", validate_default=True)
    image: ImageRef = None
    description: str | None = Field(default=None, max_length=DESCRIPTION_MAX_LENGTH)
    founded: date | None = None
    ranking_disabled: bool | None = None
    socials: SocialsIn | None = None
    agreement: LegalDocumentIn | None = None
    waiver: LegalDocumentIn | None = None
    status: OrganizationStatus | None = None

    @field_validator("name", mode="before")
    @classmethod
    def _name(cls, value: Any) -> str:
        return rules.organization_name(value if isinstance(value, str) else None)

    @field_validator("founded", mode="before")
    @classmethod
    def _founded(cls, value: Any) -> date | None:
        return text.past_mdy_field(value)


class Organization(Schema):
    id: int
    name: str
    image: str | None = None
    status: OrganizationStatus
    description: str = ""
    founded: str | None = None
    ranking_disabled: bool = True
    admins: list[User] = []
    promoters: list[User] = []
    socials: Socials = Socials()
    agreement: LegalDocument = LegalDocument()
    waiver: LegalDocument = LegalDocument()
    total_members: int = 0
    total_events: int = 0
    total_points: int = 0
    can_edit: bool = False
    # Admins, promoters and platform admins may create events under the organization.
    can_create_events: bool = False
    created_at: datetime


class OrganizationCreated(Schema):
    id: int


class OrganizationListItem(Schema):
    id: int
    name: str
    image: str | None = None
    members_count: int = 0
    status: OrganizationStatus
    current: int = 0
    future: int = 0
    past: int = 0


class OrganizationList(Schema):
    items: list[OrganizationListItem]
    total_current: int = 0
    total_future: int = 0
    total_past: int = 0


class CallerRoles(Schema):
    """For other services (events: may this user create an event under the organization?)."""

    org_id: int
    user_id: int
    status: OrganizationStatus
    roles: list[str]
