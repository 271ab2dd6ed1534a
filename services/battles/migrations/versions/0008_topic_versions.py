"""A version per live topic (battle, sparring, carpet), bumped by every event the outbox records: the tag of the
reads a crowd shares (docs/decisions.md, "Reads a crowd shares").

Revision ID: 0008
Revises: 0007
"""

from collections.abc import Sequence

from kit.migrations import create_topic_versions, drop_topic_versions

revision: str = "0008"
down_revision: str | None = "0007"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


# What other services announce and the battle's reads show (names, documents, dates, roles, studios, carpets);
# check-ins are left out: those that change a battle announce it themselves (its numbers), the rest change nothing.
PROJECTIONS = ("profile", "event_view", "event_staff", "org", "org_member", "org_role", "studio_membership", "carpet")


def upgrade() -> None:
    create_topic_versions(("battle:", "sparring:", "carpet:"), PROJECTIONS)


def downgrade() -> None:
    drop_topic_versions(PROJECTIONS)
