"""The puzzle bank read once the server has its first visitor, in a thread of its own: reading
and checking its 2,400 puzzles takes seconds of CPU, and the first learner to open Puzzles or
Progress after a restart waited for it. Read here while they are still on the home page, it is
in memory (``puzzle_service.bank``, shared by every session) when they get there."""

from __future__ import annotations

import threading

from trainer.practice import puzzle_service

_LOCK = threading.Lock()
_STARTED: list[threading.Thread] = []


def warm_up() -> threading.Thread | None:
    """Once per process: start reading the bank in the background (the thread, the first time;
    None after). A page that needs the bank meanwhile waits on the bank's own lock, not twice
    the work."""
    if _STARTED:
        return None
    with _LOCK:
        if _STARTED:
            return None
        thread = threading.Thread(target=puzzle_service.bank_index, name="dou14-warm-up",
                                  daemon=True)
        _STARTED.append(thread)
    thread.start()
    return thread
