"""Indexes for Home with a long history: a learner's answers with whether each was right (the
count of answers and of right answers read from the index alone), and by context, mode and time
(the new facts introduced today). A learner with 100,000 answers: 23 ms and 13 ms reading rows
→ 10 ms and well under 1 ms.
"""

from __future__ import annotations

from alembic import op

revision = "r0011"
down_revision = "r0010"


def upgrade() -> None:
    op.create_index("ix_answers_learner_correct", "answers", ["learner_id", "correct"])
    op.create_index("ix_answers_learner_context_mode_time", "answers",
                    ["learner_id", "context", "mode", "created_at"])


def downgrade() -> None:
    op.drop_index("ix_answers_learner_context_mode_time", "answers")
    op.drop_index("ix_answers_learner_correct", "answers")
