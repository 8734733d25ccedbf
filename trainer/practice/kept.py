"""Figures kept until the learner's next answer: Home, Progress and every question's hint read
figures of all the learner's answers on each run, which cost seconds at 100,000 answers. Each is
keyed by the database, the learner, what it is and the learner's answers' version (the newest
answer's id: any answer stored or imported makes it new); the 256 most recently used are kept,
in this process."""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Callable, Hashable
from threading import Lock
from typing import TypeVar, cast

from trainer.store.progress_store import ProgressStore

KEPT = 256
_kept: OrderedDict[tuple[Hashable, ...], object] = OrderedDict()
_lock = Lock()
T = TypeVar("T")


def kept(store: ProgressStore, learner_id: int, name: str, extra: Hashable,
         compute: Callable[[], T], *, version: int | None = None) -> T:
    """``compute()`` — once per new answer of the learner, then the same value. A page showing
    several kept figures reads the answers' ``version`` once and gives it to each."""
    if version is None:
        version = store.answers.version(learner_id)
    key = (name, str(store.engine.url), learner_id, version, extra)
    with _lock:
        if key in _kept:
            _kept.move_to_end(key)
            return cast(T, _kept[key])
    found = compute()
    with _lock:
        _kept[key] = found
        while len(_kept) > KEPT:
            _kept.popitem(last=False)
    return found
