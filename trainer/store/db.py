"""Opening the progress database: the URL, SQLite's WAL mode, refusing damaged files, and
creating or upgrading the schema.

A damaged or unreadable SQLite file raises :class:`DatabaseUnreadable` with a clear message and
is never written to: the file is checked read-only before SQLAlchemy touches it.
"""

from __future__ import annotations

import os
import sqlite3
from collections.abc import Callable
from pathlib import Path

from platformdirs import user_data_dir
from sqlalchemy import Engine, create_engine, event, inspect, select, text
from sqlalchemy.engine import make_url
from sqlalchemy.exc import SQLAlchemyError
from sqlalchemy.orm import Session

from trainer.store.models import Base, SchemaInfo

ENV_URL = "DOU14_DATABASE_URL"
SCHEMA_VERSION = 3
SQLITE_HEADER = b"SQLite format 3\x00"


class DatabaseUnreadable(RuntimeError):
    """The progress database cannot be used; the message says why and what to do."""


def default_sqlite_path() -> Path:
    return Path(user_data_dir("dou14-trainer", appauthor=False)) / "progress.sqlite3"


def database_url() -> str:
    """``DOU14_DATABASE_URL`` if set, else a SQLite file under the user's data directory."""
    url = os.environ.get(ENV_URL, "").strip()
    if url:
        return url
    return f"sqlite:///{default_sqlite_path()}"


def _check_sqlite_file(path: Path) -> None:
    """Read-only checks of an existing SQLite file: header, then ``PRAGMA quick_check``."""
    if not path.exists() or path.stat().st_size == 0:
        return
    try:
        with path.open("rb") as handle:
            header = handle.read(16)
    except OSError as error:
        raise DatabaseUnreadable(f"The progress database {path} cannot be read: {error}.") from None
    if header != SQLITE_HEADER:
        raise DatabaseUnreadable(
            f"The progress database {path} is not a SQLite database (damaged or another file). "
            f"It was left untouched: move it away, or set {ENV_URL} to another database.")
    try:
        connection = sqlite3.connect(f"file:{path}?mode=ro", uri=True)
        try:
            result = connection.execute("PRAGMA quick_check").fetchone()
        finally:
            connection.close()
    except sqlite3.DatabaseError as error:
        raise DatabaseUnreadable(
            f"The progress database {path} is damaged ({error}). It was left untouched: "
            f"move it away, or set {ENV_URL} to another database.") from None
    if not result or result[0] != "ok":
        raise DatabaseUnreadable(
            f"The progress database {path} failed its integrity check ({result}). It was left "
            f"untouched: move it away, or set {ENV_URL} to another database.")


def _sqlite_pragmas(dbapi_connection: sqlite3.Connection, _record: object) -> None:
    cursor = dbapi_connection.cursor()
    cursor.execute("PRAGMA journal_mode=WAL")
    cursor.execute("PRAGMA busy_timeout=10000")
    cursor.execute("PRAGMA foreign_keys=ON")
    cursor.execute("PRAGMA synchronous=NORMAL")
    cursor.close()


def _v2_columns(session: Session) -> None:
    """v2: ratings on learners; skill, themes, mode, run and rating change on answers (new
    tables are created by ``create_all``)."""
    columns = {
        "learners": [("rating", "FLOAT DEFAULT 1500.0"), ("rd", "FLOAT DEFAULT 350.0"),
                     ("volatility", "FLOAT DEFAULT 0.06")],
        "answers": [("skill", "VARCHAR(32) DEFAULT ''"), ("themes", "VARCHAR(256) DEFAULT ''"),
                    ("mode", "VARCHAR(32) DEFAULT ''"), ("run", "VARCHAR(64) DEFAULT ''"),
                    ("rating_before", "FLOAT"), ("rating_after", "FLOAT")],
    }
    inspector = inspect(session.connection())
    for table, wanted in columns.items():
        present = {column["name"] for column in inspector.get_columns(table)}
        for name, kind in wanted:
            if name not in present:
                session.execute(text(f"ALTER TABLE {table} ADD COLUMN {name} {kind}"))


def _v3_tables(session: Session) -> None:
    """v3: stored replays and own puzzles — new tables only, made by ``create_all``."""


MIGRATIONS: dict[int, Callable[[Session], None]] = {2: _v2_columns, 3: _v3_tables}
"""``MIGRATIONS[n]`` upgrades a database from version n − 1 to n (1 is the initial schema)."""


def _upgrade(engine: Engine) -> None:
    tables = set(inspect(engine).get_table_names())
    with Session(engine) as session, session.begin():
        if "schema_info" not in tables:
            Base.metadata.create_all(session.connection())
            session.add(SchemaInfo(id=1, version=SCHEMA_VERSION))
            return
        info = session.scalars(select(SchemaInfo)).first()
        version = info.version if info else 0
        if version > SCHEMA_VERSION:
            raise DatabaseUnreadable(
                f"The progress database is at schema version {version}, newer than this app "
                f"({SCHEMA_VERSION}). Update the trainer; the database was left untouched.")
        for target in range(version + 1, SCHEMA_VERSION + 1):
            MIGRATIONS[target](session)
        Base.metadata.create_all(session.connection())
        if info is None:
            session.add(SchemaInfo(id=1, version=SCHEMA_VERSION))
        else:
            info.version = SCHEMA_VERSION


def open_database(url: str | None = None) -> Engine:
    """An engine on ``url`` (default :func:`database_url`) with the schema created or upgraded.

    Raises :class:`DatabaseUnreadable` for a damaged file or an unreachable server.
    """
    url = url or database_url()
    try:
        parsed = make_url(url)
    except Exception as error:
        raise DatabaseUnreadable(f"{ENV_URL} is not a database URL: {url!r} ({error}).") from None
    is_sqlite = parsed.get_backend_name() == "sqlite"
    if is_sqlite and parsed.database and parsed.database != ":memory:":
        path = Path(parsed.database).expanduser()
        _check_sqlite_file(path)
        path.parent.mkdir(parents=True, exist_ok=True)
    try:
        engine = create_engine(url, future=True, pool_pre_ping=not is_sqlite)
    except Exception as error:
        raise DatabaseUnreadable(f"Cannot open the progress database {url!r}: {error}.") from None
    if is_sqlite:
        event.listen(engine, "connect", _sqlite_pragmas)
    try:
        with engine.connect() as connection:
            connection.execute(text("SELECT 1"))
        _upgrade(engine)
    except SQLAlchemyError as error:
        engine.dispose()
        raise DatabaseUnreadable(
            f"Cannot use the progress database {parsed.render_as_string(hide_password=True)}: "
            f"{error.__class__.__name__}: {str(error).splitlines()[0]}") from None
    return engine
