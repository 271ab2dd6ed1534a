"""kit tables, step 2: idempotency keys; the outbox's unused attempts and last_error go

Revision ID: 0004
Revises: 0003
Create Date: 2026-11-24 13:00:00.000000
"""

from collections.abc import Sequence

from kit.migrations import drop_kit_tables_2, kit_tables_2

revision: str = "0004"
down_revision: str | None = "0003"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    kit_tables_2()


def downgrade() -> None:
    drop_kit_tables_2()
