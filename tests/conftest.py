"""Shared test settings: a deterministic hypothesis profile for CI, and a fresh progress database
with one learner for the app tests."""

from __future__ import annotations

import glob
import os
import shutil
import socket
import subprocess
import tempfile
import time
from collections.abc import Iterator
from pathlib import Path

import pytest
from hypothesis import HealthCheck, settings

from trainer.store import ProgressStore, open_database
from trainer.ui import session

settings.register_profile(
    "default", max_examples=300, deadline=None, derandomize=True,
    suppress_health_check=[HealthCheck.too_slow],
)
settings.load_profile("default")


@pytest.fixture
def db(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[tuple[ProgressStore, str]]:
    """A fresh SQLite progress database for the app (``DOU14_DATABASE_URL``) and the id of one
    learner, Ann."""
    url = f"sqlite:///{tmp_path / 'p.sqlite3'}"
    monkeypatch.setenv("DOU14_DATABASE_URL", url)
    session._store.clear()
    store = ProgressStore(open_database(url))
    yield store, str(store.create_learner("Ann").id)
    session._store.clear()


def _binary(name: str) -> str:
    found = sorted(glob.glob(f"/usr/lib/postgresql/*/bin/{name}"))
    assert found, f"PostgreSQL's {name} is missing: `make test` installs Debian's postgresql"
    return found[-1]


@pytest.fixture(scope="session")
def postgres_url() -> Iterator[str]:
    """A throwaway PostgreSQL cluster (Debian's binaries) on a private socket, for the session."""
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


@pytest.fixture
def fresh_postgres_url(postgres_url: str) -> Iterator[str]:
    """A new, empty database on the throwaway cluster, dropped afterwards."""
    from uuid import uuid4

    from sqlalchemy import create_engine, text

    name = f"t_{uuid4().hex[:12]}"
    admin = create_engine(postgres_url, isolation_level="AUTOCOMMIT")
    with admin.connect() as connection:
        connection.execute(text(f"CREATE DATABASE {name}"))
    try:
        yield postgres_url.replace("/postgres?", f"/{name}?")
    finally:
        with admin.connect() as connection:
            connection.execute(text(f"DROP DATABASE IF EXISTS {name} WITH (FORCE)"))
        admin.dispose()
