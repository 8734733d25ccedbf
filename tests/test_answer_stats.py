"""The Progress page's sums, made in SQL (trainer/store/answer_stats.py), against a plain Python
count over every answer, on SQLite and on PostgreSQL, for answers hypothesis draws."""

from __future__ import annotations

import itertools
import statistics
from collections import Counter, defaultdict
from collections.abc import Iterator
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from trainer.store import ProgressStore, answer_stats, open_database
from trainer.store.rows import AnswerRow

RULES = ("R-RED", "R-WIN", "R-SAFE")
THEMES = ("hidden", "kong")
DAY_ONE = datetime(2026, 3, 1, 23, 59, 59, tzinfo=UTC)

answers = st.lists(st.fixed_dictionaries({
    "created_at": st.integers(0, 3).map(lambda days: DAY_ONE + timedelta(days=days)),
    "context": st.sampled_from(("puzzle", "drill")),
    "skill": st.sampled_from(("puzzle:win", "drill:red", "lesson")),
    "item": st.sampled_from(("p1", "p2", "p3")),
    "correct": st.booleans(),
    "seconds": st.sampled_from((0.5, 1.0, 2.0, 7.25, 30.0, 0.05, 12.34, 0.36)),
    "rule_ids": st.lists(st.sampled_from(RULES), unique=True).map(tuple),
    "themes": st.lists(st.sampled_from(THEMES), unique=True).map(tuple),
    "mode": st.sampled_from(("", "streak", "timed")),
    "run": st.sampled_from(("a", "b")),
}), max_size=30)

_names = itertools.count()


@pytest.fixture(scope="module", params=["sqlite", "postgresql"])
def store(request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory
          ) -> Iterator[ProgressStore]:
    if request.param == "sqlite":
        url = f"sqlite:///{Path(tmp_path_factory.mktemp('stats')) / 's.sqlite3'}"
    else:
        url = request.getfixturevalue("postgres_url")
    yield ProgressStore(open_database(url))


def _learner_with(store: ProgressStore, rows: list[dict[str, Any]]) -> int:
    learner = store.create_learner(f"Stats {next(_names)}").id
    full = [{"question": "q", "answer": "a", "expected": "a", "rating_before": None,
             "rating_after": None, "level": None, **row} for row in rows]
    store.answers.import_many(learner, full)
    return learner


@settings(max_examples=60)
@given(rows=answers)
def test_sums_made_in_sql_match_a_count_of_every_answer(store: ProgressStore,
                                                        rows: list[dict[str, Any]]) -> None:
    learner = _learner_with(store, rows)
    stored = store.answers.rows(learner)  # in id order, as recorded

    by_day: dict[tuple[str, str], list[AnswerRow]] = defaultdict(list)
    for row in stored:
        by_day[(row.created_at.strftime("%Y-%m-%d"), row.skill)].append(row)
    days = answer_stats.skill_days(store.engine, learner)
    assert {(d.day, d.skill): (d.answers, d.right, d.median_seconds) for d in days} == {
        key: (len(group), sum(r.correct for r in group),
              statistics.median(int(r.seconds * 10) for r in group) / 10)  # in tenths
        for key, group in by_day.items()}

    missed: Counter[str] = Counter(rule for row in stored if not row.correct
                                   for rule in row.rule_ids)
    assert answer_stats.missed_rules(store.engine, learner) == dict(missed)

    puzzles: dict[tuple[str, tuple[str, ...]], list[bool]] = defaultdict(list)
    for row in stored:
        if row.context == "puzzle":
            puzzles[(row.item, row.themes)].append(row.correct)
    assert {(r.item, r.themes): (r.attempts, r.wins)
            for r in answer_stats.puzzle_results(store.engine, learner)} == {
        key: (len(results), sum(results)) for key, results in puzzles.items()}

    best_streak = 0
    for run in ("a", "b"):
        streak = [row.correct for row in stored if row.mode == "streak" and row.run == run]
        best_streak = max(best_streak, len(list(itertools.takewhile(bool, streak))))
    assert answer_stats.best_streak(store.engine, learner) == best_streak
    timed = Counter(row.run for row in stored if row.mode == "timed" and row.correct)
    assert answer_stats.best_timed(store.engine, learner) == max(timed.values(), default=0)
