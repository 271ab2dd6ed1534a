"""Round-robin groups before the bracket (docs/product/competition.md, "Round-robin groups"): a battle's choice,
the groups' entries in the order dealt, the tie-break rounds' winners in the order decided, and the groups'
battles as sparrings on the side `group`.

Revision ID: 0013
Revises: 0012
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op
from sqlalchemy.dialects import postgresql

revision: str = "0013"
down_revision: str | None = "0012"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.add_column("battle", sa.Column("round_robin", sa.Boolean(), server_default="false", nullable=False))
    op.add_column("battle", sa.Column("group_order", postgresql.ARRAY(sa.Integer()), nullable=True))
    op.add_column("battle", sa.Column("group_tiebreaks", postgresql.ARRAY(sa.Integer()), nullable=True))
    op.drop_constraint(op.f("ck_sparring_side"), "sparring", type_="check")
    op.create_check_constraint(
        op.f("ck_sparring_side"), "sparring", "side IN ('left', 'right', 'final', 'third', 'group')"
    )


def downgrade() -> None:
    op.execute("DELETE FROM sparring WHERE side = 'group'")
    op.drop_constraint(op.f("ck_sparring_side"), "sparring", type_="check")
    op.create_check_constraint(op.f("ck_sparring_side"), "sparring", "side IN ('left', 'right', 'final', 'third')")
    op.drop_column("battle", "group_tiebreaks")
    op.drop_column("battle", "group_order")
    op.drop_column("battle", "round_robin")
