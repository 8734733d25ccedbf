"""Passwords of private profiles: argon2id hashes (``argon2-cffi``), never the password.

Hashing is the one costly thing a stranger can make the server do (64 MiB and a fifth of a
second of a core per try), so it runs in a bounded pool: at most ``HASHES_AT_ONCE`` at a time per
process, one thread each (``parallelism=1``: the same memory and passes as argon2-cffi's default
of 4 lanes, so the same cost to an attacker, but on one core, leaving the others to the
learners). A hash made with other parameters is replaced at the next sign-in that matches it.
A check that fails lasts at least ``FAILURE_FLOOR`` seconds, whatever the hash it was checked
against, so a wrong password for a profile and a name nobody has cannot be told apart by time.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager

from argon2 import PasswordHasher
from argon2.exceptions import InvalidHashError, VerificationError

MIN_PASSWORD = 8
MAX_PASSWORD = 256
HASHES_AT_ONCE = 1
QUEUE_SECONDS = 10.0
"""How long a hash waits for its turn in the pool before the try is refused as busy."""
FAILURE_FLOOR = 0.3

_HASHER = PasswordHasher(parallelism=1)
_SLOTS = threading.BoundedSemaphore(HASHES_AT_ONCE)


class HashingBusy(RuntimeError):
    """The pool stayed full for ``QUEUE_SECONDS``: the try is refused, nothing checked."""


@contextmanager
def _turn() -> Iterator[None]:
    if not _SLOTS.acquire(timeout=QUEUE_SECONDS):
        raise HashingBusy
    try:
        yield
    finally:
        _SLOTS.release()


def hash_password(password: str) -> str:
    with _turn():
        return _HASHER.hash(password)


def _matches(stored_hash: str, password: str) -> bool:
    try:
        return _HASHER.verify(stored_hash, password)
    except (VerificationError, InvalidHashError):
        return False


_DUMMY_HASH = _HASHER.hash("not a password of anyone")


def password_matches(stored_hash: str | None, password: str) -> bool:
    """True when ``password`` is the one hashed; a damaged hash, or none (``None``: a name nobody
    has, an open profile), matches nothing after the same work."""
    with _turn():
        began = time.monotonic()
        matched = _matches(stored_hash or _DUMMY_HASH, password) and stored_hash is not None
        spent = time.monotonic() - began
    if not matched and spent < FAILURE_FLOOR:  # outside the pool: the next hash goes on
        time.sleep(FAILURE_FLOOR - spent)
    return matched


def needs_rehash(stored_hash: str) -> bool:
    """Whether a matching hash was made with other parameters than today's."""
    try:
        return _HASHER.check_needs_rehash(stored_hash)
    except InvalidHashError:
        return True
