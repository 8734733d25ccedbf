"""Hints that fade and reviews on the learner's terms (issue 32): each ask for more help before
an answer, and the skills whose fact reviews the learner turned on.

Revision ID: r0014
Revises: r0013
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "r0014"
down_revision = "r0013"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "hint_asks",
        sa.Column("id", sa.Integer, primary_key=True),
        sa.Column("learner_id", sa.Integer, sa.ForeignKey("learners.id"), nullable=False),
        sa.Column("context", sa.String(32), nullable=False),
        sa.Column("item", sa.String(200), nullable=False),
        sa.Column("skill", sa.String(32), nullable=False),
        sa.Column("level", sa.Integer, nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
    )
    op.create_index("ix_hint_asks_item", "hint_asks", ["learner_id", "context", "item"])
    op.create_table(
        "review_choices",
        sa.Column("id", sa.Integer, primary_key=True),
        sa.Column("learner_id", sa.Integer, sa.ForeignKey("learners.id"), nullable=False),
        sa.Column("skill", sa.String(32), nullable=False),
        sa.Column("enabled", sa.Boolean, nullable=False),
        sa.Column("updated_at", sa.DateTime(timezone=True), nullable=False),
        sa.UniqueConstraint("learner_id", "skill"),
    )


def downgrade() -> None:
    op.drop_table("review_choices")
    op.drop_index("ix_hint_asks_item", table_name="hint_asks")
    op.drop_table("hint_asks")
