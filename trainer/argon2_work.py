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


def start() -> None:
    """Set the worker process up: nice 19 (lowering one's own priority needs no right), and a
    watch that ends it once the server that started it is gone — a server killed outright
    (``kill -9``, an out-of-memory kill) cannot stop its worker, which would linger for good."""
    with contextlib.suppress(AttributeError, OSError):  # not a Unix: an ordinary process
        os.nice(19)
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
