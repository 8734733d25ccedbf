"""Safe under abuse: each learner's name skeleton stored and indexed (creation and sign-in
computed the skeleton of every stored name: 1.0 s and 0.45 s at 50,000 profiles), the counts
behind throttled sign-in and rate-limited profile creation, and answers by learner and time
(a streamed CSV import looks up each batch's times).

The skeletons of existing names are computed here, with this version's confusables table.
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

from trainer.store.names import stored_skeleton

revision = "r0012"
down_revision = "r0011"


def upgrade() -> None:
    with op.batch_alter_table("learners") as batch:
        batch.add_column(sa.Column("name_skeleton", sa.String(160), nullable=True))
    learners = sa.table("learners", sa.column("id", sa.Integer), sa.column("name", sa.String),
                        sa.column("name_skeleton", sa.String))
    connection = op.get_bind()
    for learner_id, name in connection.execute(sa.select(learners.c.id, learners.c.name)).all():
        connection.execute(sa.update(learners).where(learners.c.id == learner_id)
                           .values(name_skeleton=stored_skeleton(name)))
    with op.batch_alter_table("learners") as batch:
        batch.alter_column("name_skeleton", existing_type=sa.String(160), nullable=False)
        batch.create_index("ix_learners_name_skeleton", ["name_skeleton"])
    op.create_table(
        "rate_limits",
        sa.Column("key", sa.String(64), primary_key=True),
        sa.Column("count", sa.Float, nullable=False),
        sa.Column("blocked_until", sa.DateTime(timezone=True), nullable=True),
        sa.Column("updated_at", sa.DateTime(timezone=True), nullable=False),
    )
    op.create_index("ix_rate_limits_updated_at", "rate_limits", ["updated_at"])
    op.create_index("ix_answers_learner_time", "answers", ["learner_id", "created_at"])


def downgrade() -> None:
    op.drop_index("ix_answers_learner_time", "answers")
    op.drop_index("ix_rate_limits_updated_at", "rate_limits")
    op.drop_table("rate_limits")
    with op.batch_alter_table("learners") as batch:
        batch.drop_index("ix_learners_name_skeleton")
        batch.drop_column("name_skeleton")
