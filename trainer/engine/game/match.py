"""A match of several hands: the winner deals next, the same dealer after a drawn hand
(R-DEALER, ``RuleSet.same_dealer_after_draw``), running scores (R-PAY)."""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass, field

from trainer.engine.bots.base import Bot
from trainer.engine.game.state import HandState, first_dealer
from trainer.engine.game.view import view_of
from trainer.engine.rules import DEFAULT_RULES, RuleSet


def play_hand(state: HandState, bots: Sequence[Bot], rng: random.Random) -> HandState:
    """Let ``bots`` (one per seat) play ``state`` to its end, each from its own view."""
    while not state.over:
        seat = state.to_act
        state.apply(bots[seat].choose(view_of(state, seat), rng))
    return state


@dataclass
class Match:
    """Hands in a row under one set of rules, from one seed."""

    seed: int
    rules: RuleSet = DEFAULT_RULES
    dealer: int = -1
    scores: list[int] = field(default_factory=list)
    hands: list[HandState] = field(default_factory=list)

    def __post_init__(self) -> None:
        self._rng = random.Random(self.seed)
        if self.dealer < 0:
            self.dealer = first_dealer(random.Random(self.seed), self.rules.players)[0]
        if not self.scores:
            self.scores = [0] * self.rules.players

    def next_hand(self) -> HandState:
        """Deal the next hand (its seed drawn from the match's seed)."""
        return HandState.deal(self._rng.getrandbits(48), self.rules, self.dealer)

    def record(self, state: HandState) -> None:
        """Book a finished hand: scores, and who deals next."""
        assert state.result is not None
        for seat, amount in enumerate(state.result.payments):
            self.scores[seat] += amount
        if state.result.winner is not None:
            self.dealer = state.result.winner
        elif not self.rules.same_dealer_after_draw:
            self.dealer = (self.dealer + 1) % self.rules.players
        self.hands.append(state)

    def play(self, bots: Sequence[Bot]) -> HandState:
        state = play_hand(self.next_hand(), bots, self._rng)
        self.record(state)
        return state
