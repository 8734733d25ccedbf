"""An answer's rule ids and themes as JSON arrays in unbounded text: they were joined with
commas into 256 characters and cut there without a word (issue 30).
"""

from __future__ import annotations

import json

import sqlalchemy as sa
from alembic import op

revision = "r0015"
down_revision = "r0014"

_BATCH = 1000


def _names(text: str | None) -> list[str]:
    return [name.strip() for name in (text or "").split(",") if name.strip()]


def _rewrite(convert: str) -> None:
    """Every answer's two lists rewritten, ``_BATCH`` rows a statement, by id."""
    bind = op.get_bind()
    answers = sa.table("answers", sa.column("id", sa.Integer), sa.column("rule_ids", sa.Text),
                       sa.column("themes", sa.Text))
    last = 0
    while True:
        rows = bind.execute(sa.select(answers.c.id, answers.c.rule_ids, answers.c.themes)
                            .where(answers.c.id > last).order_by(answers.c.id)
                            .limit(_BATCH)).all()
        if not rows:
            return
        values = []
        for key, rule_ids, themes in rows:
            if convert == "json":
                new = (json.dumps(_names(rule_ids), separators=(",", ":")),
                       json.dumps(_names(themes), separators=(",", ":")))
            else:
                new = (",".join(json.loads(rule_ids or "[]"))[:256],
                       ",".join(json.loads(themes or "[]"))[:256])
            values.append({"key": key, "rule_ids": new[0], "themes": new[1]})
        bind.execute(answers.update().where(answers.c.id == sa.bindparam("key")).values(
            rule_ids=sa.bindparam("rule_ids"), themes=sa.bindparam("themes")), values)
        last = rows[-1][0]


def upgrade() -> None:
    with op.batch_alter_table("answers") as batch:
        batch.alter_column("rule_ids", type_=sa.Text, existing_type=sa.String(256))
        batch.alter_column("themes", type_=sa.Text, existing_type=sa.String(256))
    _rewrite("json")


def downgrade() -> None:
    _rewrite("text")
    with op.batch_alter_table("answers") as batch:
        batch.alter_column("rule_ids", type_=sa.String(256), existing_type=sa.Text)
        batch.alter_column("themes", type_=sa.String(256), existing_type=sa.Text)
