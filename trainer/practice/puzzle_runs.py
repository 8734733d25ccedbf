"""Puzzle runs: a streak (ends at the first miss) and the 3-minute run (its clock), and a run
picked up again after a reload from its stored answers."""

from __future__ import annotations

import os
from dataclasses import dataclass

from trainer.engine.inputs import bounded_int
from trainer.store.progress_store import ProgressStore


def _timed_seconds() -> int:
    """The timed run's length: 180 s, or ``DOU14_TIMED_SECONDS`` (5–3600) when set, for a
    classroom or a test that cannot wait three minutes."""
    return bounded_int(os.environ.get("DOU14_TIMED_SECONDS", ""), 5, 3600) or 180


TIMED_SECONDS = _timed_seconds()

def time_left(started_at: float, now: float, seconds: float = TIMED_SECONDS) -> float:
    """Seconds left in a timed run that started at ``started_at`` (wall-clock seconds), at
    ``now``: never negative, never more than the run's length (a clock set back does not
    extend it)."""
    return max(0.0, min(float(seconds), started_at + seconds - now))


def in_time(started_at: float, now: float, seconds: float = TIMED_SECONDS) -> bool:
    """Does an answer given at ``now`` count in the run? (Strictly before the deadline.)"""
    return time_left(started_at, now, seconds) > 0.0


@dataclass(frozen=True)
class RunSoFar:
    """A streak or 3-minute run as its stored answers tell it: when it began (wall-clock
    seconds: the first puzzle was shown that long before its answer), and how many were
    solved (in a streak, the streak: it ends at the first miss)."""

    started_at: float
    solved: int


def run_so_far(store: ProgressStore, learner_id: int, run: str) -> RunSoFar | None:
    """The run ``run`` of this learner, for a page reloaded in the middle of it (its clock and
    count live in the session); None when it has no answer yet (then nothing is lost)."""
    answers = store.ratings.run_answers(learner_id, run) if run else []
    if not answers:
        return None
    first = answers[0]
    return RunSoFar(first.at.timestamp() - first.seconds,
                    sum(1 for answer in answers if answer.correct))
