"""prelims (groups, scores, gone, promoted, the draw), the bracket's sparrings with their scores and the audience's
votes, and the carpets' scoreboards

Revision ID: 0003
Revises: 0002
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0003"
down_revision: str | None = "0002"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.create_table(
        "carpet",
        sa.Column("id", sa.Integer(), autoincrement=False, nullable=False),
        sa.Column("event_id", sa.Integer(), nullable=False),
        sa.Column("name", sa.String(length=100), nullable=False),
        sa.Column("position", sa.Integer(), server_default="0", nullable=False),
        sa.Column("present", sa.Boolean(), server_default="true", nullable=False),
        sa.Column("changed_at", sa.DateTime(timezone=True), nullable=False),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_carpet")),
    )
    op.create_index("ix_carpet_event_id", "carpet", ["event_id"], unique=False)
    op.create_table(
        "prelim_group",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("battle_id", sa.Integer(), nullable=False),
        sa.Column("position", sa.Integer(), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), server_default=sa.text("now()"), nullable=False),
        sa.ForeignKeyConstraint(
            ["battle_id"], ["battle.id"], name=op.f("fk_prelim_group_battle_id_battle"), ondelete="CASCADE"
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_prelim_group")),
        sa.UniqueConstraint("battle_id", "position", name="uq_prelim_group_position"),
    )
    op.create_table(
        "prelim_score",
        sa.Column("entry_id", sa.Integer(), nullable=False),
        sa.Column("judge_id", sa.Integer(), autoincrement=False, nullable=False),
        sa.Column("round", sa.Integer(), autoincrement=False, nullable=False),
        sa.Column("battle_id", sa.Integer(), nullable=False),
        sa.Column("points", sa.Numeric(precision=3, scale=1), nullable=False),
        sa.Column("updated_at", sa.DateTime(timezone=True), server_default=sa.text("now()"), nullable=False),
        sa.CheckConstraint("points >= 1 AND points <= 10", name=op.f("ck_prelim_score_points_range")),
        sa.ForeignKeyConstraint(
            ["battle_id"], ["battle.id"], name=op.f("fk_prelim_score_battle_id_battle"), ondelete="CASCADE"
        ),
        sa.ForeignKeyConstraint(
            ["entry_id"], ["entry.id"], name=op.f("fk_prelim_score_entry_id_entry"), ondelete="CASCADE"
        ),
        sa.PrimaryKeyConstraint("entry_id", "judge_id", "round", name=op.f("pk_prelim_score")),
    )
    op.create_index("ix_prelim_score_battle_id", "prelim_score", ["battle_id"], unique=False)
    op.create_table(
        "sparring",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("battle_id", sa.Integer(), nullable=False),
        sa.Column("side", sa.String(length=8), nullable=False),
        sa.Column("round", sa.Integer(), nullable=False),
        sa.Column("position", sa.Integer(), nullable=False),
        sa.Column("level", sa.String(length=32), nullable=False),
        sa.Column("rounds", sa.Integer(), server_default="1", nullable=False),
        sa.Column("extra_rounds", sa.Integer(), server_default="0", nullable=False),
        sa.Column("red_entry_id", sa.Integer(), nullable=True),
        sa.Column("blue_entry_id", sa.Integer(), nullable=True),
        sa.Column("winner_entry_id", sa.Integer(), nullable=True),
        sa.Column("status", sa.String(length=32), server_default="waiting", nullable=False),
        sa.Column("next_id", sa.Integer(), nullable=True),
        sa.Column("next_side", sa.String(length=8), nullable=True),
        sa.Column("loser_place", sa.Integer(), nullable=True),
        sa.Column("carpet_id", sa.Integer(), nullable=True),
        sa.Column("finished_at", sa.DateTime(timezone=True), nullable=True),
        sa.Column("created_at", sa.DateTime(timezone=True), server_default=sa.text("now()"), nullable=False),
        sa.CheckConstraint("side IN ('left', 'right', 'final')", name=op.f("ck_sparring_side")),
        sa.ForeignKeyConstraint(
            ["battle_id"], ["battle.id"], name=op.f("fk_sparring_battle_id_battle"), ondelete="CASCADE"
        ),
        sa.ForeignKeyConstraint(
            ["blue_entry_id"], ["entry.id"], name=op.f("fk_sparring_blue_entry_id_entry"), ondelete="SET NULL"
        ),
        sa.ForeignKeyConstraint(
            ["next_id"], ["sparring.id"], name=op.f("fk_sparring_next_id_sparring"), ondelete="SET NULL"
        ),
        sa.ForeignKeyConstraint(
            ["red_entry_id"], ["entry.id"], name=op.f("fk_sparring_red_entry_id_entry"), ondelete="SET NULL"
        ),
        sa.ForeignKeyConstraint(
            ["winner_entry_id"], ["entry.id"], name=op.f("fk_sparring_winner_entry_id_entry"), ondelete="SET NULL"
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_sparring")),
    )
    op.create_index("ix_sparring_battle_id", "sparring", ["battle_id"], unique=False)
    op.create_table(
        "audience_vote",
        sa.Column("sparring_id", sa.Integer(), nullable=False),
        sa.Column("user_id", sa.Integer(), autoincrement=False, nullable=False),
        sa.Column("color", sa.String(length=8), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), server_default=sa.text("now()"), nullable=False),
        sa.CheckConstraint("color IN ('red', 'blue')", name=op.f("ck_audience_vote_color")),
        sa.ForeignKeyConstraint(
            ["sparring_id"], ["sparring.id"], name=op.f("fk_audience_vote_sparring_id_sparring"), ondelete="CASCADE"
        ),
        sa.PrimaryKeyConstraint("sparring_id", "user_id", name=op.f("pk_audience_vote")),
    )
    op.create_table(
        "scoreboard",
        sa.Column("carpet_id", sa.Integer(), autoincrement=False, nullable=False),
        sa.Column("event_id", sa.Integer(), nullable=False),
        sa.Column("sparring_id", sa.Integer(), nullable=True),
        sa.Column("updated_at", sa.DateTime(timezone=True), server_default=sa.text("now()"), nullable=False),
        sa.ForeignKeyConstraint(
            ["sparring_id"], ["sparring.id"], name=op.f("fk_scoreboard_sparring_id_sparring"), ondelete="SET NULL"
        ),
        sa.PrimaryKeyConstraint("carpet_id", name=op.f("pk_scoreboard")),
    )
    op.create_index("ix_scoreboard_event_id", "scoreboard", ["event_id"], unique=False)
    op.create_table(
        "sparring_score",
        sa.Column("sparring_id", sa.Integer(), nullable=False),
        sa.Column("judge_id", sa.Integer(), autoincrement=False, nullable=False),
        sa.Column("round", sa.Integer(), autoincrement=False, nullable=False),
        sa.Column("red_points", sa.Numeric(precision=3, scale=1), nullable=False),
        sa.Column("blue_points", sa.Numeric(precision=3, scale=1), nullable=False),
        sa.Column("updated_at", sa.DateTime(timezone=True), server_default=sa.text("now()"), nullable=False),
        sa.CheckConstraint("blue_points >= 6 AND blue_points <= 10", name=op.f("ck_sparring_score_blue_range")),
        sa.CheckConstraint("red_points >= 6 AND red_points <= 10", name=op.f("ck_sparring_score_red_range")),
        sa.ForeignKeyConstraint(
            ["sparring_id"], ["sparring.id"], name=op.f("fk_sparring_score_sparring_id_sparring"), ondelete="CASCADE"
        ),
        sa.PrimaryKeyConstraint("sparring_id", "judge_id", "round", name=op.f("pk_sparring_score")),
    )
    op.add_column("battle", sa.Column("shuffled", sa.Boolean(), server_default="false", nullable=False))
    op.add_column("entry", sa.Column("group_id", sa.Integer(), nullable=True))
    op.add_column("entry", sa.Column("is_gone", sa.Boolean(), server_default="false", nullable=False))
    op.add_column("entry", sa.Column("is_promoted", sa.Boolean(), server_default="false", nullable=False))
    op.add_column("entry", sa.Column("draw", sa.Integer(), nullable=True))
    op.create_foreign_key(
        op.f("fk_entry_group_id_prelim_group"), "entry", "prelim_group", ["group_id"], ["id"], ondelete="SET NULL"
    )


def downgrade() -> None:
    op.drop_constraint(op.f("fk_entry_group_id_prelim_group"), "entry", type_="foreignkey")
    op.drop_column("entry", "draw")
    op.drop_column("entry", "is_promoted")
    op.drop_column("entry", "is_gone")
    op.drop_column("entry", "group_id")
    op.drop_column("battle", "shuffled")
    op.drop_table("sparring_score")
    op.drop_index("ix_scoreboard_event_id", table_name="scoreboard")
    op.drop_table("scoreboard")
    op.drop_table("audience_vote")
    op.drop_index("ix_sparring_battle_id", table_name="sparring")
    op.drop_table("sparring")
    op.drop_index("ix_prelim_score_battle_id", table_name="prelim_score")
    op.drop_table("prelim_score")
    op.drop_table("prelim_group")
    op.drop_index("ix_carpet_event_id", table_name="carpet")
    op.drop_table("carpet")
