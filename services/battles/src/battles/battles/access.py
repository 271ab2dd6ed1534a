"""What the caller may do with one battle (or with the event as a whole), decided once per request from their roles
at its event."""

from __future__ import annotations

from dataclasses import dataclass

from battles.models import Battle, EventView
from contracts.rights import edits_event
from kit.principal import Principal

STAFF_ROLES = frozenset({"organizer", "admin", "host"})


def edits(principal: Principal, roles: frozenset[str]) -> bool:
    """The event's editors (the events service's rule): its organizer and admins, its organization's admins, and
    platform admins (the wizard's rights)."""
    return edits_event(
        organizer="organizer" in roles,
        event_roles=roles,
        org_roles=("admin",) if "org_admin" in roles else (),
        platform_admin=principal.is_platform_admin,
    )


def administers(principal: Principal, roles: frozenset[str]) -> bool:
    """The battle's admins (docs/product/battles-and-registration.md): editors and the event's hosts; they see
    hidden lists."""
    return edits(principal, roles) or "host" in roles


@dataclass(frozen=True, slots=True)
class EventAccess:
    """The caller at an event, for what belongs to the event rather than to one battle (its scoreboards)."""

    event: EventView
    principal: Principal
    roles: frozenset[str]

    @property
    def can_edit(self) -> bool:
        return edits(self.principal, self.roles)

    @property
    def is_admin(self) -> bool:
        return administers(self.principal, self.roles)


@dataclass(frozen=True, slots=True)
class BattleAccess(EventAccess):
    """The caller at one battle of the event: `roles` are their roles at the event (organizer, admin, host, dj;
    org_admin of its organization), `judge` whether they judge this battle."""

    battle: Battle
    judge: bool

    @property
    def hides_participants(self) -> bool:
        """The battle hides its participants from this caller: everyone but its admins (who see hidden lists)."""
        return self.battle.hide_participants and not self.is_admin

    @property
    def hides_competitors(self) -> bool:
        """On the floor (prelims, groups, bracket, sparrings, scoreboards) its judges see them too: they score them,
        row by row and side by side."""
        return self.hides_participants and not self.judge

    @property
    def user_id(self) -> int | None:
        return self.principal.profile_id

    @property
    def staff(self) -> bool:
        """Who may not compete at the event: its organizer, admins and hosts."""
        return bool(self.roles & STAFF_ROLES)

    @property
    def crew_battle(self) -> bool:
        return self.battle.crew_size != 1
