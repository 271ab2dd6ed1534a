"""What the caller may do with one studio, decided once per request from their roles in it."""

from __future__ import annotations

from dataclasses import dataclass

from kit.principal import Principal
from studios.models import Studio
from studios.studios import rules


@dataclass(frozen=True, slots=True)
class StudioAccess:
    studio: Studio
    roles: frozenset[str]  # the caller's roles in this studio: admin, teacher, student
    principal: Principal

    @property
    def can_edit(self) -> bool:
        return rules.can_edit(self.roles, is_platform_admin=self.principal.is_platform_admin)

    @property
    def can_view(self) -> bool:
        return rules.can_view(self.studio.status, editor=self.can_edit)
