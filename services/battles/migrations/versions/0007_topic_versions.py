"""A version per live topic (battle, sparring, carpet), bumped by every event the outbox records: the tag of the
reads a crowd shares (docs/decisions.md, "Reads a crowd shares").

Revision ID: 0007
Revises: 0006
"""

from collections.abc import Sequence

from kit.migrations import create_topic_versions, drop_topic_versions

revision: str = "0007"
down_revision: str | None = "0006"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    create_topic_versions(("battle:", "sparring:", "carpet:"))


def downgrade() -> None:
    drop_topic_versions()
