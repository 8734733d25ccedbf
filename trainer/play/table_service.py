"""The Play table kept in the database: open a learner's match, make one change to it, save it.

Every change (the learner's action, the bots' replies at instant pace, the next hand, a review
step) is made on the stored match and saved with compare-and-set on its move number: a change
made from a page that showed an older move is refused (:attr:`Outcome.STALE` — "this hand moved
on in another tab") and nothing is written. A process keeps the matches it has replayed, keyed by
learner and move, so an action does not replay the whole match again."""

from __future__ import annotations

import random
import threading
from collections import OrderedDict
from collections.abc import Callable
from dataclasses import dataclass
from enum import StrEnum

from trainer.coach.players import Level
from trainer.engine.errors import Dou14Error
from trainer.engine.game.replay import Replay
from trainer.engine.rules import RuleSet
from trainer.play.first_hand import first_seed
from trainer.play.session import Pace, PlaySession
from trainer.store import ProgressStore


class Outcome(StrEnum):
    DONE = "done"
    STALE = "stale"
    """The table moved on (another tab or device) since the page showed it: nothing changed."""
    ILLEGAL = "illegal"
    """The engine refused the change (not the learner's decision, or not allowed now)."""


@dataclass(frozen=True)
class Opened:
    session: PlaySession
    problem: str = ""
    """Why the stored table could not be read and a new match was started ("" when fine)."""


_LOCK = threading.Lock()
_KEPT: OrderedDict[tuple[str, int], PlaySession] = OrderedDict()
"""This process's replayed matches, by (database, learner): valid while their move number is
the stored one; the most recently used :data:`KEPT_AT_MOST`. A kept session is never changed
in place — a change works on a copy and keeps it once saved — so a page (another tab) drawing
the session it opened never sees it move under it."""
KEPT_AT_MOST = 256


def _keep(key: tuple[str, int], session: PlaySession) -> None:
    _KEPT[key] = session
    _KEPT.move_to_end(key)
    while len(_KEPT) > KEPT_AT_MOST:
        _KEPT.popitem(last=False)


def _key(store: ProgressStore, learner_id: int) -> tuple[str, int]:
    return str(store.engine.url), learner_id


def _stored(store: ProgressStore, learner_id: int) -> PlaySession | None:
    row = store.play.table(learner_id)
    if row is None:
        return None
    key = _key(store, learner_id)
    kept = _KEPT.get(key)
    if kept is not None and kept.move == row.move:
        _KEPT.move_to_end(key)
        return kept
    session = PlaySession.loads(row.state_json)
    _keep(key, session)
    return session


def open_table(store: ProgressStore, learner_id: int, rules: RuleSet,
               seed: int | None = None, level: Level = Level.CLUB) -> Opened:
    """The learner's match as stored, or a new one (``seed``, else a random one — a gentle one
    for their first, :func:`trainer.play.first_hand.first_seed`) saved at once.
    A stored match that no longer replays is reported and replaced, never half-used."""
    with _LOCK:
        problem = ""
        try:
            session = _stored(store, learner_id)
        except Dou14Error as error:
            problem, session = str(error), None
        if session is not None:
            return Opened(session)
        stored = store.play.table(learner_id)
        if seed is None:  # a newcomer's first match starts gently (trainer.play.first_hand)
            seed = random.randrange(2**31) if stored is not None else \
                first_seed(random.Random(), rules)
        fresh = PlaySession(seed, rules, level=level)
        if stored is not None:
            fresh.move = stored.move + 1
        if store.play.save_table(learner_id, fresh.dumps(), fresh.move,
                                 None if stored is None else stored.move):
            _keep(_key(store, learner_id), fresh)
        return Opened(fresh, problem)


def change(store: ProgressStore, learner_id: int, expected_move: int,
           make: Callable[[PlaySession], object], pace: Pace | None = None) -> Outcome:
    """Make one change on the stored match, if it is still at ``expected_move``; at instant
    ``pace`` the bots then play up to the learner's next decision. Saved, or nothing is."""
    with _LOCK:
        try:
            kept = _stored(store, learner_id)
        except Dou14Error:
            return Outcome.STALE
        if kept is None or kept.move != expected_move:
            return Outcome.STALE
        session = kept.fork()  # the kept one stays as the pages drawing it saw it
        was_over = session.state.over
        try:
            make(session)
            if pace is Pace.INSTANT:
                session.run_bots()
        except Dou14Error:  # the copy is dropped: the kept session is as it was
            return Outcome.ILLEGAL
        if not store.play.save_table(learner_id, session.dumps(), session.move, expected_move):
            _KEPT.pop(_key(store, learner_id), None)
            return Outcome.STALE
        _keep(_key(store, learner_id), session)
        result = session.state.result
        if not was_over and result is not None:  # the hand just ended: keep its replay
            outcome = "drawn" if result.winner is None else f"win:{result.winner}"
            store.replays.save(learner_id, Replay.of(session.state).dumps(), outcome)
        return Outcome.DONE


def new_match(store: ProgressStore, learner_id: int, expected_move: int, rules: RuleSet,
              seed: int | None = None, level: Level = Level.CLUB) -> Outcome:
    """Replace the match (scores and all) by a new one under ``rules``, against ``level``."""
    with _LOCK:
        fresh = PlaySession(seed if seed is not None else random.randrange(2**31), rules,
                            level=level)
        fresh.move = expected_move + 1
        if not store.play.save_table(learner_id, fresh.dumps(), fresh.move, expected_move):
            _KEPT.pop(_key(store, learner_id), None)
            return Outcome.STALE
        _keep(_key(store, learner_id), fresh)
        return Outcome.DONE


def forget(store: ProgressStore, learner_id: int) -> None:
    """Drop this process's copy (tests; a learner deleted)."""
    with _LOCK:
        _KEPT.pop(_key(store, learner_id), None)
