"""CSV imports off the page's critical path: each import runs in a thread of its own, and the
page reads its share done and, at the end, its report. The learner's pages stay usable
meanwhile; the import is still one transaction (all rows or none), so a process that dies
mid-import leaves nothing half-written.

Jobs are kept per process, by learner and uploaded file (a rerun of the page finds the job it
started instead of starting another); the last few finished ones are forgotten as new ones
start. A learner has one import at a time, and a process runs ``IMPORTS_AT_ONCE`` at a time:
the others wait their turn (``ImportJob.waiting``), so a crowd of uploads cannot take the
server's memory or its database's write lock all at once."""

from __future__ import annotations

import logging
import threading
from dataclasses import dataclass, field

from sqlalchemy.exc import SQLAlchemyError

from trainer.practice.csv_import import ImportReport, Source, import_csv
from trainer.practice.import_limits import IMPORTS_AT_ONCE
from trainer.store import ProgressStore
from trainer.store.db import write_problem

KEEP_FINISHED = 32
"""Finished jobs kept for their pages to read, per process."""


@dataclass
class ImportJob:
    """One import: ``done`` is the share done (0–1); when ``finished`` is set, ``report`` holds
    what was added or refused, or ``problem`` names the database's failure (a key under
    ``db.problem_``)."""

    done: float = 0.0
    waiting: bool = True
    """Not started yet: other imports of this process have the turn."""
    report: ImportReport | None = None
    problem: str = ""
    finished: threading.Event = field(default_factory=threading.Event)


_LOCK = threading.Lock()
_JOBS: dict[tuple[int, str], ImportJob] = {}
_TURNS = threading.BoundedSemaphore(IMPORTS_AT_ONCE)


def start_import(store: ProgressStore, learner_id: int, upload_id: str, source: Source
                 ) -> tuple[str, ImportJob]:
    """The import of this upload for this learner, started now in its own thread, or the one
    already started; while one of the learner's imports runs, that one (a reload, a new tab or
    the same file chosen again must not store the rows twice). Returns its upload id and job."""
    key = (learner_id, upload_id)
    with _LOCK:
        job = _JOBS.get(key)
        if job is not None:
            return upload_id, job
        running = _running(learner_id)
        if running is not None:
            return running, _JOBS[(learner_id, running)]
        finished = [k for k, j in _JOBS.items() if j.finished.is_set()]
        for old in finished[:max(0, len(finished) - KEEP_FINISHED + 1)]:
            del _JOBS[old]
        job = _JOBS[key] = ImportJob()
    threading.Thread(target=_run, args=(job, store, learner_id, source), daemon=True,
                     name=f"dou14-import-{learner_id}").start()
    return upload_id, job


def _run(job: ImportJob, store: ProgressStore, learner_id: int, source: Source) -> None:
    def heard(share: float) -> None:
        job.done = share

    try:
        with _TURNS:
            job.waiting = False
            job.report = import_csv(store, learner_id, source, heard)
    except SQLAlchemyError as error:  # a full disk, a server gone: said plainly by the page
        logging.getLogger("dou14").exception("database error in a CSV import")
        job.problem = write_problem(error)
    finally:
        job.done = 1.0
        job.finished.set()


def import_job(learner_id: int, upload_id: str) -> ImportJob | None:
    """The import of this upload started in this process, if any."""
    with _LOCK:
        return _JOBS.get((learner_id, upload_id))


def running_import(learner_id: int) -> str | None:
    """The upload id of the learner's import running in this process, if any (a page opened
    after a reload shows its progress)."""
    with _LOCK:
        return _running(learner_id)


def _running(learner_id: int) -> str | None:
    """The upload id of the learner's unfinished job (the caller holds ``_LOCK``)."""
    return next((upload for (learner, upload), job in _JOBS.items()
                 if learner == learner_id and not job.finished.is_set()), None)
