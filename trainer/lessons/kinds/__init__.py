"""The task kinds, one small module per topic; :data:`KINDS` maps a kind's name to it."""

from __future__ import annotations

from trainer.lessons.kinds import (
    best_move,
    claims,
    coached,
    kong,
    least_risk,
    pairs,
    red,
    red_enough,
    safety,
    scoring,
    seats,
    wait_reading,
    winning,
)
from trainer.lessons.task import TaskKind

KINDS: dict[str, TaskKind] = {
    kind.name: kind
    for module in (red, red_enough, pairs, seats, winning, scoring, kong, claims, safety,
                   best_move, wait_reading, least_risk, coached)
    for kind in module.KINDS
}

__all__ = ["KINDS"]
