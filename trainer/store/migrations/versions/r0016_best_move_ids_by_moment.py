"""A best-move puzzle's id names its moment (the hand, the seat, the salt of its deals), no
longer the moment with its values: a revalue of the shipped pools changed every id and left the
learner's answers to them behind. The answers, hint asks and own puzzles are carried over: the
shipped ids of every pool version in git's history (``best_move_ids.json``, written by
``tools/best_move_ids.py``) and each own puzzle's, worked out from its stored moment.
"""

from __future__ import annotations

import hashlib
import json
from pathlib import Path

import sqlalchemy as sa
from alembic import op

revision = "r0016"
down_revision = "r0015"

PREFIX = "best-"
SHIPPED = Path(__file__).resolve().parents[1] / "best_move_ids.json"


def _moment_id(stored: str) -> str | None:
    """The id of an own best-move puzzle's moment, from its stored JSON (None if it does not
    read: such a puzzle is left as it is, and the app leaves it out)."""
    try:
        data = json.loads(stored)
        moment = json.dumps({"replay": data["replay"], "seat": data["seat"],
                             "salt": data.get("salt", 0)}, ensure_ascii=False, separators=(",", ":"))
    except (KeyError, TypeError, ValueError):
        return None
    return PREFIX + hashlib.sha256(moment.encode()).hexdigest()[:12]


def _own(bind: sa.Connection) -> dict[str, str]:
    """Each own best-move puzzle's new id, by its old; a second puzzle of one learner on the
    same moment is deleted (its answers go to the first)."""
    own = sa.table("own_puzzles", sa.column("id", sa.Integer), sa.column("learner_id", sa.Integer),
                   sa.column("puzzle_id", sa.String), sa.column("puzzle_json", sa.Text))
    found: dict[str, str] = {}
    kept: set[tuple[int, str]] = set()
    rows = bind.execute(sa.select(own.c.id, own.c.learner_id, own.c.puzzle_id, own.c.puzzle_json)
                        .where(own.c.puzzle_id.like(f"{PREFIX}%")).order_by(own.c.id)).all()
    for key, learner, old, stored in rows:
        new = _moment_id(stored)
        if new is None or new == old:
            continue
        found[old] = new
        if (learner, new) in kept:
            bind.execute(own.delete().where(own.c.id == key))
            continue
        kept.add((learner, new))
        bind.execute(own.update().where(own.c.id == key).values(puzzle_id=new))
    return found


def upgrade() -> None:
    bind = op.get_bind()
    ids = json.loads(SHIPPED.read_text(encoding="utf-8"))
    ids.update(_own(bind))
    for name in ("answers", "hint_asks"):
        table = sa.table(name, sa.column("item", sa.String), sa.column("context", sa.String))
        stored = bind.execute(sa.select(table.c.item).distinct().where(
            table.c.context == "puzzle", table.c.item.like(f"{PREFIX}%"))).scalars().all()
        for old in stored:  # only the ids there are: a few, not every id of the history
            if old in ids:
                bind.execute(table.update().where(table.c.context == "puzzle",
                                                  table.c.item == old).values(item=ids[old]))


def downgrade() -> None:
    """The ids stay as they are: many old ids name one moment, so there is no way back to each;
    an older trainer leaves the answers to its best-move puzzles behind, as a revalue did."""
