"""The columns the revisions' tables are made of, written once: the surrogate key, the learner a
row belongs to, not-null columns, a timezone-aware moment, and a table of one learner's rows.

Frozen like the revisions that use it: every revision must go on creating exactly the schema it
created when it was written (a database is stamped at its revision, then upgraded), so nothing
here changes; a new shape of column is a new helper."""

from __future__ import annotations

from typing import Any

import sqlalchemy as sa
from alembic import op

Column = sa.Column[Any]
TypeSpec = sa.types.TypeEngine[Any] | type[sa.types.TypeEngine[Any]]


def key() -> Column:
    """``id``, the integer primary key of a table whose rows have no natural key."""
    return sa.Column("id", sa.Integer, primary_key=True)


def required(kind: TypeSpec, *names: str) -> tuple[Column, ...]:
    """A not-null column of type ``kind`` for each of ``names``, in order (the order is the
    table's column order, part of the schema)."""
    return tuple(sa.Column(name, kind, nullable=False) for name in names)


def moment(name: str) -> Column:
    """A not-null, timezone-aware point in time (rows are stamped in UTC)."""
    return sa.Column(name, sa.DateTime(timezone=True), nullable=False)


def learner_table(name: str, *columns: Column, unique: str | None = None,
                  indexed: bool = True) -> None:
    """Create a table of one learner's rows: ``id``, ``learner_id`` (the learner, not null), then
    ``columns``; one row per learner and ``unique`` when given; and, when ``indexed``, the index
    ``ix_<name>_learner_id`` that reads one learner's rows."""
    items: list[sa.schema.SchemaItem] = [
        key(), sa.Column("learner_id", sa.Integer, sa.ForeignKey("learners.id"), nullable=False),
        *columns]
    if unique is not None:
        items.append(sa.UniqueConstraint("learner_id", unique))
    op.create_table(name, *items)
    if indexed:
        op.create_index(f"ix_{name}_learner_id", name, ["learner_id"])
