"""Seven to smoke (docs/decisions.md, "Seven to smoke"): a battle style; the queue's starting order on the battle,
and a row per decided battle on the floor.

Revision ID: 0012
Revises: 0011
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op
from sqlalchemy.dialects import postgresql

revision: str = "0012"
down_revision: str | None = "0011"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.drop_constraint(op.f("ck_battle_style"), "battle", type_="check")
    op.create_check_constraint(op.f("ck_battle_style"), "battle", "style IN ('bracket', 'classic', 'smoke')")
    op.add_column("battle", sa.Column("smoke_order", postgresql.ARRAY(sa.Integer()), nullable=True))
    op.create_table(
        "smoke_meeting",
        sa.Column("battle_id", sa.Integer(), nullable=False),
        sa.Column("number", sa.Integer(), autoincrement=False, nullable=False),
        sa.Column("holder_entry_id", sa.Integer(), nullable=False),
        sa.Column("challenger_entry_id", sa.Integer(), nullable=False),
        sa.Column("winner_entry_id", sa.Integer(), nullable=False),
        sa.Column("decided_by", sa.Integer(), nullable=True),
        sa.Column("created_at", sa.DateTime(timezone=True), server_default=sa.text("now()"), nullable=False),
        sa.ForeignKeyConstraint(
            ["battle_id"], ["battle.id"], name=op.f("fk_smoke_meeting_battle_id_battle"), ondelete="CASCADE"
        ),
        sa.PrimaryKeyConstraint("battle_id", "number", name=op.f("pk_smoke_meeting")),
    )


def downgrade() -> None:
    op.drop_table("smoke_meeting")
    op.drop_column("battle", "smoke_order")
    op.execute("UPDATE battle SET style = 'classic' WHERE style = 'smoke'")
    op.drop_constraint(op.f("ck_battle_style"), "battle", type_="check")
    op.create_check_constraint(op.f("ck_battle_style"), "battle", "style IN ('bracket', 'classic')")
