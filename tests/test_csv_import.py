"""The CSV import under hostile or large files (issue 26): streamed in batches, so the memory it
holds does not grow with the file; one at a time per learner and a few per process; Excel's
byte-order mark read; a NUL refused by its line on SQLite and PostgreSQL alike; the refusal
worded as nothing imported; and text from a file drawn as text in the charts."""

from __future__ import annotations

import csv
import io
import json
import threading
import tracemalloc
from datetime import UTC, datetime, timedelta
from typing import Any

import pytest

from tests.apptest_helpers import app
from trainer.i18n import t
from trainer.practice import csv_export, import_jobs
from trainer.practice.csv_import import import_csv
from trainer.practice.import_limits import IMPORTS_AT_ONCE
from trainer.store import ProgressStore, open_database
from trainer.store.progress_store import IMPORT_BATCH

START = datetime(2026, 11, 1, 8, 0, tzinfo=UTC)


def exported(rows: int, **fields: str) -> str:
    """An export of ``rows`` drill answers a second apart (``fields`` set in every row)."""
    out = io.StringIO()
    writer = csv.DictWriter(out, fieldnames=list(csv_export.EXPORT_COLUMNS), lineterminator="\n")
    writer.writeheader()
    for number in range(rows):
        writer.writerow({"created_at": (START + timedelta(seconds=number)).isoformat(),
                         "context": "drill", "skill": "drill:red", "item": f"red:{number}",
                         "question": "How much red?", "answer": "7", "expected": "8",
                         "correct": "false", "seconds": "4.5", "rule_ids": "R-RED",
                         "themes": "", "mode": "", "run": "", "rating_before": "",
                         "rating_after": "", "level": "2", **fields})
    return out.getvalue()


@pytest.fixture
def store(tmp_path: Any) -> ProgressStore:
    return ProgressStore(open_database(f"sqlite:///{tmp_path / 'p.sqlite3'}"))


def _peak(store: ProgressStore, data: bytes) -> int:
    learner = store.create_learner(f"Peak {len(data)}").id
    source = io.BytesIO(data)
    tracemalloc.start()
    try:
        report = import_csv(store, learner, source)
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert report.added == data.count(b"\n") - 1
    return peak


def test_an_import_holds_one_batch_whatever_the_files_size(store: ProgressStore) -> None:
    small = exported(2 * IMPORT_BATCH).encode()
    large = exported(20 * IMPORT_BATCH).encode()
    small_peak, large_peak = _peak(store, small), _peak(store, large)
    assert large_peak < 1.5 * small_peak, (small_peak, large_peak)  # ten times the rows


def test_rows_are_stored_in_batches_and_duplicates_found_across_them(
        store: ProgressStore, monkeypatch: pytest.MonkeyPatch) -> None:
    from sqlalchemy.orm import Session

    sizes: list[int] = []
    real = Session.execute

    def watched(self: Session, statement: Any, params: Any = None, *a: Any, **k: Any) -> Any:
        if isinstance(params, list):
            sizes.append(len(params))
        return real(self, statement, params, *a, **k)

    learner = store.create_learner("Batches").id
    text = exported(3 * IMPORT_BATCH + 7)
    lines = text.splitlines(keepends=True)
    repeated = "".join([*lines, lines[1], lines[-1]])  # two rows again, far apart
    monkeypatch.setattr(Session, "execute", watched)
    report = import_csv(store, learner, repeated)
    monkeypatch.undo()
    assert (report.added, report.duplicates) == (3 * IMPORT_BATCH + 7, 2)
    assert max(sizes) <= IMPORT_BATCH and len(sizes) >= 4
    again = import_csv(store, learner, text)
    assert (again.added, again.duplicates) == (0, 3 * IMPORT_BATCH + 7)


def test_excels_byte_order_mark_is_read(store: ProgressStore) -> None:
    learner = store.create_learner("Excel user").id
    report = import_csv(store, learner, "\ufeff" + exported(3))
    assert (report.added, report.bad) == (3, [])


@pytest.mark.parametrize("text", ["", "\ufeff", "\n\n"])
def test_an_empty_file_is_called_empty(store: ProgressStore, text: str) -> None:
    """Walk 44: an empty file was told "Line 1: missing columns: …" with every column named."""
    learner = store.create_learner("Empty file").id
    report = import_csv(store, learner, text)
    assert (report.added, [(line, p.key) for line, p in report.bad]) == (0, [(1, "empty")])


@pytest.mark.parametrize("database", ["sqlite", "postgresql"])
def test_a_nul_is_refused_by_its_line_and_nothing_is_stored(
        database: str, store: ProgressStore, request: pytest.FixtureRequest) -> None:
    if database == "postgresql":
        store = ProgressStore(open_database(request.getfixturevalue("fresh_postgres_url")))
    learner = store.create_learner("Nul").id
    lines = exported(4).splitlines(keepends=True)
    lines[3] = lines[3].replace("How much red?", "How much\x00 red?")
    job = import_jobs.start_import(store, learner, f"nul-{database}", "".join(lines))[1]
    assert job.finished.wait(60)
    assert job.problem == ""  # not a database failure ("try again"): a refusal
    assert job.report is not None and [(line, p.key) for line, p in job.report.bad] == \
        [(4, "nul")]
    assert "question" in job.report.bad[0][1]
    assert store.answers.count(learner) == 0


def test_a_bad_row_is_named_by_the_line_it_starts_on(store: ProgressStore) -> None:
    learner = store.create_learner("Lines").id
    text = exported(3, question="two\nlines")  # each row spans two lines
    lines = text.split("\n")
    bad = text.replace(lines[5].split(",")[0], "not a time", 1)  # the third row
    report = import_csv(store, learner, bad)
    assert [(line, problem.key) for line, problem in report.bad] == [(6, "not_a_time")]


def test_imports_run_a_few_at_a_time_per_process(store: ProgressStore,
                                                 monkeypatch: pytest.MonkeyPatch) -> None:
    inside, most, lock = [0], [0], threading.Lock()
    release = threading.Event()
    storing = store.answers.import_many

    def held(*args: Any, **kwargs: Any) -> int:
        with lock:
            inside[0] += 1
            most[0] = max(most[0], inside[0])
        release.wait(30)
        try:
            return storing(*args, **kwargs)
        finally:
            with lock:
                inside[0] -= 1

    monkeypatch.setattr(store.answers, "import_many", held)
    learners = [store.create_learner(f"Crowd {n}").id for n in range(IMPORTS_AT_ONCE + 2)]
    jobs = [import_jobs.start_import(store, learner, f"crowd-{learner}", exported(2))[1]
            for learner in learners]
    deadline = datetime.now(UTC) + timedelta(seconds=30)
    while sum(not job.waiting for job in jobs) < IMPORTS_AT_ONCE and datetime.now(UTC) < deadline:
        threading.Event().wait(0.02)
    assert sum(not job.waiting for job in jobs) == IMPORTS_AT_ONCE  # the others wait their turn
    release.set()
    assert all(job.finished.wait(60) for job in jobs)
    assert most[0] == IMPORTS_AT_ONCE
    assert all(job.report is not None and job.report.added == 2 for job in jobs)


def test_the_refusal_says_nothing_was_imported(db: tuple[ProgressStore, str]) -> None:
    from tests.test_app_practice import _imported

    _store, learner = db
    lines = exported(3).splitlines(keepends=True)
    lines[2] = lines[2].replace("false", "maybe", 1)
    at = app("progress", as_learner=learner, lang="en")
    at.file_uploader(key="import").set_value(("mine.csv", "".join(lines).encode(), "text/csv"))
    _imported(at)
    assert at.error[0].value == t("progress.import_refused", "en", bad=1)
    (warning,) = at.warning
    assert warning.value == t("import_csv.bad_line", "en", line=3, problem=t(
        "import_row.not_true_false", "en", value="maybe"))
    zh = t("import_csv.bad_line", "zh", line=3, problem="")
    assert "skipped" not in warning.value and "跳过" not in zh


def test_text_from_a_file_is_drawn_as_text_in_the_charts(db: tuple[ProgressStore, str]) -> None:
    store, learner = db
    text = exported(3, skill="<b>bold</b>", rule_ids="<a href='http://x'>link</a>")
    assert import_csv(store, int(learner), text).added == 3
    at = app("progress", as_learner=learner, lang="en")
    charts = [json.loads(chart.proto.spec) for chart in at.get("plotly_chart")]
    drawn = json.dumps([trace.get(part) for chart in charts for trace in chart["data"]
                        for part in ("name", "y", "customdata")])
    assert "<b>" not in drawn and "<a " not in drawn
    assert "&lt;b&gt;bold&lt;/b&gt;" in drawn and "&lt;a href='http://x'&gt;link" in drawn
