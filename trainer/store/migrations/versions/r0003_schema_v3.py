"""Schema version 3 (before Alembic): stored replays and the learner's own puzzles.
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "r0003"
down_revision = "r0002"


def upgrade() -> None:
    op.create_table(
        "replays",
        sa.Column("id", sa.Integer, primary_key=True),
        sa.Column("learner_id", sa.Integer, sa.ForeignKey("learners.id"), nullable=False),
        sa.Column("replay_json", sa.Text, nullable=False),
        sa.Column("outcome", sa.String(64), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
    )
    op.create_index("ix_replays_learner_id", "replays", ["learner_id"])
    op.create_table(
        "own_puzzles",
        sa.Column("id", sa.Integer, primary_key=True),
        sa.Column("learner_id", sa.Integer, sa.ForeignKey("learners.id"), nullable=False),
        sa.Column("puzzle_id", sa.String(40), nullable=False),
        sa.Column("puzzle_json", sa.Text, nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.UniqueConstraint("learner_id", "puzzle_id"),
    )
    op.create_index("ix_own_puzzles_learner_id", "own_puzzles", ["learner_id"])
    op.execute("UPDATE schema_info SET version = 3")


def downgrade() -> None:
    op.drop_table("own_puzzles")
    op.drop_table("replays")
    op.execute("UPDATE schema_info SET version = 2")
