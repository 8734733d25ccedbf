"""A hand played out to its end from a state, every seat by the heuristic's fast policy
(:func:`trainer.bots.heuristic.fast_choice`), and what it paid each seat (R-PAY, R-SCORE)."""

from __future__ import annotations

import random

from trainer.bots.heuristic import fast_choice
from trainer.engine.game.state import HandState

MAX_ACTIONS = 2_000
"""A hand always ends (the stock runs out); this only guards a broken state."""


def play_out(state: HandState, rng: random.Random) -> tuple[int, ...]:
    """Play ``state`` (changed in place) to the end; the payments of each seat (all 0 for a
    drawn hand)."""
    for _ in range(MAX_ACTIONS):
        if state.over:
            break
        state.apply(fast_choice(state, rng))
    if state.result is None:
        raise RuntimeError("a play-out did not end")
    return state.result.payments
