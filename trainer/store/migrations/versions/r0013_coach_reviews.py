"""The coach's reviews kept with the hands they price: computed once in the background after a
hand, read back by every reload, tab and replica.
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

from trainer.store.migrations.tables import learner_table, moment, required

revision = "r0013"
down_revision = "r0012"


def upgrade() -> None:
    learner_table("coach_reviews", *required(sa.String(64), "replay_key"),
                  *required(sa.Text, "review_json"), moment("created_at"), unique="replay_key",
                  indexed=False)


def downgrade() -> None:
    op.drop_table("coach_reviews")
