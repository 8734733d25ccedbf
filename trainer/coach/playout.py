"""A hand played out to its end from a state, every seat by the heuristic's fast policy
(:func:`trainer.bots.heuristic.fast_choice`), and what it paid each seat (R-PAY, R-SCORE).

:func:`play_out` runs on the lean form of the hand (:mod:`trainer.coach.fast_playout`), several
times faster; :func:`engine_play_out` is the same play-out on the engine's ``HandState``, the
reference it is checked against (tests/test_fast_playout.py, benchmarks/playouts.py): the same
actions, the same draws from the ``random.Random``, the same payments."""

from __future__ import annotations

import random

from trainer.bots.heuristic import fast_choice
from trainer.coach.fast_playout import MAX_ACTIONS, fast_play_out
from trainer.engine.game.state import HandState

__all__ = ["MAX_ACTIONS", "engine_play_out", "play_out"]


def play_out(state: HandState, rng: random.Random) -> tuple[int, ...]:
    """Play ``state`` (left unchanged) to the end; the payments of each seat (all 0 for a drawn
    hand) — those :func:`engine_play_out` gives on a copy of ``state``."""
    return fast_play_out(state, rng)


def engine_play_out(state: HandState, rng: random.Random) -> tuple[int, ...]:
    """Play ``state`` (changed in place) to the end on the engine, ``fast_choice`` for every
    seat; the payments of each seat (all 0 for a drawn hand)."""
    for _ in range(MAX_ACTIONS):
        if state.over:
            break
        state.apply(fast_choice(state, rng))
    if state.result is None:
        raise RuntimeError("a play-out did not end")
    return state.result.payments
