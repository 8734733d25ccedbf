"""Bots at the table: play a hand or a match to its end, each bot from its own view (R-PUBLIC)."""

from __future__ import annotations

import random
from collections.abc import Sequence

from trainer.bots.base import Bot
from trainer.engine.game.match import Match
from trainer.engine.game.state import HandState
from trainer.engine.game.view import view_of


def play_hand(state: HandState, bots: Sequence[Bot], rng: random.Random) -> HandState:
    """Let ``bots`` (one per seat) play ``state`` to its end, each from its own view."""
    while not state.over:
        seat = state.to_act
        state.apply(bots[seat].choose(view_of(state, seat), rng))
    return state


def play_match_hand(match: Match, bots: Sequence[Bot], rng: random.Random) -> HandState:
    """Deal the match's next hand, let ``bots`` play it, and book it."""
    state = play_hand(match.next_hand(), bots, rng)
    match.record(state)
    return state
