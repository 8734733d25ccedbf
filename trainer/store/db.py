"""Opening the progress database: the URL, SQLite's WAL mode, refusing damaged or newer files,
and bringing the schema to the newest Alembic revision.

Everything that could refuse a database is decided before anything is written: an existing
SQLite file is checked through a read-only connection (header, ``PRAGMA quick_check``, its
Alembic revision), so a refused file keeps every byte. A database written before Alembic (its
``schema_info`` version 1–3) is stamped at the matching revision, then upgraded.
"""

from __future__ import annotations

import os
import sqlite3
import threading
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from alembic import command
from alembic.config import Config
from alembic.script import ScriptDirectory
from platformdirs import user_data_dir
from sqlalchemy import Connection, Engine, create_engine, event, inspect, text
from sqlalchemy.engine import make_url
from sqlalchemy.exc import SQLAlchemyError
from sqlalchemy.pool import ConnectionPoolEntry

from trainer.store.db_problems import ENV_URL as ENV_URL
from trainer.store.db_problems import DatabaseUnreadable as DatabaseUnreadable
from trainer.store.db_problems import public_url

SQLITE_HEADER = b"SQLite format 3\x00"
LEGACY_REVISIONS = {1: "r0001", 2: "r0002", 3: "r0003"}
"""``schema_info.version`` of a database written before Alembic → the revision it matches."""


def write_problem(error: Exception) -> str:
    """What a failed database read or write means, as a catalog key under ``db.problem_``
    (never the SQL, a path or a password): ``full``, ``read_only``, ``busy``, ``io``,
    ``unreachable`` or ``other``."""
    text = str(getattr(error, "orig", error) or error).lower()
    for words, key in ((("disk is full", "no space"), "full"), (("readonly", "read-only"),
                       "read_only"), (("locked", "busy"), "busy"), (("disk i/o",), "io"),
                       (("connection", "could not connect", "server closed"), "unreachable")):
        if any(word in text for word in words):
            return key
    return "other"


def default_sqlite_path() -> Path:
    return Path(user_data_dir("dou14-trainer", appauthor=False)) / "progress.sqlite3"


def database_url() -> str:
    """``DOU14_DATABASE_URL`` if set, else a SQLite file under the user's data directory."""
    url = os.environ.get(ENV_URL, "").strip()
    if url:
        return url
    return f"sqlite:///{default_sqlite_path()}"


def alembic_config(connection: Connection | None = None) -> Config:
    """Alembic's configuration for the migrations shipped in the package."""
    config = Config()
    config.set_main_option("script_location", "trainer.store:migrations")
    if connection is not None:
        config.attributes["connection"] = connection
    return config


def known_revisions() -> set[str]:
    script = ScriptDirectory.from_config(alembic_config())
    return {revision.revision for revision in script.walk_revisions()}


def head_revision() -> str:
    head = ScriptDirectory.from_config(alembic_config()).get_current_head()
    assert head is not None
    return head


@dataclass(frozen=True)
class SchemaState:
    """Where a database stands: its Alembic revision, or the version of a pre-Alembic schema,
    or nothing at all (a new database)."""

    revision: str | None
    legacy_version: int | None
    has_tables: bool


def _state_from_tables(tables: set[str], revision: str | None,
                       legacy: int | None) -> SchemaState:
    return SchemaState(revision, legacy, bool(tables & {"learners", "answers"}))


def _check_state(state: SchemaState, where: str) -> None:
    if state.revision is not None:
        if state.revision not in known_revisions():
            raise DatabaseUnreadable("newer", where=where, revision=state.revision)
        return
    if state.legacy_version is not None:
        if state.legacy_version not in LEGACY_REVISIONS:
            raise DatabaseUnreadable("unknown_version", where=where,
                                     version=state.legacy_version)
        return
    if state.has_tables:
        raise DatabaseUnreadable("foreign", where=where)


def _check_sqlite_place(path: Path) -> None:
    """The folder of a SQLite file must exist (it is created) and be writable, and so must the
    file: SQLite writes its journal beside it. Each problem gets its own message."""
    folder = path.parent
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except OSError as error:
        raise DatabaseUnreadable("folder_uncreatable", folder=folder,
                                 reason=error.strerror or error.__class__.__name__) from None
    if not os.access(folder, os.W_OK | os.X_OK):
        raise DatabaseUnreadable("folder_read_only", folder=folder)
    if path.exists() and not os.access(path, os.R_OK | os.W_OK):
        raise DatabaseUnreadable("file_read_only", path=path)


def _sqlite_state(path: Path) -> SchemaState:
    """Read-only checks of an existing SQLite file: header, integrity, schema revision."""
    try:
        with path.open("rb") as handle:
            header = handle.read(16)
    except OSError as error:
        raise DatabaseUnreadable("file_unreadable", path=path,
                                 reason=error.strerror or error.__class__.__name__) from None
    if header != SQLITE_HEADER:
        raise DatabaseUnreadable("not_sqlite", path=path)
    try:
        connection = sqlite3.connect(f"file:{path}?mode=ro", uri=True)
        try:
            result = connection.execute("PRAGMA quick_check").fetchone()
            tables = {row[0] for row in connection.execute(
                "SELECT name FROM sqlite_master WHERE type = 'table'")}
            revision = None
            if "alembic_version" in tables:
                row = connection.execute("SELECT version_num FROM alembic_version").fetchone()
                revision = row[0] if row else None
            legacy = None
            if revision is None and "schema_info" in tables:
                row = connection.execute("SELECT version FROM schema_info").fetchone()
                legacy = int(row[0]) if row else None
        finally:
            connection.close()
    except sqlite3.DatabaseError as error:
        raise DatabaseUnreadable("damaged", path=path, reason=error) from None
    if not result or result[0] != "ok":
        raise DatabaseUnreadable("integrity", path=path, result=result)
    return _state_from_tables(tables, revision, legacy)


def _server_state(connection: Connection) -> SchemaState:
    tables = set(inspect(connection).get_table_names())
    revision = None
    if "alembic_version" in tables:
        revision = connection.execute(text("SELECT version_num FROM alembic_version")).scalar()
    legacy = None
    if revision is None and "schema_info" in tables:
        value = connection.execute(text("SELECT version FROM schema_info")).scalar()
        legacy = None if value is None else int(value)
    return _state_from_tables(tables, revision, legacy)


IMMEDIATE = "dou14_immediate"
"""Execution option: on SQLite, begin the transaction with BEGIN IMMEDIATE (the write lock is
taken first, so a read-compute-write such as a rating update cannot interleave)."""


WRITE_TURN_SECONDS = 10.0
"""How long a writer of this process waits its turn before asking SQLite itself (whose busy
timeout, set in :func:`_sqlite_pragmas`, is as long)."""


class _WriteTurns:
    """The writers of one SQLite file in this process take turns on a lock of their own.

    SQLite makes a second writer retry with growing sleeps (1, 2, 5 … 100 ms), so under many
    learners at once a writer slept on long after the lock was free. Here it waits on a lock
    that wakes it the moment the writer before it commits or rolls back. Another process on
    the same file is still kept out by SQLite's own lock and busy timeout."""

    _HELD = "dou14_write_turn"

    def __init__(self) -> None:
        self._lock = threading.Lock()

    def begin(self, connection: Connection) -> None:
        """SQLAlchemy's recipe for SQLite transactions: the driver's own implicit BEGIN is off
        (``isolation_level = None`` in :func:`_sqlite_pragmas`) and each transaction begins
        here; a write one (:data:`IMMEDIATE`) once it has its turn."""
        if not connection.get_execution_options().get(IMMEDIATE, False):
            connection.exec_driver_sql("BEGIN")
            return
        if self._lock.acquire(timeout=WRITE_TURN_SECONDS):
            connection.info[self._HELD] = True
        try:
            connection.exec_driver_sql("BEGIN IMMEDIATE")
        except BaseException:
            self.end(connection)
            raise

    def end(self, connection: Connection) -> None:
        """Commit or rollback: the next writer's turn."""
        self._hand_on(connection.info)

    def _hand_on(self, info: dict[Any, Any]) -> None:
        if info.pop(self._HELD, False):
            self._lock.release()

    def _checked_in(self, _dbapi_connection: object, record: ConnectionPoolEntry) -> None:
        """A connection back in the pool never keeps the turn (one dropped without a rollback,
        a lost server connection say, would otherwise make every later writer wait)."""
        self._hand_on(record.info)

    def held(self) -> bool:
        """Whether a writer has the turn now."""
        return self._lock.locked()

    def listen(self, engine: Engine) -> None:
        event.listen(engine, "begin", self.begin)
        event.listen(engine, "commit", self.end)
        event.listen(engine, "rollback", self.end)
        event.listen(engine, "checkin", self._checked_in)


_TURNS: dict[str, _WriteTurns] = {}
_TURNS_LOCK = threading.Lock()


def write_turns(path: Path) -> _WriteTurns:
    """The turns of one database file, shared by every engine of this process that opens it."""
    with _TURNS_LOCK:
        return _TURNS.setdefault(str(path.resolve()), _WriteTurns())


def _sqlite_pragmas(dbapi_connection: sqlite3.Connection, _record: object) -> None:
    dbapi_connection.isolation_level = None
    cursor = dbapi_connection.cursor()
    cursor.execute("PRAGMA journal_mode=WAL")
    cursor.execute(f"PRAGMA busy_timeout={round(WRITE_TURN_SECONDS * 1000)}")
    cursor.execute("PRAGMA foreign_keys=ON")
    cursor.execute("PRAGMA synchronous=NORMAL")
    cursor.close()


def _outside_transaction(connection: Connection, pragma: str) -> None:
    """A PRAGMA that only works outside a transaction (foreign_keys), on the driver's own
    connection: SQLAlchemy would begin one first (see :meth:`_WriteTurns.begin`)."""
    raw = connection.connection.dbapi_connection
    assert raw is not None
    raw.execute(pragma)


def upgrade(engine: Engine, state: SchemaState) -> None:
    """Bring the schema to the newest revision (stamping a pre-Alembic database first)."""
    if state.revision == head_revision():
        return
    sqlite = engine.dialect.name == "sqlite"
    with engine.connect() as connection:
        if sqlite:  # batch mode copies tables: foreign keys are checked again afterwards
            _outside_transaction(connection, "PRAGMA foreign_keys=OFF")
        with connection.begin():
            config = alembic_config(connection)
            if state.revision is None and state.legacy_version is not None:
                command.stamp(config, LEGACY_REVISIONS[state.legacy_version])
            command.upgrade(config, "head")
            if sqlite:
                broken = connection.exec_driver_sql("PRAGMA foreign_key_check").fetchall()
                if broken:
                    raise DatabaseUnreadable("orphans", count=len(broken))
        if sqlite:
            _outside_transaction(connection, "PRAGMA foreign_keys=ON")


def open_database(url: str | None = None) -> Engine:
    """An engine on ``url`` (default :func:`database_url`) with the schema at the newest revision.

    Raises :class:`DatabaseUnreadable` — before writing anything — for a damaged file, a newer
    or unknown schema, or an unreachable server.
    """
    url = url or database_url()
    try:
        parsed = make_url(url)
    except Exception:  # its text may hold a secret: none of it is repeated
        raise DatabaseUnreadable("bad_url") from None
    shown = public_url(parsed)
    is_sqlite = parsed.get_backend_name() == "sqlite"
    state: SchemaState | None = None
    turns = _WriteTurns()  # an in-memory database: its engine's own
    if is_sqlite and parsed.database and parsed.database != ":memory:":
        path = Path(parsed.database).expanduser()
        turns = write_turns(path)
        _check_sqlite_place(path)
        if path.exists() and path.stat().st_size > 0:
            state = _sqlite_state(path)
            _check_state(state, str(path))
    try:
        engine = create_engine(url, pool_pre_ping=not is_sqlite)
    except ModuleNotFoundError as error:
        raise DatabaseUnreadable("driver_missing", backend=parsed.get_backend_name(),
                                 module=error.name) from None
    except Exception as error:  # an unknown dialect, a bad option: said by kind
        raise DatabaseUnreadable("cannot_open", where=shown,
                                 reason=error.__class__.__name__) from None
    if is_sqlite:
        event.listen(engine, "connect", _sqlite_pragmas)
        turns.listen(engine)
    try:
        if state is None:
            with engine.connect() as connection:
                state = _server_state(connection)
                connection.rollback()
            _check_state(state, shown)
        upgrade(engine, state)
    except SQLAlchemyError as error:
        engine.dispose()
        # the driver's own text names the host, the socket or the user: said by kind only
        raise DatabaseUnreadable("cannot_use", where=shown,
                                 problem=write_problem(error)) from None
    except DatabaseUnreadable:
        engine.dispose()
        raise
    return engine
