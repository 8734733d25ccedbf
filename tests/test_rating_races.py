"""Ratings under concurrent answers, on SQLite and PostgreSQL: N processes, N learners, one
puzzle — every attempt counted and rated, none lost; one learner answering twice at the same
moment gets exactly one rated attempt (the puzzles' first-attempt rule)."""

from __future__ import annotations

import multiprocessing
import time
import uuid
from pathlib import Path

import pytest

from trainer.rating import Rating
from trainer.store import ProgressStore, open_database
from trainer.store.progress_store import PuzzleAnswer

WORKERS = 6


def _rate(learner: Rating, puzzle: Rating, solved: bool) -> tuple[Rating, Rating]:
    step = 10.0 if solved else -10.0
    return (Rating(learner.rating + step, learner.rd, learner.volatility),
            Rating(puzzle.rating - step, puzzle.rd, puzzle.volatility))


def _answer(job: tuple[str, int, str, float]) -> bool:
    url, learner, puzzle, start_at = job
    store = ProgressStore(open_database(url))
    while time.time() < start_at:  # everybody answers at the same moment
        time.sleep(0.001)
    answer = PuzzleAnswer(puzzle, "q", "a", "e", True, 1.0, (), "puzzle:x", (), "rated", "")
    return store.ratings.record_puzzle_answer(learner, answer, rated_mode=True, start=Rating(),
                                      rate=_rate).rated


def _race(url: str, learners: list[int], puzzle: str) -> list[bool]:
    start_at = time.time() + 2.0
    with multiprocessing.get_context("fork").Pool(len(learners)) as pool:
        return pool.map(_answer, [(url, learner, puzzle, start_at) for learner in learners])


def _check(url: str) -> None:
    store = ProgressStore(open_database(url))
    tag = uuid.uuid4().hex[:8]
    learners = [store.create_learner(f"Racer {tag} {n}").id for n in range(WORKERS)]
    puzzle = f"race-{tag}"
    assert all(_race(url, learners, puzzle))
    rating, attempts, solved = store.ratings.puzzles()[puzzle]
    assert attempts == solved == WORKERS
    assert rating.rating == pytest.approx(Rating().rating - 10.0 * WORKERS)  # no update lost
    for learner in learners:
        rows = store.answers.rows(learner, context="puzzle")
        assert len(rows) == 1 and rows[0].rating_before is not None
        assert len(store.ratings.history(learner)) == 1
    twice = _race(url, [learners[0], learners[0]], f"{puzzle}-twice")
    assert sorted(twice) == [False, True]
    assert store.ratings.puzzles()[f"{puzzle}-twice"][1] == 1


def test_no_rating_update_is_lost_on_sqlite(tmp_path: Path) -> None:
    _check(f"sqlite:///{tmp_path / 'race.sqlite3'}")


def test_no_rating_update_is_lost_on_postgres(postgres_url: str) -> None:
    _check(postgres_url)
