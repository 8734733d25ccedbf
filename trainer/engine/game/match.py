"""A match of several hands: the winner deals next, the same dealer after a drawn hand
(R-DEALER, ``RuleSet.same_dealer_after_draw``), running scores (R-PAY). Who plays the seats
(bots, a learner) is not the engine's business: see :mod:`trainer.bots.table`."""

from __future__ import annotations

import random
from dataclasses import dataclass, field

from trainer.engine.game.hand_parts import first_dealer
from trainer.engine.game.state import HandState
from trainer.engine.rules import DEFAULT_RULES, RuleSet


@dataclass
class Match:
    """Hands in a row under one set of rules, from one seed."""

    seed: int
    rules: RuleSet = DEFAULT_RULES
    dealer: int = -1
    scores: list[int] = field(default_factory=list)
    hands: list[HandState] = field(default_factory=list)
    rng: random.Random = field(init=False, repr=False)
    """Draws each hand's seed; seated bots may share it, so one seed gives one whole match."""

    def __post_init__(self) -> None:
        self.rng = random.Random(self.seed)
        if self.dealer < 0:
            self.dealer = first_dealer(random.Random(self.seed), self.rules.players)[0]
        if not self.scores:
            self.scores = [0] * self.rules.players

    def next_hand(self) -> HandState:
        """Deal the next hand (its seed drawn from the match's seed)."""
        return HandState.deal(self.rng.getrandbits(48), self.rules, self.dealer)

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
