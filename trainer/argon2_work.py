"""What the password-hashing process runs (``trainer.store.passwords`` starts it): argon2id with
one lane-thread, at the lowest CPU priority. A module of its own that imports nothing of the
trainer, so the process starts light. argon2-cffi keeps Python's interpreter lock while it
hashes: in a thread of the server it stalled every page run for each guess's fifth of a second
(a counting thread ran at half speed beside it), in a process of its own it takes only CPU the
page runs leave idle."""

from __future__ import annotations

import contextlib
import os
import threading
import time

from argon2 import PasswordHasher
from argon2.exceptions import InvalidHashError, VerificationError

_HASHER = PasswordHasher(parallelism=1)


ORPHAN_CHECK_SECONDS = 1.0
NICENESS = 5
"""Below page runs, so guessers cannot starve honest learners, but not at the floor (19): on a
machine whose cores are both taken, a hash at 19 gets under 1% of a core and one sign-in
takes twenty seconds; at 5 it gets about a quarter, under a second."""


def start() -> None:
    """Set the worker process up: nice :data:`NICENESS` (lowering one's own priority needs no
    right), and a watch that ends it once the server that started it is gone — a server killed
    outright (``kill -9``, an out-of-memory kill) cannot stop its worker, which would linger."""
    with contextlib.suppress(AttributeError, OSError):  # not a Unix: an ordinary process
        os.nice(NICENESS)
    parent = os.getppid()

    def watch() -> None:
        while os.getppid() == parent:
            time.sleep(ORPHAN_CHECK_SECONDS)
        os._exit(0)

    threading.Thread(target=watch, name="dou14-argon2-orphan-watch", daemon=True).start()


def hash_password(password: str) -> str:
    return _HASHER.hash(password)


def matches(stored_hash: str, password: str) -> bool:
    try:
        return _HASHER.verify(stored_hash, password)
    except (VerificationError, InvalidHashError):
        return False
