"""The progress store on a real PostgreSQL server (any SQLAlchemy URL via DOU14_DATABASE_URL):
a throwaway cluster is started for these tests and removed after."""

from __future__ import annotations

import glob
import os
import shutil
import socket
import subprocess
import tempfile
import time
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor

import pytest
from sqlalchemy import inspect

from trainer.rating import Rating
from trainer.store import ProgressStore, open_database
from trainer.store.db import SCHEMA_VERSION


def _binary(name: str) -> str:
    found = sorted(glob.glob(f"/usr/lib/postgresql/*/bin/{name}"))
    assert found, f"PostgreSQL's {name} is missing: `make test` installs Debian's postgresql"
    return found[-1]


@pytest.fixture(scope="module")
def postgres_url() -> Iterator[str]:
    folder = tempfile.mkdtemp(prefix="dou14-pg-")
    as_root = os.geteuid() == 0
    run_as = ["runuser", "-u", "postgres", "--"] if as_root else []
    if as_root:
        shutil.chown(folder, "postgres")
        os.chmod(folder, 0o700)
    data = os.path.join(folder, "data")
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port = sock.getsockname()[1]
    subprocess.run([*run_as, _binary("initdb"), "-D", data, "-U", "postgres", "-A", "trust"],
                   check=True, capture_output=True)
    subprocess.run([*run_as, _binary("pg_ctl"), "-D", data, "-w", "-l",
                    os.path.join(folder, "log"), "-o",
                    f"-p {port} -k {folder} -c listen_addresses=''", "start"],
                   check=True, capture_output=True)
    try:
        time.sleep(0.2)
        yield f"postgresql+psycopg://postgres@/postgres?host={folder}&port={port}"
    finally:
        subprocess.run([*run_as, _binary("pg_ctl"), "-D", data, "-m", "immediate", "stop"],
                       check=False, capture_output=True)
        shutil.rmtree(folder, ignore_errors=True)


def test_schema_and_progress_on_postgres(postgres_url: str) -> None:
    engine = open_database(postgres_url)
    tables = set(inspect(engine).get_table_names())
    assert {"learners", "answers", "lesson_progress", "puzzle_ratings", "review_items",
            "replays", "own_puzzles", "schema_info"} <= tables
    store = ProgressStore(engine)
    learner = store.create_learner("Pg")
    store.complete_lesson(learner.id, "red-points", 1, 10)
    store.save_learner_rating(learner.id, Rating(1520, 200, 0.06))
    assert store.lesson_state(learner.id, "red-points").best_stars == 2
    assert store.learner_rating(learner.id).rating == pytest.approx(1520)
    reopened = ProgressStore(open_database(postgres_url))
    assert reopened.learner(learner.id) is not None
    with reopened.engine.connect() as connection:
        from sqlalchemy import text

        assert connection.execute(text("SELECT version FROM schema_info")).scalar() == \
            SCHEMA_VERSION


def test_concurrent_answers_on_postgres(postgres_url: str) -> None:
    store = ProgressStore(open_database(postgres_url))
    learner = store.create_learner("Many").id

    def write(worker: int) -> None:
        own = ProgressStore(open_database(postgres_url))
        for number in range(25):
            own.record_answer(learner, context="drill", item=f"{worker}-{number}", question="q",
                              answer="a", expected="a", correct=True, seconds=1.0)

    with ThreadPoolExecutor(max_workers=6) as pool:
        list(pool.map(write, range(6)))
    assert store.answer_count(learner) == 150


def test_unreachable_server_is_a_clear_message() -> None:
    from trainer.store import DatabaseUnreadable

    with pytest.raises(DatabaseUnreadable, match="Cannot use the progress database"):
        open_database("postgresql+psycopg://nobody@127.0.0.1:1/none?connect_timeout=2")
