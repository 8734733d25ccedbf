"""Alembic's environment: run the migrations on the connection ``trainer.store.db`` hands over
(``config.attributes["connection"]``), or on ``DOU14_DATABASE_URL`` when run from the command line.
SQLite changes tables in batch mode (copy and move), since it cannot alter columns."""

from __future__ import annotations

from alembic import context
from sqlalchemy import Connection, create_engine

from trainer.store.db import database_url
from trainer.store.models import Base


def _run(connection: Connection) -> None:
    context.configure(connection=connection, target_metadata=Base.metadata,
                      render_as_batch=connection.dialect.name == "sqlite",
                      compare_type=True)
    with context.begin_transaction():
        context.run_migrations()


def run_migrations_online() -> None:
    connection = context.config.attributes.get("connection")
    if connection is not None:
        _run(connection)
        return
    engine = create_engine(database_url())
    with engine.connect() as fresh:
        _run(fresh)
    engine.dispose()


if context.is_offline_mode():
    raise SystemExit("offline (SQL script) migrations are not supported; run them online")
run_migrations_online()
