"""Progress figures as pandas tables: accuracy and median time per skill per day, per-theme
performance, mistakes by rule, streak and timed records (the learner's data as CSV:
``trainer.practice.csv_export`` and ``csv_import``)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import TypeVar

import pandas as pd

from trainer.practice.import_limits import MAX_IMPORT_MB as MAX_IMPORT_MB
from trainer.practice.puzzle_service import bank_index, puzzle_rating
from trainer.rating import Rating
from trainer.store import answer_stats as stats
from trainer.store.progress_store import ProgressStore
from trainer.store.rows import RatingPoint


def skill_by_day(store: ProgressStore, learner_id: int) -> pd.DataFrame:
    """Accuracy and median answer time per skill per day."""
    days = stats.skill_days(store.engine, learner_id)
    return pd.DataFrame(
        [(d.day, d.skill, d.right / d.answers, d.median_seconds, d.answers) for d in days],
        columns=["day", "skill", "accuracy", "median_seconds", "answers"])


def theme_performance(store: ProgressStore, learner_id: int) -> pd.DataFrame:
    """Per theme: attempts, wins and a performance rating (mean puzzle rating + 400 × (W − L) / N),
    the weakest theme first."""
    columns = ["theme", "attempts", "wins", "performance"]
    results = stats.puzzle_results(store.engine, learner_id)
    if not results:
        return pd.DataFrame(columns=columns)
    index = bank_index()
    stored = store.ratings.puzzles_of([r.item for r in results if r.item in index])
    totals: dict[str, list[float]] = {}
    for result in results:
        opponent = (puzzle_rating(index[result.item], stored).rating
                    if result.item in index else 1500.0)
        for theme in result.themes:
            total = totals.setdefault(theme, [0, 0, 0.0])
            total[0] += result.attempts
            total[1] += result.wins
            total[2] += opponent * result.attempts
    table = pd.DataFrame(
        [(theme, int(n), int(wins), round(rated / n + 400 * (2 * wins - n) / n))
         for theme, (n, wins, rated) in totals.items()], columns=columns)
    return table.sort_values(["performance", "theme"]).reset_index(drop=True)


MIN_THEME_FAILURES = 3
"""Misses a theme needs before it is called a weakness (as Lichess's puzzle dashboard)."""


def weakest_theme(themes: pd.DataFrame) -> str | None:
    """The theme to practise: the lowest performance among those with at least
    :data:`MIN_THEME_FAILURES` misses and a performance below the learner's average over all
    themes (weighted by attempts); None when no theme is a weakness — three right answers on
    easy puzzles make no theme the weakest."""
    if themes.empty:
        return None
    rows = list(zip(themes["theme"], themes["attempts"], themes["wins"], themes["performance"],
                    strict=True))
    average = sum(rated * n for _, n, _, rated in rows) / sum(n for _, n, _, _ in rows)
    weak = [(rated, wins - n, str(theme)) for theme, n, wins, rated in rows
            if n - wins >= MIN_THEME_FAILURES and rated < average]
    return min(weak)[2] if weak else None  # a tie: the theme missed more often


def mistakes_by_rule(store: ProgressStore, learner_id: int) -> pd.DataFrame:
    """Wrong answers per rule id, the most missed first."""
    counts = stats.missed_rules(store.engine, learner_id)
    ordered = sorted(counts.items(), key=lambda item: (-item[1], item[0]))
    return pd.DataFrame(ordered, columns=["rule", "mistakes"])


@dataclass(frozen=True)
class Records:
    best_streak: int
    best_timed: int


def records(store: ProgressStore, learner_id: int) -> Records:
    """The longest streak run (right answers before the first miss) and the most right answers
    in one 3-minute run."""
    return Records(stats.best_streak(store.engine, learner_id),
                   stats.best_timed(store.engine, learner_id))


HISTORY_POINTS = 300
"""The most points the rating history chart draws: thousands of markers draw slowly on a phone
and show no more than a few hundred."""


Point = TypeVar("Point")


def thinned(history: Sequence[Point], most: int = HISTORY_POINTS) -> list[Point]:
    """At most ``most`` points of a history, evenly spread, its first and last kept."""
    if len(history) <= most:
        return list(history)
    step = (len(history) - 1) / (most - 1)
    return [history[round(number * step)] for number in range(most)]


@dataclass(frozen=True)
class ProgressSummary:
    """Everything the Progress page shows of a learner's answers, read at once."""

    answered: int
    rating: Rating
    history: list[RatingPoint]
    """The rating after each rated answer, :func:`thinned` to at most ``HISTORY_POINTS``."""
    records: Records
    by_day: pd.DataFrame
    themes: pd.DataFrame
    mistakes: pd.DataFrame


def progress_summary(store: ProgressStore, learner_id: int) -> ProgressSummary:
    return ProgressSummary(
        answered=store.answers.count(learner_id), rating=store.ratings.learner(learner_id),
        history=thinned(store.ratings.history(learner_id)), records=records(store, learner_id),
        by_day=skill_by_day(store, learner_id), themes=theme_performance(store, learner_id),
        mistakes=mistakes_by_rule(store, learner_id))
