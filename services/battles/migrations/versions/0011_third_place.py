"""The battle for third place (docs/product/competition.md): a battle's choice, a sparring on the side `third`
where the semi-finals' losers go.

Revision ID: 0011
Revises: 0010
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0011"
down_revision: str | None = "0010"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.add_column("battle", sa.Column("third_place", sa.Boolean(), server_default="false", nullable=False))
    op.add_column("sparring", sa.Column("loser_next_id", sa.Integer(), nullable=True))
    op.add_column("sparring", sa.Column("loser_next_side", sa.String(8), nullable=True))
    op.create_foreign_key(
        op.f("fk_sparring_loser_next_id_sparring"),
        "sparring",
        "sparring",
        ["loser_next_id"],
        ["id"],
        ondelete="SET NULL",
    )
    op.drop_constraint(op.f("ck_sparring_side"), "sparring", type_="check")
    op.create_check_constraint(op.f("ck_sparring_side"), "sparring", "side IN ('left', 'right', 'final', 'third')")


def downgrade() -> None:
    op.execute("DELETE FROM sparring WHERE side = 'third'")
    op.drop_constraint(op.f("ck_sparring_side"), "sparring", type_="check")
    op.create_check_constraint(op.f("ck_sparring_side"), "sparring", "side IN ('left', 'right', 'final')")
    op.drop_constraint(op.f("fk_sparring_loser_next_id_sparring"), "sparring", type_="foreignkey")
    op.drop_column("sparring", "loser_next_side")
    op.drop_column("sparring", "loser_next_id")
    op.drop_column("battle", "third_place")
