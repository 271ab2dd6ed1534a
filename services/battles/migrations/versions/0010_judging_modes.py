"""A battle's judging mode (docs/decisions.md, "Judging modes"): points (the spec's), point at the winner,
Threefold, five criteria. A judge's round may hold a vote (1 and 0) where it held points, and the faders.

Revision ID: 0010
Revises: 0009
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op
from sqlalchemy.dialects import postgresql

revision: str = "0010"
down_revision: str | None = "0009"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.add_column("battle", sa.Column("judging_mode", sa.String(16), server_default="points", nullable=False))
    op.add_column("sparring_score", sa.Column("faders", postgresql.ARRAY(sa.SmallInteger()), nullable=True))
    for side in ("red", "blue"):
        op.drop_constraint(op.f(f"ck_sparring_score_{side}_range"), "sparring_score", type_="check")
        op.create_check_constraint(
            op.f(f"ck_sparring_score_{side}_range"), "sparring_score", f"{side}_points >= 0 AND {side}_points <= 10"
        )


def downgrade() -> None:
    op.execute("DELETE FROM sparring_score WHERE red_points < 6 OR blue_points < 6")
    for side in ("red", "blue"):
        op.drop_constraint(op.f(f"ck_sparring_score_{side}_range"), "sparring_score", type_="check")
        op.create_check_constraint(
            op.f(f"ck_sparring_score_{side}_range"), "sparring_score", f"{side}_points >= 6 AND {side}_points <= 10"
        )
    op.drop_column("sparring_score", "faders")
    op.drop_column("battle", "judging_mode")
