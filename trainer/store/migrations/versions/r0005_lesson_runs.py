"""Lesson runs kept in the database: the run in progress (plan, re-asks, hints, reveals) so a
reload resumes it exactly.
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "r0005"
down_revision = "r0004"


def upgrade() -> None:
    with op.batch_alter_table("lesson_progress") as batch:
        batch.add_column(sa.Column("run_json", sa.Text, nullable=False, server_default=""))


def downgrade() -> None:
    with op.batch_alter_table("lesson_progress") as batch:
        batch.drop_column("run_json")
