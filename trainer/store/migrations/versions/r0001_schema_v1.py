"""Schema version 1 (before Alembic): learners, lesson progress, answers."""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "r0001"
down_revision: str | None = None


def upgrade() -> None:
    op.create_table(
        "schema_info",
        sa.Column("id", sa.Integer, primary_key=True),
        sa.Column("version", sa.Integer, nullable=False),
    )
    op.create_table(
        "learners",
        sa.Column("id", sa.Integer, primary_key=True),
        sa.Column("name", sa.String(80), nullable=False, unique=True),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("language", sa.String(8), nullable=False),
        sa.Column("rules_json", sa.Text, nullable=False),
    )
    op.create_table(
        "lesson_progress",
        sa.Column("id", sa.Integer, primary_key=True),
        sa.Column("learner_id", sa.Integer, sa.ForeignKey("learners.id"), nullable=False),
        sa.Column("lesson_id", sa.String(64), nullable=False),
        sa.Column("step", sa.Integer, nullable=False),
        sa.Column("mistakes", sa.Integer, nullable=False),
        sa.Column("completed", sa.Boolean, nullable=False),
        sa.Column("best_stars", sa.Integer, nullable=False),
        sa.Column("times_completed", sa.Integer, nullable=False),
        sa.Column("updated_at", sa.DateTime(timezone=True), nullable=False),
        sa.UniqueConstraint("learner_id", "lesson_id"),
    )
    op.create_index("ix_lesson_progress_learner_id", "lesson_progress", ["learner_id"])
    op.create_table(
        "answers",
        sa.Column("id", sa.Integer, primary_key=True),
        sa.Column("learner_id", sa.Integer, sa.ForeignKey("learners.id"), nullable=False),
        sa.Column("context", sa.String(32), nullable=False),
        sa.Column("item", sa.String(128), nullable=False),
        sa.Column("question", sa.Text, nullable=False),
        sa.Column("answer", sa.Text, nullable=False),
        sa.Column("expected", sa.Text, nullable=False),
        sa.Column("correct", sa.Boolean, nullable=False),
        sa.Column("seconds", sa.Float, nullable=False),
        sa.Column("rule_ids", sa.String(256), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
    )
    op.create_index("ix_answers_learner_id", "answers", ["learner_id"])
    op.bulk_insert(sa.table("schema_info", sa.column("id", sa.Integer),
                            sa.column("version", sa.Integer)), [{"id": 1, "version": 1}])


def downgrade() -> None:
    for table in ("answers", "lesson_progress", "learners", "schema_info"):
        op.drop_table(table)
