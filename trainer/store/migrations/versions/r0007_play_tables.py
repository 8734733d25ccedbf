"""A learner's game at the Play table kept in the database, saved after every action, with a
move number for refusing a stale action from another tab; Play settings (hints, pace) kept in
the learner's profile.
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "r0007"
down_revision = "r0006"


def upgrade() -> None:
    op.create_table(
        "play_tables",
        sa.Column("learner_id", sa.Integer, sa.ForeignKey("learners.id"), primary_key=True),
        sa.Column("state_json", sa.Text, nullable=False),
        sa.Column("move", sa.Integer, nullable=False),
        sa.Column("updated_at", sa.DateTime(timezone=True), nullable=False),
    )
    with op.batch_alter_table("learners") as batch:
        batch.add_column(sa.Column("play_json", sa.Text, nullable=False, server_default="{}"))


def downgrade() -> None:
    with op.batch_alter_table("learners") as batch:
        batch.drop_column("play_json")
    op.drop_table("play_tables")
