"""Passwords of private profiles: argon2id hashes (``argon2-cffi``), never the password.

Hashing is the one costly thing a stranger can make the server do (64 MiB and a fifth of a
second of a core per try), so it runs in a bounded pool: one process per server
(``HASHES_AT_ONCE``), at the lowest CPU priority (``trainer.argon2_work``), each hash on one
core (``parallelism=1``: the same memory and passes as argon2-cffi's default of 4 lanes, so the
same cost to an attacker). Guessing then slows sign-ins, never practice. A hash waits at most
``QUEUE_SECONDS`` for its turn, else the try is refused as busy. A hash made with other
parameters is replaced at the next sign-in that matches it. A check that fails lasts at least
``FAILURE_FLOOR`` seconds, whatever the hash it was checked against, so a wrong password for a
profile and a name nobody has cannot be told apart by time.
"""

from __future__ import annotations

import multiprocessing
import threading
import time
from collections.abc import Callable
from concurrent.futures import BrokenExecutor, ProcessPoolExecutor
from concurrent.futures import TimeoutError as Late
from typing import TypeVar

from argon2.exceptions import InvalidHashError

from trainer import argon2_work

MIN_PASSWORD = 8
MAX_PASSWORD = 256
HASHES_AT_ONCE = 1
QUEUE_SECONDS = 10.0
"""How long a hash waits for its turn in the pool before the try is refused as busy."""
FAILURE_FLOOR = 0.3
WORK_SECONDS = 60.0
"""A hash that takes longer means a stuck process: it is replaced."""

Result = TypeVar("Result")
_LOCK = threading.Lock()
_POOL: ProcessPoolExecutor | None = None
_TURNS = threading.BoundedSemaphore(HASHES_AT_ONCE)


class HashingBusy(RuntimeError):
    """The pool stayed full for ``QUEUE_SECONDS`` (or its process died): the try is refused,
    nothing checked."""


def pool() -> ProcessPoolExecutor:
    """The hashing process, started on first use (spawned: the server's threads stay out)."""
    global _POOL
    with _LOCK:
        if _POOL is None:
            _POOL = ProcessPoolExecutor(max_workers=HASHES_AT_ONCE,
                                        mp_context=multiprocessing.get_context("spawn"),
                                        initializer=argon2_work.start)
        return _POOL


def _restart() -> None:
    global _POOL
    with _LOCK:
        broken, _POOL = _POOL, None
    if broken is not None:
        broken.shutdown(wait=False, cancel_futures=True)


def _in_pool(work: Callable[..., Result], *args: str) -> Result:
    """``work(*args)`` in the hashing process, once it is this call's turn (the turns are taken
    here: the pool queues ahead of its process, where a waiting call could not be dropped);
    :class:`HashingBusy` if the turn has not come within ``QUEUE_SECONDS`` or the process
    died."""
    if not _TURNS.acquire(timeout=QUEUE_SECONDS):
        raise HashingBusy
    try:
        return pool().submit(work, *args).result(timeout=WORK_SECONDS)
    except (BrokenExecutor, Late):
        _restart()
        raise HashingBusy from None
    finally:
        _TURNS.release()


def hash_password(password: str) -> str:
    return _in_pool(argon2_work.hash_password, password)


_DUMMY_HASH = argon2_work.hash_password("not a password of anyone")


def password_matches(stored_hash: str | None, password: str) -> bool:
    """True when ``password`` is the one hashed; a damaged hash, or none (``None``: a name nobody
    has, an open profile), matches nothing after the same work."""
    began = time.monotonic()
    matched = _in_pool(argon2_work.matches, stored_hash or _DUMMY_HASH, password) \
        and stored_hash is not None
    spent = time.monotonic() - began
    if not matched and spent < FAILURE_FLOOR:
        time.sleep(FAILURE_FLOOR - spent)
    return matched


def needs_rehash(stored_hash: str) -> bool:
    """Whether a matching hash was made with other parameters than today's."""
    try:
        return argon2_work._HASHER.check_needs_rehash(stored_hash)
    except InvalidHashError:
        return True
