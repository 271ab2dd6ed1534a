"""The event's battles and who entered them (battles.battle.*, battles.participant.*), for the event page's chips.

Revision ID: 0007
Revises: 0006
"""

import sqlalchemy as sa
from alembic import op

revision = "0007"
down_revision = "0006"


def upgrade() -> None:
    op.create_table(
        "battle",
        sa.Column("id", sa.Integer(), autoincrement=False, nullable=False),
        sa.Column("event_id", sa.Integer(), nullable=False),
        sa.Column("title", sa.String(length=200), nullable=False),
        sa.Column("crew_size", sa.Integer(), nullable=True),
        sa.Column("deleted", sa.Boolean(), nullable=False),
        sa.Column("changed_at", sa.DateTime(timezone=True), nullable=False),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_battle")),
    )
    op.create_index("ix_battle_event_id", "battle", ["event_id"])
    op.create_table(
        "battle_entry",
        sa.Column("battle_id", sa.Integer(), autoincrement=False, nullable=False),
        sa.Column("user_id", sa.Integer(), autoincrement=False, nullable=False),
        sa.Column("registered", sa.Boolean(), nullable=False),
        sa.Column("changed_at", sa.DateTime(timezone=True), nullable=False),
        sa.PrimaryKeyConstraint("battle_id", "user_id", name=op.f("pk_battle_entry")),
    )


def downgrade() -> None:
    op.drop_table("battle_entry")
    op.drop_index("ix_battle_event_id", table_name="battle")
    op.drop_table("battle")
