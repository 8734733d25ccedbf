"""The progress store on a real PostgreSQL server (any SQLAlchemy URL via DOU14_DATABASE_URL),
started as a throwaway cluster by the ``postgres_url`` fixture (tests/conftest.py)."""

from __future__ import annotations

from concurrent.futures import ThreadPoolExecutor

import pytest
from sqlalchemy import inspect

from tests.seeding import learners, rate_learner
from trainer.rating import Rating
from trainer.store import ProgressStore, open_database
from trainer.store.db import head_revision


def test_schema_and_progress_on_postgres(postgres_url: str) -> None:
    engine = open_database(postgres_url)
    tables = set(inspect(engine).get_table_names())
    assert {"learners", "answers", "lesson_progress", "puzzle_ratings", "review_items",
            "replays", "own_puzzles", "alembic_version"} <= tables and "schema_info" not in tables
    store = ProgressStore(engine)
    learner = store.create_learner("Pg")
    store.lessons.complete(learner.id, "red-points", 2, 10)
    rate_learner(store, learner.id, Rating(1520, 200, 0.06))
    assert store.lessons.state(learner.id, "red-points").best_stars == 2
    assert store.ratings.learner(learner.id).rating == pytest.approx(1520)
    reopened = ProgressStore(open_database(postgres_url))
    assert reopened.learner(learner.id) is not None
    with reopened.engine.connect() as connection:
        from sqlalchemy import text

        assert connection.execute(text("SELECT version_num FROM alembic_version")).scalar() == \
            head_revision()


def test_concurrent_answers_on_postgres(postgres_url: str) -> None:
    store = ProgressStore(open_database(postgres_url))
    learner = store.create_learner("Many").id

    def write(worker: int) -> None:
        own = ProgressStore(open_database(postgres_url))
        for number in range(25):
            own.answers.record(learner, context="drill", item=f"{worker}-{number}", question="q",
                              answer="a", expected="a", correct=True, seconds=1.0)

    with ThreadPoolExecutor(max_workers=6) as pool:
        list(pool.map(write, range(6)))
    assert store.answers.count(learner) == 150


def test_the_same_file_imported_at_once_through_two_replicas_is_stored_once(
        postgres_url: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """Two processes' stores (two engines) import one file at once: the learner's row lock
    makes the second see the first's rows and skip them."""
    from tests.test_practice import _import_twice_at_once
    from trainer.practice import csv_export

    first = ProgressStore(open_database(postgres_url))
    second = ProgressStore(open_database(postgres_url))
    owner = first.create_learner("Owner").id
    first.answers.record(owner, context="drill", item="red:2", question="q", answer="7",
                        expected="8", correct=False, seconds=5.0, skill="drill:red")
    exported = csv_export.export_csv(first, owner)
    learner = first.create_learner("Twice").id
    reports = _import_twice_at_once((first, second), learner, exported, monkeypatch)
    assert first.answers.count(learner) == 1
    assert sorted((r.added, r.duplicates) for r in reports) == [(0, 1), (1, 0)]


def test_unreachable_server_is_a_clear_message() -> None:
    from trainer.store import DatabaseUnreadable

    with pytest.raises(DatabaseUnreadable, match="Cannot use the progress database"):
        open_database("postgresql+psycopg://nobody@127.0.0.1:1/none?connect_timeout=2")


def test_no_drift_between_models_and_migrations_on_postgres(fresh_postgres_url: str) -> None:
    from alembic import command

    from trainer.store.db import alembic_config

    engine = open_database(fresh_postgres_url)
    with engine.connect() as connection:
        command.check(alembic_config(connection))
    engine.dispose()


def test_a_pre_alembic_database_is_stamped_and_upgraded_on_postgres(
        fresh_postgres_url: str) -> None:
    """A version-3 database (schema_info, no alembic_version) keeps its rows and moves on."""
    from alembic import command
    from sqlalchemy import create_engine, text

    from trainer.store.db import alembic_config

    engine = create_engine(fresh_postgres_url)
    with engine.begin() as connection:
        command.upgrade(alembic_config(connection), "r0003")
        connection.execute(text("DROP TABLE alembic_version"))
        connection.execute(text(
            "INSERT INTO learners (name, created_at, language, rules_json, rating, rd, volatility)"
            " VALUES ('Old', now(), 'zh', '{\"win_on_own_flip\": true, \"drawn_hand_pays\": false}',"
            " 1500, 350, 0.06)"))
    engine.dispose()
    store = ProgressStore(open_database(fresh_postgres_url))
    (learner,) = learners(store)
    assert learner.name == "Old" and learner.rules.win_pong_kong_on_own_flip is True
    with store.engine.connect() as connection:
        assert connection.execute(text("SELECT rules_json FROM learners")).scalar() == \
            '{"win_pong_kong_on_own_flip": true}'


def test_a_newer_revision_is_refused_without_writing_on_postgres(fresh_postgres_url: str) -> None:
    from sqlalchemy import create_engine, text

    from trainer.store import DatabaseUnreadable

    open_database(fresh_postgres_url).dispose()
    engine = create_engine(fresh_postgres_url)
    with engine.begin() as connection:
        connection.execute(text("UPDATE alembic_version SET version_num = 'r9999'"))
        before = connection.execute(text("SELECT count(*) FROM learners")).scalar()
    with pytest.raises(DatabaseUnreadable, match="newer version"):
        open_database(fresh_postgres_url)
    with engine.connect() as connection:
        assert connection.execute(text("SELECT version_num FROM alembic_version")).scalar() == \
            "r9999"
        assert connection.execute(text("SELECT count(*) FROM learners")).scalar() == before
    engine.dispose()
