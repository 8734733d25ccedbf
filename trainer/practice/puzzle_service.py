"""Serving puzzles, as lila's puzzle module splits it: the bank
(:mod:`~trainer.practice.puzzle_bank`), the selector (:mod:`~trainer.practice.puzzle_selector`),
the answer and its grade (:mod:`~trainer.practice.puzzle_answers`), the finisher — grade and
ratings in one transaction (:mod:`~trainer.practice.puzzle_finisher`) — and the runs
(:mod:`~trainer.practice.puzzle_runs`). This module only gathers their names for the Puzzles
page, which shows what they return (no Streamlit below it).
"""

from __future__ import annotations

from trainer.practice.puzzle_answers import (
    CardGiven,
    Given,
    Grade,
    SetGiven,
    WinGiven,
    expected_text,
    given_of,
    given_text,
    grade,
)
from trainer.practice.puzzle_bank import (
    START_RD,
    bank,
    bank_index,
    fresh,
    own_puzzles,
    puzzle_rating,
    start_rating,
    themes,
)
from trainer.practice.puzzle_finisher import Attempt, last_attempt, record
from trainer.practice.puzzle_hints import hint
from trainer.practice.puzzle_runs import TIMED_SECONDS, PuzzleRun, RunSoFar, in_time, run_so_far, time_left
from trainer.practice.puzzle_selector import (
    BELOW_BANK,
    MODES,
    NEAREST,
    SAFETY_LESSON,
    STREAK_START,
    STREAK_STEP,
    UNRATED_MODES,
    WINDOW,
    PuzzleMode,
    below_bank,
    choose,
    failed_puzzles,
    held_back_themes,
    lessons_before,
    lessons_done,
    target_rating,
    taught_kinds,
)
from trainer.puzzles.safe import why_shown, working

__all__ = [
    "BELOW_BANK",
    "MODES",
    "NEAREST",
    "SAFETY_LESSON",
    "START_RD",
    "STREAK_START",
    "STREAK_STEP",
    "TIMED_SECONDS",
    "UNRATED_MODES",
    "WINDOW",
    "Attempt",
    "CardGiven",
    "Given",
    "Grade",
    "PuzzleMode",
    "PuzzleRun",
    "RunSoFar",
    "SetGiven",
    "WinGiven",
    "bank",
    "bank_index",
    "below_bank",
    "choose",
    "expected_text",
    "failed_puzzles",
    "fresh",
    "given_of",
    "given_text",
    "grade",
    "held_back_themes",
    "hint",
    "in_time",
    "last_attempt",
    "lessons_before",
    "lessons_done",
    "own_puzzles",
    "puzzle_rating",
    "record",
    "run_so_far",
    "start_rating",
    "target_rating",
    "taught_kinds",
    "themes",
    "time_left",
    "why_shown",
    "working",
]
