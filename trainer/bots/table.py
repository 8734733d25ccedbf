"""Bots at the table: play a hand or a match to its end, each bot from its own view (R-PUBLIC)."""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence

from trainer.bots.base import Bot
from trainer.engine.game.actions import Action
from trainer.engine.game.match import Match
from trainer.engine.game.state import HandState
from trainer.engine.game.view import view_of

Watcher = Callable[[HandState, Action], None]
"""Told of each action just before it is applied (the state as the actor decided)."""


def play_hand(state: HandState, bots: Sequence[Bot], rng: random.Random,
              watch: Watcher | None = None) -> HandState:
    """Let ``bots`` (one per seat) play ``state`` to its end, each from its own view."""
    while not state.over:
        seat = state.to_act
        action = bots[seat].choose(view_of(state, seat), rng)
        if watch is not None:
            watch(state, action)
        state.apply(action)
    return state


def play_match_hand(match: Match, bots: Sequence[Bot], rng: random.Random,
                    watch: Watcher | None = None) -> HandState:
    """Deal the match's next hand, let ``bots`` play it, and book it."""
    state = play_hand(match.next_hand(), bots, rng, watch)
    match.record(state)
    return state
