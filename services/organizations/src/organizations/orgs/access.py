"""What the caller may do with one organization, decided once per request from their roles in it."""

from __future__ import annotations

from dataclasses import dataclass

from kit.principal import Principal
from organizations.models import Organization
from organizations.orgs import rules


@dataclass(frozen=True, slots=True)
class OrgAccess:
    organization: Organization
    roles: frozenset[str]  # the caller's roles in this organization: admin, promoter
    principal: Principal

    @property
    def can_edit(self) -> bool:
        return rules.can_edit(self.roles, is_platform_admin=self.principal.is_platform_admin)

    @property
    def can_create_events(self) -> bool:
        return rules.can_create_events(self.roles, is_platform_admin=self.principal.is_platform_admin)

    @property
    def can_view(self) -> bool:
        return rules.can_view(self.organization.status, editor=self.can_edit)
