"""Sign-in that resists guessing and profile creation that resists flooding (issue 26): tries
counted per name and per client address in the database, exponential back-off past a few whose
refusals hash nothing, one answer for every failure, a bounded hashing pool, and names found by
their stored, indexed skeleton."""

from __future__ import annotations

import os
import re
import sqlite3
import threading
import time
from collections.abc import Iterator
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest
from sqlalchemy import inspect, text

from trainer import argon2_work
from trainer.store import ProgressStore, names, open_database, passwords
from trainer.store import accounts as accounts_module
from trainer.store.progress_store import ProgressError
from trainer.store.throttle import CREATE_CLIENT, SIGN_IN_CLIENT, SIGN_IN_NAME

SECRET = "correct horse battery"


class Clock:
    def __init__(self) -> None:
        self.now = datetime(2026, 12, 1, 9, 0, tzinfo=UTC)

    def __call__(self) -> datetime:
        return self.now

    def advance(self, seconds: float) -> None:
        self.now += timedelta(seconds=seconds)


@pytest.fixture
def clock() -> Clock:
    return Clock()


@pytest.fixture
def store(tmp_path: Path, clock: Clock) -> ProgressStore:
    return ProgressStore(open_database(f"sqlite:///{tmp_path / 'p.sqlite3'}"), clock=clock)


@pytest.fixture
def checks(monkeypatch: pytest.MonkeyPatch) -> Iterator[list[str]]:
    """Every password check (argon2 work) the accounts make, by the hash checked."""
    made: list[str] = []
    real = accounts_module.password_matches

    def counted(stored: str | None, password: str) -> bool:
        made.append(stored or "dummy")
        return real(stored, password)

    monkeypatch.setattr(accounts_module, "password_matches", counted)
    monkeypatch.setattr(passwords, "FAILURE_FLOOR", 0.0)  # the tests count, not time
    yield made


def _refusal(call: object) -> ProgressError:
    with pytest.raises(ProgressError) as caught:
        call()  # type: ignore[operator]
    return caught.value


def test_back_off_starts_after_a_few_wrong_passwords_and_hashes_nothing(
        store: ProgressStore, clock: Clock, checks: list[str]) -> None:
    store.create_learner("Cleo", password=SECRET)
    for _ in range(SIGN_IN_NAME.free + 1):  # the free tries, and the one that starts the wait
        assert _refusal(lambda: store.sign_in("Cleo", "wrong guess")).key == \
            "profile.sign_in_failed"
    checked = len(checks)
    refused = _refusal(lambda: store.sign_in("Cleo", SECRET))  # even the right password waits
    assert refused.key == "guard.sign_in_wait" and refused.params == {"seconds": 1}
    assert _refusal(lambda: store.sign_in("cleo", "x")).key == "guard.sign_in_wait"  # lookalike
    assert len(checks) == checked  # refused without any argon2 work
    waits = []
    for _ in range(4):  # each failure past the free ones doubles the wait
        clock.advance(waits[-1] if waits else 1)
        assert _refusal(lambda: store.sign_in("Cleo", "wrong guess")).key == \
            "profile.sign_in_failed"
        waits.append(_refusal(lambda: store.sign_in("Cleo", SECRET)).params["seconds"])
    assert waits == [2, 4, 8, 16]
    clock.advance(16)
    learner, _token = store.sign_in("Cleo", SECRET)  # the owner, once the wait is over
    assert learner.name == "Cleo"
    for _ in range(SIGN_IN_NAME.free):  # a success forgives the name's failures
        assert _refusal(lambda: store.sign_in("Cleo", "typo")).key == "profile.sign_in_failed"


def test_every_failure_says_the_same_and_counts_the_same(store: ProgressStore,
                                                         checks: list[str]) -> None:
    store.create_learner("Cleo", password=SECRET)
    store.create_learner("Open book")
    for name in ("Cleo", "Nobody at all", "Open book"):
        said = [_refusal(lambda name=name: store.sign_in(name, "wrong guess"))
                for _ in range(SIGN_IN_NAME.free + 2)]
        assert [r.key for r in said] == ["profile.sign_in_failed"] * (SIGN_IN_NAME.free + 1) \
            + ["guard.sign_in_wait"], name  # a name nobody has backs off alike
    assert len(checks) == 3 * (SIGN_IN_NAME.free + 1)  # the same work for each: one check a try


def test_one_client_guessing_many_names_backs_off(store: ProgressStore, clock: Clock,
                                                  checks: list[str]) -> None:
    store.create_learner("Cleo", password=SECRET)
    for number in range(SIGN_IN_CLIENT.free + 1):
        assert _refusal(lambda number=number: store.sign_in(
            f"Guess {number}", "pw", client="203.0.113.7")).key == "profile.sign_in_failed"
    assert _refusal(lambda: store.sign_in("Cleo", SECRET, client="203.0.113.7")).key == \
        "guard.sign_in_wait"
    assert store.sign_in("Cleo", SECRET, client="198.51.100.2")[0].name == "Cleo"  # others not


@pytest.mark.parametrize("database", ["sqlite", "postgresql"])
def test_guesses_sent_at_once_are_counted_before_they_are_checked(
        database: str, store: ProgressStore, checks: list[str], clock: Clock,
        request: pytest.FixtureRequest) -> None:
    if database == "postgresql":
        store = ProgressStore(open_database(request.getfixturevalue("fresh_postgres_url")),
                              clock=clock)
    store.create_learner("Cleo", password=SECRET)
    answers: list[str] = []
    start = threading.Barrier(12)

    def guess() -> None:
        start.wait()
        answers.append(_refusal(lambda: store.sign_in("Cleo", "parallel guess")).key)

    threads = [threading.Thread(target=guess) for _ in range(12)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert len(checks) == SIGN_IN_NAME.free + 1  # the rest refused before any hashing
    assert answers.count("guard.sign_in_wait") == 12 - SIGN_IN_NAME.free - 1


def _hold(flag: str) -> None:
    """Keep the hashing process busy until ``flag`` exists (runs in that process)."""
    while not Path(flag).exists():
        time.sleep(0.01)


def test_password_hashing_runs_in_one_process_of_a_lower_priority(
        store: ProgressStore, monkeypatch: pytest.MonkeyPatch) -> None:
    """Eight guessers on eight names from eight addresses: their hashes all run in one process
    (argon2 takes 64 MiB and a core each, and keeps the interpreter lock: in the server's own
    threads it stalled every page run), at a lower priority (argon2_work.NICENESS), one at a time."""
    monkeypatch.setattr(passwords, "FAILURE_FLOOR", 0.0)
    start = threading.Barrier(8)

    def guess(number: int) -> None:
        start.wait()
        _refusal(lambda: store.sign_in(f"Target {number}", "pw", client=f"10.0.0.{number}"))

    threads = [threading.Thread(target=guess, args=(n,)) for n in range(8)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    worker = passwords.pool()
    assert worker._max_workers == passwords.HASHES_AT_ONCE == 1  # type: ignore[attr-defined]
    pid, nice = worker.submit(os.getpid).result(), worker.submit(os.nice, 0).result()
    assert pid != os.getpid() and nice == argon2_work.NICENESS


def test_the_hashing_process_ends_with_the_server(tmp_path: Path) -> None:
    """A server killed outright (kill -9) leaves no hashing process behind."""
    import signal
    import subprocess
    import sys

    script = ("import os, sys; from trainer.store import passwords; "
              "passwords.password_matches(None, 'x'); "
              "print(passwords.pool().submit(os.getpid).result(), flush=True); "
              "sys.stdin.read()")
    server = subprocess.Popen([sys.executable, "-c", script], stdin=subprocess.PIPE,
                              stdout=subprocess.PIPE, text=True)
    assert server.stdout is not None
    worker = int(server.stdout.readline())
    server.send_signal(signal.SIGKILL)
    server.wait(30)
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline and Path(f"/proc/{worker}").exists() and \
            not re.search(r"^State:\s+Z", Path(f"/proc/{worker}/status").read_text(), re.M):
        time.sleep(0.05)
    status = Path(f"/proc/{worker}/status")
    assert not status.exists() or re.search(r"^State:\s+Z", status.read_text(), re.M)


def test_a_full_pool_refuses_as_busy(store: ProgressStore, tmp_path: Path,
                                     monkeypatch: pytest.MonkeyPatch) -> None:
    store.create_learner("Cleo", password=SECRET)
    monkeypatch.setattr(passwords, "QUEUE_SECONDS", 0.01)
    flag = tmp_path / "go"
    assert passwords._TURNS.acquire(timeout=10)  # the hashing process's turn, taken
    held = passwords.pool().submit(_hold, str(flag))
    try:
        assert _refusal(lambda: store.sign_in("Cleo", SECRET)).key == "guard.busy"
    finally:
        flag.touch()
        held.result(60)
        passwords._TURNS.release()
    monkeypatch.setattr(passwords, "QUEUE_SECONDS", 10.0)
    assert store.sign_in("Cleo", SECRET)[0].name == "Cleo"


def test_an_old_hash_is_replaced_at_the_next_sign_in(store: ProgressStore) -> None:
    from argon2 import PasswordHasher

    cleo = store.create_learner("Cleo", password=SECRET)
    old = PasswordHasher().hash(SECRET)  # argon2-cffi's default: 4 lanes, 4 threads
    with store.engine.begin() as connection:
        connection.execute(text("UPDATE learners SET password_hash = :h WHERE id = :i"),
                           {"h": old, "i": cleo.id})
    store.sign_in("Cleo", SECRET)
    with store.engine.connect() as connection:
        now = connection.execute(text("SELECT password_hash FROM learners")).scalar()
    assert now != old and ",p=1$" in now
    assert store.sign_in("Cleo", SECRET)[0].id == cleo.id


def test_a_taken_name_is_refused_in_the_words_typed(store: ProgressStore) -> None:
    """"B0b" against a private "Bob": refused, saying "B0b" — never the stored spelling."""
    store.create_learner("Bob", password=SECRET)
    refused = _refusal(lambda: store.create_learner("B0b"))
    assert refused.key == "profile.name_taken" and refused.params == {"name": "B0b"}


def test_profile_creation_is_rate_limited_per_client(store: ProgressStore,
                                                     clock: Clock) -> None:
    for number in range(CREATE_CLIENT.free + 1):
        store.create_learner(f"Pupil {number}", client="192.0.2.10")
    refused = _refusal(lambda: store.create_learner("One more", client="192.0.2.10"))
    assert refused.key == "guard.create_wait" and refused.params == {"seconds": 1}
    assert _refusal(lambda: store.create_learner("Pupil 1", client="192.0.2.10")).key == \
        "guard.create_wait"  # a taken name is no way round it
    store.create_learner("Elsewhere", client="192.0.2.11")
    clock.advance(1)
    store.create_learner("One more", client="192.0.2.10")
    assert _refusal(lambda: store.create_learner("And more", client="192.0.2.10")).params == \
        {"seconds": 2}


def test_names_are_found_by_their_stored_skeleton(store: ProgressStore,
                                                  monkeypatch: pytest.MonkeyPatch) -> None:
    """Creation and sign-in look a name up in the index: the skeleton is computed of the name
    typed only, never of each stored one (1.0 s and 0.45 s at 50,000 profiles before)."""
    for number in range(60):
        store.create_learner(f"Learner {number}")
    store.create_learner("Cleo", password=SECRET)
    computed: list[str] = []
    real = names.skeleton
    monkeypatch.setattr(names, "skeleton", lambda name: computed.append(name) or real(name))
    monkeypatch.setattr(passwords, "FAILURE_FLOOR", 0.0)
    store.create_learner("Newcomer")
    assert _refusal(lambda: store.create_learner("CLE0")).key == "profile.name_taken"
    store.sign_in("Cleo", SECRET)
    assert computed == ["Newcomer", "CLE0", "Cleo"]
    with store.engine.connect() as connection:
        stored = dict(connection.execute(text("SELECT name, name_skeleton FROM learners")).all())
        plan = " ".join(str(row[-1]) for row in connection.execute(text(
            "EXPLAIN QUERY PLAN SELECT id FROM learners WHERE name_skeleton = 'cleo'")))
    assert stored["Cleo"] == real("Cleo") and stored["Learner 7"] == real("Learner 7")
    assert "ix_learners_name_skeleton" in plan
    assert "ix_learners_name_skeleton" in {i["name"] for i in inspect(store.engine)
                                           .get_indexes("learners")}


FIXTURES = Path(__file__).resolve().parent / "fixtures"


@pytest.mark.parametrize("version", [1, 2, 3])
def test_old_databases_get_their_skeletons_in_place(tmp_path: Path, version: int) -> None:
    path = tmp_path / "old.sqlite3"
    path.write_bytes((FIXTURES / f"progress_v{version}.sqlite3").read_bytes())
    store = ProgressStore(open_database(f"sqlite:///{path}"))
    with store.engine.connect() as connection:
        stored = dict(connection.execute(text("SELECT name, name_skeleton FROM learners")).all())
    assert stored == {"Ann": names.skeleton("Ann"), "Bob": names.skeleton("Bob")}
    assert _refusal(lambda: store.create_learner("ANN")).key == "profile.name_taken"


def test_a_name_stored_before_invisible_characters_were_refused_gets_a_skeleton(
        tmp_path: Path) -> None:
    """A revision-r0011 database holding "Zoe\\u200b" (allowed once): upgraded in place."""
    from alembic import command

    from trainer.store.db import alembic_config

    path = tmp_path / "r11.sqlite3"
    from sqlalchemy import create_engine

    engine = create_engine(f"sqlite:///{path}")
    with engine.begin() as connection:
        command.upgrade(alembic_config(connection), "r0011")
        connection.execute(text(
            "INSERT INTO learners (name, public_id, created_at, language, rules_json, rating, rd,"
            " volatility, play_json) VALUES ('Zoe\u200b', 'abc', '2026-11-30 10:00:00', 'en', "
            "'{}', 1500, 350, 0.06, '{}')"))
    engine.dispose()
    store = ProgressStore(open_database(f"sqlite:///{path}"))
    assert _refusal(lambda: store.create_learner("ZOE")).key == "profile.name_taken"
    assert sqlite3.connect(path).execute("SELECT name_skeleton FROM learners").fetchone() == \
        (names.skeleton("Zoe"),)


def test_counts_are_kept_as_hashes_only(store: ProgressStore) -> None:
    _refusal(lambda: store.sign_in("Secret Name", "pw", client="203.0.113.99"))
    with store.engine.connect() as connection:
        keys = [row[0] for row in connection.execute(text("SELECT key FROM rate_limits"))]
    assert len(keys) == 2 and all(len(key) == 64 for key in keys)
    assert not any("203.0" in key or "secret" in key.lower() for key in keys)
