"""The coach's reviews kept with the hands they price: computed once in the background after a
hand, read back by every reload, tab and replica.
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "r0013"
down_revision = "r0012"


def upgrade() -> None:
    op.create_table(
        "coach_reviews",
        sa.Column("id", sa.Integer, primary_key=True),
        sa.Column("learner_id", sa.Integer, sa.ForeignKey("learners.id"), nullable=False),
        sa.Column("replay_key", sa.String(64), nullable=False),
        sa.Column("review_json", sa.Text, nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.UniqueConstraint("learner_id", "replay_key"),
    )


def downgrade() -> None:
    op.drop_table("coach_reviews")
