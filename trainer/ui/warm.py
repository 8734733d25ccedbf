"""Work a page would otherwise pay on its first open in a server process, done once in the
background after the first page has run: the puzzle bank, read and its ids checked (about a
second and a half), and the modules behind it. A learner who opens Puzzles after Home finds it
ready; one who opens it sooner waits for the same reading, not a second one
(:func:`~trainer.practice.puzzle_bank.bank` holds a lock)."""

from __future__ import annotations

import logging
import threading

_threads: list[threading.Thread] = []
_lock = threading.Lock()


def warm_up() -> None:
    """Start the warm-up, once per process (a page run after that only takes the lock)."""
    with _lock:
        if not _threads:
            _threads.append(threading.Thread(target=_warm, name="warm-up", daemon=True))
            _threads[0].start()


def _warm() -> None:
    try:
        from trainer.practice.puzzle_bank import bank  # imported here: the first page needs none

        bank()
    except Exception:  # a bank that cannot be read is said where it is used
        logging.getLogger("dou14").exception("warming the puzzle bank failed")
