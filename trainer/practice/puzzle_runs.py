"""Puzzle runs: a streak (ends at the first miss) and the 3-minute run (its clock), and a run
picked up again after a reload from its stored answers."""

from __future__ import annotations

import os
import uuid
from dataclasses import dataclass

from trainer.engine.inputs import bounded_int
from trainer.practice.puzzle_selector import PuzzleMode
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
    solved (in a streak, the streak: it ends at the first miss) of how many answered."""

    started_at: float
    solved: int
    answered: int


def run_so_far(store: ProgressStore, learner_id: int, run: str) -> RunSoFar | None:
    """The run ``run`` of this learner, for a page reloaded in the middle of it (its clock and
    count live in the session); None when it has no answer yet (then nothing is lost)."""
    answers = store.ratings.run_answers(learner_id, run) if run else []
    if not answers:
        return None
    first = answers[0]
    return RunSoFar(first.at.timestamp() - first.seconds,
                    sum(1 for answer in answers if answer.correct), len(answers))


RUN_MODES = (PuzzleMode.STREAK, PuzzleMode.TIMED)
"""The modes that are runs: their id is kept in the address, their count and clock in the
answers stored under it."""


@dataclass
class PuzzleRun:
    """The run of puzzles a page is in: its id, how many were solved in it (in a streak, the
    streak), when it began and whether its clock ran out. A streak ends at the first miss; a
    3-minute run counts only answers given in time."""

    key: str
    """What the run is of (mode, theme, kind): another key is another run."""
    mode: PuzzleMode
    id: str
    started_at: float
    solved: int = 0
    over: bool = False
    waiting: bool = False
    tried: int = 0
    """Puzzles answered in the run, right or not."""
    """A 3-minute run not begun: its clock starts when the learner says go (:meth:`start`),
    not when the mode is picked: reading the rules costs no time."""

    @classmethod
    def begin(cls, store: ProgressStore, learner_id: int, key: str, mode: PuzzleMode,
              kept_id: str, now: float) -> PuzzleRun:
        """A new run, or — when ``kept_id`` (the address's run) has stored answers — that run
        again, for a page reloaded in the middle of it."""
        so_far = run_so_far(store, learner_id, kept_id) if mode in RUN_MODES else None
        if so_far is None:
            return cls(key, mode, uuid.uuid4().hex[:12], now,
                       waiting=mode is PuzzleMode.TIMED)
        return cls(key, mode, kept_id, so_far.started_at, so_far.solved,
                   tried=so_far.answered)

    @property
    def in_address(self) -> bool:
        """Is the run's id kept in the page's address (a streak, a 3-minute run)?"""
        return self.mode in RUN_MODES

    def start(self, now: float) -> None:
        """The clock of a waiting run starts at ``now``."""
        if self.waiting:
            self.started_at, self.waiting = now, False

    def counts_at(self, now: float) -> bool:
        """Does an answer given at ``now`` count? Not once a 3-minute run's clock is out (the
        run is then over)."""
        if self.waiting:
            return False
        if self.mode is PuzzleMode.TIMED and not in_time(self.started_at, now):
            self.over = True
        return not self.over

    def answered(self, correct: bool) -> None:
        self.tried += 1
        if correct:
            self.solved += 1

    def ends_with(self, correct: bool) -> bool:
        """Does an answer so graded end the run (a miss in a streak)?"""
        return self.mode is PuzzleMode.STREAK and not correct

    def time_left(self, now: float) -> float:
        return float(TIMED_SECONDS) if self.waiting else time_left(self.started_at, now)

