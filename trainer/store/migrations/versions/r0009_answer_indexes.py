"""Indexes for light page runs: a learner's answers by mode (streak and timed records) and by
context (puzzle results), and puzzle ratings by rating (the next puzzle near a target).
"""

from __future__ import annotations

from alembic import op

revision = "r0009"
down_revision = "r0008"


def upgrade() -> None:
    op.create_index("ix_answers_learner_mode", "answers", ["learner_id", "mode"])
    op.create_index("ix_answers_learner_context", "answers", ["learner_id", "context"])
    op.create_index("ix_puzzle_ratings_rating", "puzzle_ratings", ["rating"])


def downgrade() -> None:
    op.drop_index("ix_puzzle_ratings_rating", "puzzle_ratings")
    op.drop_index("ix_answers_learner_context", "answers")
    op.drop_index("ix_answers_learner_mode", "answers")
