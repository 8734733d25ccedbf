"""Hints that fade and reviews on the learner's terms (issue 32): each ask for more help before
an answer, and the skills whose fact reviews the learner turned on.
"""

from __future__ import annotations

from datetime import UTC, datetime

import sqlalchemy as sa
from alembic import op

from trainer.store.migrations.tables import learner_table, moment, required

revision = "r0014"
down_revision = "r0013"

_FACT_SKILL = {"red": "red", "partner": "pairs", "kong": "kong", "special": "scoring"}
"""The fact families and their skills as this revision knew them (a migration keeps its own
copy: the app's map may change later)."""


def upgrade() -> None:
    learner_table("hint_asks", *required(sa.String(32), "context"), *required(sa.String(200), "item"),
                  *required(sa.String(32), "skill"), *required(sa.Integer, "level"),
                  moment("created_at"), indexed=False)
    op.create_index("ix_hint_asks_item", "hint_asks", ["learner_id", "context", "item"])
    learner_table("review_choices", *required(sa.String(32), "skill"),
                  *required(sa.Boolean, "enabled"), moment("updated_at"), unique="skill",
                  indexed=False)
    # Reviews became opt-in per skill: a learner who was already reviewing a skill's facts
    # keeps them on (nothing they had scheduled goes quiet).
    bind = op.get_bind()
    rows = bind.execute(sa.text("SELECT DISTINCT learner_id, fact FROM review_items")).all()
    started = {(int(learner), _FACT_SKILL[fact.split(":")[0]]) for learner, fact in rows
               if fact.split(":")[0] in _FACT_SKILL}
    if started:
        choices = sa.table("review_choices", sa.column("learner_id", sa.Integer),
                           sa.column("skill", sa.String), sa.column("enabled", sa.Boolean),
                           sa.column("updated_at", sa.DateTime(timezone=True)))
        when = datetime.now(UTC)
        op.bulk_insert(choices, [{"learner_id": learner, "skill": skill, "enabled": True,
                                  "updated_at": when} for learner, skill in sorted(started)])


def downgrade() -> None:
    op.drop_table("review_choices")
    op.drop_index("ix_hint_asks_item", table_name="hint_asks")
    op.drop_table("hint_asks")
