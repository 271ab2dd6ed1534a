"""Workshop instructors (a platform admin marks profiles) and the members wall's location filter.

Revision ID: 0006
Revises: 0005
"""

import sqlalchemy as sa
from alembic import op

revision = "0006"
down_revision = "0005"


def upgrade() -> None:
    op.add_column("profile", sa.Column("instructor_at", sa.DateTime(timezone=True), nullable=True))
    op.create_index(
        "ix_profile_instructor_at",
        "profile",
        ["instructor_at", "id"],
        postgresql_where=sa.text("instructor_at IS NOT NULL"),
    )
    op.create_index(
        "ix_profile_location_lower",
        "profile",
        [sa.text("lower(country)"), sa.text("lower(state)"), sa.text("lower(city)")],
    )


def downgrade() -> None:
    op.drop_index("ix_profile_location_lower", table_name="profile")
    op.drop_index("ix_profile_instructor_at", table_name="profile")
    op.drop_column("profile", "instructor_at")
