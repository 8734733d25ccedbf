"""Shared test settings: a deterministic hypothesis profile for CI, and a fresh progress database
with one learner for the app tests."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from hypothesis import HealthCheck, settings

from tests.postgres_cluster import throwaway_cluster
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


@pytest.fixture(scope="session")
def postgres_url() -> Iterator[str]:
    """A throwaway PostgreSQL cluster (Debian's binaries) on a private socket, for the session."""
    with throwaway_cluster() as url:
        yield url


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
