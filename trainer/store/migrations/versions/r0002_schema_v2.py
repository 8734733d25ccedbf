"""Schema version 2 (before Alembic): ratings on learners; skill, themes, mode, run and rating
change on answers; rating history, puzzle ratings, review items.
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "r0002"
down_revision = "r0001"


def upgrade() -> None:
    with op.batch_alter_table("learners") as batch:
        batch.add_column(sa.Column("rating", sa.Float, nullable=False, server_default="1500.0"))
        batch.add_column(sa.Column("rd", sa.Float, nullable=False, server_default="350.0"))
        batch.add_column(sa.Column("volatility", sa.Float, nullable=False,
                                   server_default="0.06"))
    with op.batch_alter_table("answers") as batch:
        for name, size in (("skill", 32), ("themes", 256), ("mode", 32), ("run", 64)):
            batch.add_column(sa.Column(name, sa.String(size), nullable=False, server_default=""))
        batch.add_column(sa.Column("rating_before", sa.Float, nullable=True))
        batch.add_column(sa.Column("rating_after", sa.Float, nullable=True))
    op.create_table(
        "rating_history",
        sa.Column("id", sa.Integer, primary_key=True),
        sa.Column("learner_id", sa.Integer, sa.ForeignKey("learners.id"), nullable=False),
        sa.Column("rating", sa.Float, nullable=False),
        sa.Column("rd", sa.Float, nullable=False),
        sa.Column("volatility", sa.Float, nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
    )
    op.create_index("ix_rating_history_learner_id", "rating_history", ["learner_id"])
    op.create_table(
        "puzzle_ratings",
        sa.Column("puzzle_id", sa.String(40), primary_key=True),
        sa.Column("rating", sa.Float, nullable=False),
        sa.Column("rd", sa.Float, nullable=False),
        sa.Column("volatility", sa.Float, nullable=False),
        sa.Column("attempts", sa.Integer, nullable=False),
        sa.Column("solved", sa.Integer, nullable=False),
    )
    op.create_table(
        "review_items",
        sa.Column("id", sa.Integer, primary_key=True),
        sa.Column("learner_id", sa.Integer, sa.ForeignKey("learners.id"), nullable=False),
        sa.Column("fact", sa.String(40), nullable=False),
        sa.Column("card_json", sa.Text, nullable=False),
        sa.Column("due", sa.DateTime(timezone=True), nullable=False),
        sa.UniqueConstraint("learner_id", "fact"),
    )
    op.create_index("ix_review_items_learner_id", "review_items", ["learner_id"])
    op.execute("UPDATE schema_info SET version = 2")


def downgrade() -> None:
    for table in ("review_items", "puzzle_ratings", "rating_history"):
        op.drop_table(table)
    with op.batch_alter_table("answers") as batch:
        for name in ("skill", "themes", "mode", "run", "rating_before", "rating_after"):
            batch.drop_column(name)
    with op.batch_alter_table("learners") as batch:
        for name in ("rating", "rd", "volatility"):
            batch.drop_column(name)
    op.execute("UPDATE schema_info SET version = 1")
