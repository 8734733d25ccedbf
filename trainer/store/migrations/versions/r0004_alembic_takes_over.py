"""Alembic takes over from ``schema_info``; columns added by the old in-place upgrade become NOT
NULL like those of a fresh database; stored house rules use today's option names.

Data: ``win_on_own_flip`` becomes ``win_pong_kong_on_own_flip`` (the option also governs pong and
kong on one's own flip, R-OWN-FLIP) and ``drawn_hand_pays`` is dropped (it never changed
anything: a drawn hand never pays, R-STOCK-EMPTY), in learners' settings and stored replays.
"""

from __future__ import annotations

import json
from typing import Any

import sqlalchemy as sa
from alembic import op

revision = "r0004"
down_revision = "r0003"

RENAMED = {"win_on_own_flip": "win_pong_kong_on_own_flip"}
RETIRED = ("drawn_hand_pays",)
NOT_NULL: dict[str, tuple[tuple[str, sa.types.TypeEngine[Any], object], ...]] = {
    "learners": (("rating", sa.Float(), 1500.0), ("rd", sa.Float(), 350.0),
                 ("volatility", sa.Float(), 0.06)),
    "answers": (("skill", sa.String(32), ""), ("themes", sa.String(256), ""),
                ("mode", sa.String(32), ""), ("run", sa.String(64), "")),
}


def _today_names(rules: Any) -> Any:
    if not isinstance(rules, dict):
        return rules
    renamed = {RENAMED.get(str(key), str(key)): value for key, value in rules.items()
               if key not in RETIRED}
    return renamed


def _rewrite(table: str, key: str, column: str, inner: str | None) -> None:
    connection = op.get_bind()
    rows = connection.execute(sa.text(f"SELECT {key}, {column} FROM {table}")).fetchall()
    for row_id, text in rows:
        try:
            data = json.loads(text or "{}")
        except ValueError:
            continue
        if inner is None:
            updated = _today_names(data)
        elif isinstance(data, dict) and isinstance(data.get(inner), dict):
            updated = {**data, inner: _today_names(data[inner])}
        else:
            continue
        if updated != data:
            connection.execute(sa.text(f"UPDATE {table} SET {column} = :value WHERE {key} = :id"),
                               {"value": json.dumps(updated, ensure_ascii=False), "id": row_id})


def upgrade() -> None:
    for table, columns in NOT_NULL.items():
        for name, _kind, default in columns:
            op.execute(sa.text(f"UPDATE {table} SET {name} = :value WHERE {name} IS NULL")
                       .bindparams(value=default))
        with op.batch_alter_table(table) as batch:
            for name, kind, _default in columns:
                batch.alter_column(name, existing_type=kind, nullable=False)
    _rewrite("learners", "id", "rules_json", None)
    _rewrite("replays", "id", "replay_json", "rules")
    op.drop_table("schema_info")


def downgrade() -> None:
    op.create_table("schema_info", sa.Column("id", sa.Integer, primary_key=True),
                    sa.Column("version", sa.Integer, nullable=False))
    op.execute("INSERT INTO schema_info (id, version) VALUES (1, 3)")
