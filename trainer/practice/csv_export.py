"""The learner's answers as CSV (export): every stored answer, times in ISO 8601 UTC, each text
cell a spreadsheet would run as a formula neutralised (the import, which takes that off again:
:mod:`trainer.practice.csv_import`)."""

from __future__ import annotations

from dataclasses import asdict

import pandas as pd

from trainer.practice.csv_import import FORMULA_STARTS
from trainer.store.progress_store import ProgressStore

EXPORT_COLUMNS = ("created_at", "context", "skill", "item", "question", "answer", "expected",
                  "correct", "seconds", "rule_ids", "themes", "mode", "run", "rating_before",
                  "rating_after", "level")


def answers_frame(store: ProgressStore, learner_id: int) -> pd.DataFrame:
    """Every answer as a table (for the CSV export only: the figures are summed in SQL)."""
    rows = [{**asdict(row), "rule_ids": ",".join(row.rule_ids), "themes": ",".join(row.themes)}
            for row in store.answers.rows(learner_id)]
    frame = pd.DataFrame(rows, columns=["id", *EXPORT_COLUMNS])
    if not frame.empty:
        frame["created_at"] = pd.to_datetime(frame["created_at"], utc=True)
    # a whole number or empty: beside answers with no level, a plain column turns float ("2.0")
    frame["level"] = frame["level"].astype("Int64")
    return frame


def export_csv(store: ProgressStore, learner_id: int) -> str:
    """Every answer as CSV (the columns of ``EXPORT_COLUMNS``, times in ISO 8601 UTC, a list's
    names separated by commas)."""
    frame = answers_frame(store, learner_id)
    out = frame.reindex(columns=list(EXPORT_COLUMNS)).copy()
    if not out.empty:
        out["created_at"] = out["created_at"].map(lambda moment: moment.isoformat())
        for column in out.columns:
            if not pd.api.types.is_numeric_dtype(out[column]):
                out[column] = out[column].map(neutralise)
    return str(out.to_csv(index=False, lineterminator="\n"))


def neutralise(value: object) -> object:
    """OWASP's rule for CSV cells: text a spreadsheet would run as a formula (starting with
    =, +, -, @, tab or CR) gets a leading apostrophe; :func:`import_csv` takes it off again."""
    if isinstance(value, str) and value.startswith(FORMULA_STARTS):
        return "'" + value
    return value
