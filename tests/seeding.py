"""Seeding a store for a test or a benchmark through the paths the app itself writes by: a
rating is moved by a rated puzzle answer in the store's one locked transaction
(``ratings.record_puzzle_answer``), never written beside it."""

from __future__ import annotations

import itertools

from sqlalchemy import select

from trainer.rating import Rating
from trainer.store import ProgressStore
from trainer.store.learner_info import LearnerInfo, info
from trainer.store.models import Learner
from trainer.store.rows import PuzzleAnswer

_SEEDS = itertools.count()


def _answer(puzzle_id: str, solved: bool) -> PuzzleAnswer:
    return PuzzleAnswer(puzzle_id=puzzle_id, question="puzzle:win", answer="-", expected="-",
                        correct=solved, seconds=1.0, rule_ids=(), skill="puzzle:win",
                        themes=(), mode="rated", run="")


def rate_puzzle(store: ProgressStore, learner_id: int, puzzle_id: str, rating: Rating,
                solved: bool = True) -> None:
    """The puzzle rated ``rating`` by this learner's first answer to it (the learner's own
    rating unchanged)."""
    store.ratings.record_puzzle_answer(
        learner_id, _answer(puzzle_id, solved), rated_mode=True, start=rating,
        rate=lambda learner, _puzzle, _right: (learner, rating))


def rate_learner(store: ProgressStore, learner_id: int, rating: Rating) -> None:
    """The learner's rating moved to ``rating`` by a rated answer to a puzzle of its own."""
    start = Rating()
    store.ratings.record_puzzle_answer(
        learner_id, _answer(f"seed-{next(_SEEDS)}", True), rated_mode=True, start=start,
        rate=lambda _learner, puzzle, _right: (rating, puzzle))


def learners(store: ProgressStore) -> list[LearnerInfo]:
    """Every profile, by name, read straight from the table (no page lists them all)."""
    with store.engine.connect() as connection:
        return [info(row) for row in connection.execute(select(Learner).order_by(Learner.name))]
