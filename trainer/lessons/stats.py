"""The track measured (``dou14 lessons stats``): stages, levels, the levels where the learner
acts, and the decisions made at the table — a level where the learner chooses their own move by
judgement (which card to let go, whether to take a card, which discard is safe), not one that
tells them what to press.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass

from trainer.lessons.model import Explain, Lesson, Question

TABLE_DECISIONS = frozenset({"best_discard", "best_claim", "pick_safe", "least_risk",
                             "coached_move"})
"""Kinds whose answer is the learner's own choice of move at the table: the discard to make or
the answer to an offered card (a reading such as ``read_wait`` is judgement, but not a move)."""


@dataclass(frozen=True)
class TrackStats:
    stages: int
    levels: int
    reading: int
    doing: int
    table_decisions: int
    instructed_moves: int
    fresh_first: int
    """Levels whose first try is already a fresh position (the rest show, once, the position
    their words were written for)."""
    per_kind: tuple[tuple[str, int], ...]

    def lines(self) -> list[str]:
        """The figures, the first line ``table decisions: N``."""
        return [f"table decisions: {self.table_decisions}", f"stages: {self.stages}",
                f"levels: {self.levels}", f"levels of doing: {self.doing}",
                f"reading steps (explain): {self.reading}",
                f"moves that follow an instruction: {self.instructed_moves}",
                f"fresh from the first try: {self.fresh_first}",
                "per kind:", *(f"  {kind}: {count}" for kind, count in self.per_kind)]


def track_stats(lessons: list[Lesson]) -> TrackStats:
    kinds: Counter[str] = Counter()
    reading = 0
    for lesson in lessons:
        for step in lesson.steps:
            if isinstance(step, Explain) and step.play_hands:
                kinds["play_hands"] += 1  # whole hands played in Play: doing, not reading
            elif isinstance(step, Explain):
                reading += 1
            elif isinstance(step, Question):
                kinds[step.kind] += 1
    doing = sum(kinds.values())
    return TrackStats(len(lessons), doing + reading, reading, doing,
                      sum(kinds[k] for k in TABLE_DECISIONS), kinds["move"],
                      sum(len(lesson.fresh_first) for lesson in lessons),
                      tuple(sorted(kinds.items(), key=lambda item: (-item[1], item[0]))))
