"""Progress figures as pandas tables: accuracy and median time per skill per day, per-theme
performance, mistakes by rule, streak and timed records; CSV export and a merging import."""

from __future__ import annotations

import csv
import io
import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from typing import Any, TypeVar

import pandas as pd

from trainer.engine.inputs import bounded_int
from trainer.i18n import catalog
from trainer.practice.puzzle_service import bank_index, puzzle_rating
from trainer.rating import Rating
from trainer.store import answer_stats as stats
from trainer.store.progress_store import ProgressStore, answer_key

EXPORT_COLUMNS = ("created_at", "context", "skill", "item", "question", "answer", "expected",
                  "correct", "seconds", "rule_ids", "themes", "mode", "run", "rating_before",
                  "rating_after", "level")


def answers_frame(store: ProgressStore, learner_id: int) -> pd.DataFrame:
    """Every answer as a table (for the CSV export only: the figures are summed in SQL)."""
    rows = store.answer_rows(learner_id)
    frame = pd.DataFrame(rows, columns=["id", *EXPORT_COLUMNS])
    if not frame.empty:
        frame["created_at"] = pd.to_datetime(frame["created_at"], utc=True)
    return frame


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
    stored = store.puzzle_ratings_of([r.item for r in results if r.item in index])
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
    history: list[tuple[datetime, float, float]]
    """The rating after each rated answer, :func:`thinned` to at most ``HISTORY_POINTS``."""
    records: Records
    by_day: pd.DataFrame
    themes: pd.DataFrame
    mistakes: pd.DataFrame


def progress_summary(store: ProgressStore, learner_id: int) -> ProgressSummary:
    return ProgressSummary(
        answered=store.answer_count(learner_id), rating=store.learner_rating(learner_id),
        history=thinned(store.rating_history(learner_id)), records=records(store, learner_id),
        by_day=skill_by_day(store, learner_id), themes=theme_performance(store, learner_id),
        mistakes=mistakes_by_rule(store, learner_id))


def export_csv(store: ProgressStore, learner_id: int) -> str:
    """Every answer as CSV (the columns of ``EXPORT_COLUMNS``, times in ISO 8601 UTC)."""
    frame = answers_frame(store, learner_id)
    out = frame.reindex(columns=list(EXPORT_COLUMNS)).copy()
    if not out.empty:
        out["created_at"] = out["created_at"].map(lambda moment: moment.isoformat())
        for column in out.columns:
            if not pd.api.types.is_numeric_dtype(out[column]):
                out[column] = out[column].map(neutralise)
    return str(out.to_csv(index=False, lineterminator="\n"))


FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")


def neutralise(value: object) -> object:
    """OWASP's rule for CSV cells: text a spreadsheet would run as a formula (starting with
    =, +, -, @, tab or CR) gets a leading apostrophe; :func:`import_csv` takes it off again."""
    if isinstance(value, str) and value.startswith(FORMULA_STARTS):
        return "'" + value
    return value


def _restore(value: str) -> str:
    return value[1:] if value.startswith("'") and value[1:].startswith(FORMULA_STARTS) else value


MAX_IMPORT_ROWS = 100_000
MAX_IMPORT_MB = 64
"""The largest CSV file taken (100,000 exported answers take about 20 MB)."""
EARLIEST = datetime(2000, 1, 1, tzinfo=UTC)
LATEST = datetime(2100, 1, 1, tzinfo=UTC)
TEXT_LIMITS = {"context": 32, "skill": 32, "item": 128, "rule_ids": 256, "themes": 256,
               "mode": 32, "run": 64, "question": 4000, "answer": 4000, "expected": 4000}
"""The columns' own lengths (trainer.store.models), so a row fits on PostgreSQL as on SQLite."""
KNOWN_MODES = {"", "rated", "theme", "streak", "timed", "failed", "fresh", "practice", "new",
               "review"}


def _aware(moment: datetime) -> datetime:
    return moment if moment.tzinfo else moment.replace(tzinfo=UTC)


@dataclass(frozen=True)
class ImportReport:
    added: int
    duplicates: int
    bad: list[tuple[int, str]]


def import_csv(store: ProgressStore, learner_id: int, text: str,
               progress: Callable[[float], object] | None = None) -> ImportReport:
    """Merge exported answers back: new rows are added, rows already present are skipped; a file
    with a bad row adds nothing and reports every bad row by line. ``progress`` hears the share
    done (0–1): reading is the first half, storing in batches the second."""
    reader = csv.DictReader(io.StringIO(text))
    missing = [c for c in ("created_at", "context", "item", "correct", "seconds")
               if c not in (reader.fieldnames or [])]
    if missing:
        return ImportReport(0, 0, [(1, f"missing columns: {', '.join(missing)}")])
    seen: set[tuple[str, str, str]] = set()  # this file's own repeats; stored ones are
    total = max(1, text.count("\n"))          # skipped inside the import's transaction
    duplicates = 0
    bad: list[tuple[int, str]] = []
    fresh: list[dict[str, Any]] = []
    try:
        for line, row in enumerate(reader, start=2):
            if progress is not None and line % 5000 == 0:
                progress(min(0.5, line / total / 2))
            if line > MAX_IMPORT_ROWS + 1:
                bad.append((line, f"a file holds at most {MAX_IMPORT_ROWS} rows"))
                break
            try:
                parsed = _parse_row({k: _restore(v) if isinstance(v, str) else v
                                     for k, v in row.items()})
            except ValueError as error:
                bad.append((line, str(error)))
                continue
            key = answer_key(parsed["created_at"], parsed["item"], parsed["answer"])
            if key in seen:
                duplicates += 1
                continue
            seen.add(key)
            fresh.append(parsed)
    except csv.Error as error:
        bad.append((reader.line_num, f"not readable as CSV: {error}"))
    if bad:  # all or nothing: a file with a bad row adds nothing
        return ImportReport(0, duplicates, bad)
    added = store.import_answers(learner_id, fresh, None if progress is None else
                                 lambda sent: progress(0.5 + sent / max(1, len(fresh)) / 2))
    # the rest were stored already (before, or meanwhile by the same file imported elsewhere)
    return ImportReport(added, duplicates + len(fresh) - added, bad)


def _parse_row(row: dict[str, Any]) -> dict[str, Any]:
    try:
        created = datetime.fromisoformat(str(row.get("created_at", "")))
    except ValueError:
        raise ValueError(f"created_at {row.get('created_at')!r} is not a date and time") from None
    correct_text = str(row.get("correct", "")).strip().lower()
    if correct_text not in ("true", "false", "1", "0"):
        raise ValueError(f"correct must be true or false, not {row.get('correct')!r}")
    try:
        created = _aware(created).astimezone(UTC)
    except OverflowError:
        created = LATEST + timedelta(days=1)
    if not EARLIEST <= created <= LATEST:
        raise ValueError(f"created_at {row.get('created_at')!r} is not between 2000 and 2100")
    try:
        seconds = float(str(row.get("seconds", ""))[:40])
    except ValueError:
        raise ValueError(f"seconds {str(row.get('seconds'))[:40]!r} is not a number") from None
    if not math.isfinite(seconds) or not 0 <= seconds <= 86_400:
        raise ValueError("seconds must be a number from 0 to 86400")
    context = str(row.get("context", "")).strip()
    if not context or not str(row.get("item", "")).strip():
        raise ValueError("context and item are needed")
    for name, limit in TEXT_LIMITS.items():
        if len(str(row.get(name) or "")) > limit:
            raise ValueError(f"{name} is longer than {limit} characters")
    themes = [name for name in str(row.get("themes") or "").split(",") if name]
    unknown = [name for name in themes if f"theme.{name}" not in catalog("en")]
    if unknown:
        raise ValueError(f"unknown theme {unknown[0][:40]!r}")
    if str(row.get("mode") or "") not in KNOWN_MODES:
        raise ValueError(f"unknown mode {str(row.get('mode'))[:40]!r}")

    def number(name: str) -> float | None:
        value = str(row.get(name) or "").strip()
        if not value:
            return None
        try:
            number = float(value[:40])
        except ValueError:
            raise ValueError(f"{name} {value[:40]!r} is not a number") from None
        if not math.isfinite(number) or not 0 <= number <= 5000:
            raise ValueError(f"{name} must be a rating from 0 to 5000")
        return number

    return {"created_at": _aware(created), "context": context,
            "skill": str(row.get("skill") or context), "item": str(row["item"]),
            "question": str(row.get("question") or ""), "answer": str(row.get("answer") or ""),
            "expected": str(row.get("expected") or ""), "correct": correct_text in ("true", "1"),
            "seconds": seconds, "rule_ids": str(row.get("rule_ids") or ""),
            "themes": str(row.get("themes") or ""), "mode": str(row.get("mode") or ""),
            "run": str(row.get("run") or ""), "rating_before": number("rating_before"),
            "rating_after": number("rating_after"), "level": _level(row.get("level"))}


def _level(value: object) -> int | None:
    text = str(value or "").strip()
    if not text:
        return None
    level = bounded_int(text, 1, 9)
    if level is None:
        raise ValueError(f"level {text[:40]!r} is not a drill level 1 to 9")
    return level
