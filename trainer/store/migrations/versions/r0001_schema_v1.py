"""Schema version 1 (before Alembic): learners, lesson progress, answers."""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

from trainer.store.migrations.tables import key, learner_table, moment, required

revision = "r0001"
down_revision: str | None = None


def upgrade() -> None:
    op.create_table("schema_info", key(), *required(sa.Integer, "version"))
    op.create_table("learners", key(), sa.Column("name", sa.String(80), nullable=False, unique=True),
                    moment("created_at"), *required(sa.String(8), "language"),
                    *required(sa.Text, "rules_json"))
    learner_table("lesson_progress", *required(sa.String(64), "lesson_id"),
                  *required(sa.Integer, "step", "mistakes"), *required(sa.Boolean, "completed"),
                  *required(sa.Integer, "best_stars", "times_completed"), moment("updated_at"),
                  unique="lesson_id")
    learner_table("answers", *required(sa.String(32), "context"), *required(sa.String(128), "item"),
                  *required(sa.Text, "question", "answer", "expected"),
                  *required(sa.Boolean, "correct"), *required(sa.Float, "seconds"),
                  *required(sa.String(256), "rule_ids"), moment("created_at"))
    op.bulk_insert(sa.table("schema_info", sa.column("id", sa.Integer),
                            sa.column("version", sa.Integer)), [{"id": 1, "version": 1}])


def downgrade() -> None:
    for table in ("answers", "lesson_progress", "learners", "schema_info"):
        op.drop_table(table)
