"""The merging CSV import of exported answers, streamed: the file is read twice from its start
— once to check every row, once to store them in batches of ``IMPORT_BATCH`` inside one
transaction — so an import holds one batch, whatever the file's size (one 60 MB file took the
server from 432 to 900 MB when every row was read into memory first, and three at once to
1,651 MB). Nothing is written unless every row is good: a refusal says so, and names each
bad row by the line it starts on.

Excel's "CSV UTF-8" starts with a byte-order mark: it is skipped. A NUL character is refused
with its line (SQLite stored it; PostgreSQL refused the whole import as a database failure)."""

from __future__ import annotations

import csv
import io
import math
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta
from typing import IO, Any

from trainer.engine.inputs import bounded_int
from trainer.i18n import catalog, t
from trainer.lessons.run import AGAIN
from trainer.practice.import_limits import MAX_IMPORT_ROWS
from trainer.store.lists import comma_names
from trainer.store.progress_store import ProgressStore

REQUIRED = ("created_at", "context", "item", "correct", "seconds")
FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")
EARLIEST = datetime(2000, 1, 1, tzinfo=UTC)
LATEST = datetime(2100, 1, 1, tzinfo=UTC)
TEXT_LIMITS = {"context": 32, "skill": 32, "item": 128, "rule_ids": 4000, "themes": 4000,
               "mode": 32, "run": 64, "question": 4000, "answer": 4000, "expected": 4000}
"""The columns' own lengths (trainer.store.models), so a row fits on PostgreSQL as on SQLite;
the lists (rule ids, themes) are stored whole and bounded like the long texts."""
KNOWN_MODES = {"", "rated", "theme", "streak", "timed", "failed", "fresh", "practice", "new",
               "review", AGAIN}
KEPT_PROBLEMS = 100
"""Bad rows named in a refusal (all are counted)."""


class RowProblem(str):
    """Why a row (or the file) cannot be imported: the English text, as a string, with the
    catalog ``key`` (under ``import_row.``) and ``params`` to say it in a page's language."""

    key: str
    params: dict[str, object]

    def __new__(cls, key: str, **params: object) -> RowProblem:
        made = super().__new__(cls, t(f"import_row.{key}", "en", **params))
        made.key, made.params = key, params
        return made

    def said(self, lang: str) -> str:
        return t(f"import_row.{self.key}", lang, **self.params)


class BadRow(ValueError):
    def __init__(self, key: str, **params: object) -> None:
        self.problem = RowProblem(key, **params)
        super().__init__(self.problem)


@dataclass(frozen=True)
class ImportReport:
    """What an import did: rows added, rows already there (or repeated in the file), and the
    bad rows (the first ``KEPT_PROBLEMS``, by line; ``refused`` counts them all)."""

    added: int
    duplicates: int
    bad: list[tuple[int, RowProblem]] = field(default_factory=list)
    refused: int = 0


Source = IO[bytes] | bytes | str


def _binary(source: Source) -> IO[bytes]:
    if isinstance(source, str):
        return io.BytesIO(source.encode("utf-8"))
    if isinstance(source, bytes):
        return io.BytesIO(source)
    return source


def _size(handle: IO[bytes]) -> int:
    position = handle.tell()
    end = handle.seek(0, io.SEEK_END)
    handle.seek(position)
    return max(1, end)


@dataclass
class _Pass:
    """One reading of the file: its rows with the line each starts on, and where it stands."""

    handle: IO[bytes]
    rows: int = 0
    problem: tuple[int, RowProblem] | None = None
    """A problem of the file itself (not UTF-8, not CSV, too many rows): reading stopped."""

    def read(self) -> Iterator[tuple[int, dict[str, Any]]]:
        self.handle.seek(0)
        text = io.TextIOWrapper(self.handle, encoding="utf-8-sig", newline="")
        reader = csv.DictReader(text)
        try:
            if not reader.fieldnames:  # not even a header: an empty file
                self.problem = (1, RowProblem("empty"))
                return
            missing = [c for c in REQUIRED if c not in reader.fieldnames]
            if missing:
                self.problem = (1, RowProblem("missing_columns", columns=", ".join(missing)))
                return
            start = reader.line_num + 1
            for row in reader:
                self.rows += 1
                if self.rows > MAX_IMPORT_ROWS:
                    self.problem = (start, RowProblem("too_many", rows=MAX_IMPORT_ROWS))
                    return
                yield start, row
                start = reader.line_num + 1
        except UnicodeDecodeError:
            self.problem = (reader.line_num + 1, RowProblem("not_utf8"))
        except csv.Error as error:
            self.problem = (reader.line_num, RowProblem("not_csv", error=str(error)))
        finally:
            text.detach()  # the upload stays open for the next reading


def import_csv(store: ProgressStore, learner_id: int, source: Source,
               progress: Callable[[float], object] | None = None) -> ImportReport:
    """Merge exported answers back: new rows are added, rows already present are skipped; a file
    with a bad row adds nothing and reports the bad rows by line. ``source`` is the file (any
    seekable binary file: an upload is read where it is) or its text. ``progress`` hears the
    share done (0–1): checking is the first half, storing in batches the second."""
    handle = _binary(source)
    size = _size(handle)
    checking = _Pass(handle)
    bad: list[tuple[int, RowProblem]] = []
    refused = good = 0
    for line, row in checking.read():
        if progress is not None and checking.rows % 2000 == 0:
            progress(min(0.5, handle.tell() / size / 2))
        try:
            _parse_row(row)
        except BadRow as error:
            refused += 1
            if len(bad) < KEPT_PROBLEMS:
                bad.append((line, error.problem))
            continue
        good += 1
    if checking.problem is not None:
        refused += 1
        bad.append(checking.problem)
    if bad:  # all or nothing: a file with a bad row adds nothing
        return ImportReport(0, 0, bad, refused)
    storing = _Pass(handle)
    parsed = (_parse_row(row) for _line, row in storing.read())
    added = store.answers.import_many(learner_id, parsed, None if progress is None else
                                 lambda sent: progress(0.5 + sent / max(1, good) / 2))
    return ImportReport(added, good - added)


def restore(value: str) -> str:
    """A cell as it was before the export neutralised a formula (a leading apostrophe)."""
    return value[1:] if value.startswith("'") and value[1:].startswith(FORMULA_STARTS) else value


def _aware(moment: datetime) -> datetime:
    return moment if moment.tzinfo else moment.replace(tzinfo=UTC)


def _text(row: dict[str, Any], name: str) -> str:
    value = row.get(name)
    return restore(value) if isinstance(value, str) else ""


def _parse_row(raw: dict[str, Any]) -> dict[str, Any]:
    """One exported row as the store keeps it, or :class:`BadRow` saying why not."""
    for name, value in raw.items():
        if isinstance(value, str) and "\x00" in value:
            raise BadRow("nul", column=str(name)[:40].replace("\x00", "\\0"))
    row = {name: _text(raw, name) for name in raw if name is not None}  # extra cells: unread
    written = row.get("created_at", "")
    try:
        created = datetime.fromisoformat(written)
    except ValueError:
        raise BadRow("not_a_time", value=written[:40]) from None
    correct_text = row.get("correct", "").strip().lower()
    if correct_text not in ("true", "false", "1", "0"):
        raise BadRow("not_true_false", value=row.get("correct", "")[:40])
    try:
        created = _aware(created).astimezone(UTC)
    except OverflowError:
        created = LATEST + timedelta(days=1)
    if not EARLIEST <= created <= LATEST:
        raise BadRow("time_out_of_range", value=written[:40])
    try:
        seconds = float(row.get("seconds", "")[:40])
    except ValueError:
        raise BadRow("not_a_number", column="seconds", value=row.get("seconds", "")[:40]) \
            from None
    if not math.isfinite(seconds) or not 0 <= seconds <= 86_400:
        raise BadRow("seconds_out_of_range")
    context = row.get("context", "").strip()
    if not context or not row.get("item", "").strip():
        raise BadRow("context_and_item")
    for name, limit in TEXT_LIMITS.items():
        if len(row.get(name, "")) > limit:
            raise BadRow("too_long", column=name, limit=limit)
    themes = comma_names(row.get("themes", ""))
    unknown = [name for name in themes if f"theme.{name}" not in catalog("en")]
    if unknown:
        raise BadRow("unknown_theme", value=unknown[0][:40])
    if row.get("mode", "") not in KNOWN_MODES:
        raise BadRow("unknown_mode", value=row.get("mode", "")[:40])
    return {"created_at": created, "context": context, "skill": row.get("skill") or context,
            "item": row["item"], "question": row.get("question", ""),
            "answer": row.get("answer", ""), "expected": row.get("expected", ""),
            "correct": correct_text in ("true", "1"), "seconds": seconds,
            "rule_ids": comma_names(row.get("rule_ids", "")), "themes": themes,
            "mode": row.get("mode", ""), "run": row.get("run", ""),
            "rating_before": _rating(row, "rating_before"),
            "rating_after": _rating(row, "rating_after"), "level": _level(row.get("level"))}


def _rating(row: dict[str, str], name: str) -> float | None:
    value = row.get(name, "").strip()
    if not value:
        return None
    try:
        number = float(value[:40])
    except ValueError:
        raise BadRow("not_a_number", column=name, value=value[:40]) from None
    if not math.isfinite(number) or not 0 <= number <= 5000:
        raise BadRow("rating_out_of_range", column=name)
    return number


def _level(value: object) -> int | None:
    text = str(value or "").strip()
    if not text:
        return None
    # "2.0" too: a spreadsheet (or an older export) may write a whole number so
    level = bounded_int(text[:-2] if text.endswith(".0") else text, 1, 9)
    if level is None:
        raise BadRow("not_a_level", value=text[:40])
    return level

