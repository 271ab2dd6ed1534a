"""Who edits an event: one rule for the events, battles and organizations services."""

from __future__ import annotations

from contracts.rights import edits_event


def edits(
    *, organizer: bool = False, event_roles: tuple[str, ...] = (), org_roles: tuple[str, ...] = (), admin: bool = False
) -> bool:
    return edits_event(organizer=organizer, event_roles=event_roles, org_roles=org_roles, platform_admin=admin)


class TestEditsEvent:
    def test_the_organizer_the_events_admins_the_orgs_admins_and_platform_admins_edit(self) -> None:
        assert edits(organizer=True)
        assert edits(event_roles=("admin",))
        assert edits(org_roles=("admin",))
        assert edits(admin=True)

    def test_hosts_djs_promoters_members_and_strangers_do_not(self) -> None:
        assert not edits(event_roles=("host", "dj"))
        assert not edits(org_roles=("promoter", "member"))
        assert not edits()
