"""Schema version 3 (before Alembic): stored replays and the learner's own puzzles.
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

from trainer.store.migrations.tables import learner_table, moment, required

revision = "r0003"
down_revision = "r0002"


def upgrade() -> None:
    learner_table("replays", *required(sa.Text, "replay_json"), *required(sa.String(64), "outcome"),
                  moment("created_at"))
    learner_table("own_puzzles", *required(sa.String(40), "puzzle_id"),
                  *required(sa.Text, "puzzle_json"), moment("created_at"), unique="puzzle_id")
    op.execute("UPDATE schema_info SET version = 3")


def downgrade() -> None:
    op.drop_table("own_puzzles")
    op.drop_table("replays")
    op.execute("UPDATE schema_info SET version = 2")
