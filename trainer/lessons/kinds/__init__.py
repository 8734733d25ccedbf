"""The task kinds, one small module per topic; :data:`KINDS` maps a kind's name to it."""

from __future__ import annotations

from trainer.lessons.kinds import (
    best_move,
    claims,
    kong,
    pairs,
    red,
    red_enough,
    safety,
    scoring,
    seats,
    winning,
)
from trainer.lessons.task import TaskKind

KINDS: dict[str, TaskKind] = {
    kind.name: kind
    for module in (red, red_enough, pairs, seats, winning, scoring, kong, claims, safety,
                   best_move)
    for kind in module.KINDS
}

__all__ = ["KINDS"]
