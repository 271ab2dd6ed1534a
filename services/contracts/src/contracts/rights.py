"""Rights that several services decide from their own copies of the same facts."""

from __future__ import annotations

from collections.abc import Iterable


def edits_event(*, organizer: bool, event_roles: Iterable[str], org_roles: Iterable[str], platform_admin: bool) -> bool:
    """Who edits an event (the wizard's rights): its organizer, its admins (hosts and DJs do not edit), its
    organization's admins (its promoters only put events under it) and platform admins."""
    return platform_admin or organizer or "admin" in set(event_roles) or "admin" in set(org_roles)
