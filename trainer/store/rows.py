"""The rows the store hands out: plain frozen dataclasses, detached from any session."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import NamedTuple

from trainer.rating import Rating


@dataclass(frozen=True)
class LessonState:
    lesson_id: str
    step: int
    mistakes: int
    completed: bool
    best_stars: int
    times_completed: int
    in_progress: bool = False
    """A run of the lesson is kept to go on with (started and neither finished nor left)."""


@dataclass(frozen=True)
class AnswerRow:
    """One stored answer, every column of the ``answers`` row but the learner's."""

    id: int
    context: str
    item: str
    question: str
    answer: str
    expected: str
    correct: bool
    seconds: float
    rule_ids: tuple[str, ...]
    created_at: datetime
    skill: str = ""
    themes: tuple[str, ...] = ()
    mode: str = ""
    run: str = ""
    rating_before: float | None = None
    rating_after: float | None = None
    level: int | None = None
    """A drill item's size level (1–9); none for other answers."""


class RunAnswer(NamedTuple):
    """One puzzle answer of a run (a streak, a 3-minute run): right or not, when, how long."""

    correct: bool
    at: datetime
    seconds: float


class RatingPoint(NamedTuple):
    """The learner's rating after one rated answer, with its deviation."""

    at: datetime
    rating: float
    rd: float


@dataclass(frozen=True)
class PuzzleAnswer:
    """One answer to a puzzle, as the store keeps it."""

    puzzle_id: str
    question: str
    answer: str
    expected: str
    correct: bool
    seconds: float
    rule_ids: tuple[str, ...]
    skill: str
    themes: tuple[str, ...]
    mode: str
    run: str


@dataclass(frozen=True)
class KeptRun:
    """A lesson run in progress as the store keeps it: where the learner is, the misses."""

    lesson_id: str
    run_json: str
    step: int
    mistakes: int


@dataclass(frozen=True)
class LastPuzzleAnswer:
    """A stored puzzle answer as a reloaded page needs it: the puzzle, the answer in its stored
    notation, and the learner's rating around it when it was rated."""

    puzzle_id: str
    answer: str
    rating_before: float | None
    rating_after: float | None


@dataclass(frozen=True)
class RatedAttempt:
    """What one puzzle answer did to the ratings (unchanged when it was not rated)."""

    rated: bool
    before: Rating
    after: Rating
    puzzle_before: Rating
    puzzle_after: Rating


class PuzzleStanding(NamedTuple):
    """A puzzle's stored rating, how many rated attempts it had and how many were right."""

    rating: Rating
    attempts: int
    solved: int


Rate = Callable[[Rating, Rating, bool], tuple[Rating, Rating]]


@dataclass(frozen=True)
class StoredTable:
    """A learner's saved Play table: the match as JSON and its move number."""

    state_json: str
    move: int


def aware(moment: datetime) -> datetime:
    """SQLite returns naive datetimes; everything here is UTC."""
    return moment if moment.tzinfo is not None else moment.replace(tzinfo=UTC)
