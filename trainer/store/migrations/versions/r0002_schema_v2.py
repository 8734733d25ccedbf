"""Schema version 2 (before Alembic): ratings on learners; skill, themes, mode, run and rating
change on answers; rating history, puzzle ratings, review items.
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

from trainer.store.migrations.tables import learner_table, moment, required

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
    learner_table("rating_history", *required(sa.Float, "rating", "rd", "volatility"),
                  moment("created_at"))
    op.create_table("puzzle_ratings", sa.Column("puzzle_id", sa.String(40), primary_key=True),
                    *required(sa.Float, "rating", "rd", "volatility"),
                    *required(sa.Integer, "attempts", "solved"))
    learner_table("review_items", *required(sa.String(40), "fact"), *required(sa.Text, "card_json"),
                  moment("due"), unique="fact")
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
