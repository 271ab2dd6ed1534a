"""The battles each profile entered, judged and won (battles.*), for battlesEntered, battlesJudged, battlesWon.

Revision ID: 0008
Revises: 0007
"""

import sqlalchemy as sa
from alembic import op

revision = "0008"
down_revision = "0007"


def upgrade() -> None:
    op.create_table(
        "battle",
        sa.Column("battle_id", sa.Integer(), autoincrement=False, nullable=False),
        sa.Column("deleted", sa.Boolean(), nullable=False),
        sa.Column("winners_set_at", sa.DateTime(timezone=True), nullable=True),
        sa.PrimaryKeyConstraint("battle_id", name=op.f("pk_battle")),
    )
    op.create_table(
        "battle_role",
        sa.Column("battle_id", sa.Integer(), autoincrement=False, nullable=False),
        sa.Column("user_id", sa.Integer(), autoincrement=False, nullable=False),
        sa.Column("role", sa.String(length=16), nullable=False),
        sa.Column("active", sa.Boolean(), nullable=False),
        sa.Column("changed_at", sa.DateTime(timezone=True), nullable=False),
        sa.PrimaryKeyConstraint("battle_id", "user_id", "role", name=op.f("pk_battle_role")),
    )
    op.create_index("ix_battle_role_user_id", "battle_role", ["user_id"])


def downgrade() -> None:
    op.drop_index("ix_battle_role_user_id", table_name="battle_role")
    op.drop_table("battle_role")
    op.drop_table("battle")
