"""A learner's table: a match against bots, the learner at seat 0, bots acting one move at a time
so the page can show them at a readable pace. The learner only ever sees their own view."""

from __future__ import annotations

import random
from dataclasses import dataclass, field

from trainer.bots import HeuristicBot
from trainer.bots.base import Bot
from trainer.engine.errors import Dou14Error
from trainer.engine.game.actions import Action
from trainer.engine.game.match import Match
from trainer.engine.game.state import HandState
from trainer.engine.game.view import PlayerView, view_of
from trainer.engine.rules import RuleSet

LEARNER = 0


@dataclass
class PlaySession:
    """A match in progress: ``state`` is the current hand."""

    seed: int
    rules: RuleSet
    match: Match = field(init=False)
    state: HandState = field(init=False)
    bots: list[Bot] = field(init=False)
    log: list[Action] = field(default_factory=list)
    _rng: random.Random = field(init=False)

    def __post_init__(self) -> None:
        self.match = Match(self.seed, self.rules)
        self.bots = [HeuristicBot() for _ in range(self.rules.players)]
        self._rng = random.Random(self.seed ^ 0x5EED)
        self.state = self.match.next_hand()

    @property
    def learner_to_act(self) -> bool:
        return not self.state.over and self.state.to_act == LEARNER

    @property
    def bots_to_act(self) -> bool:
        return not self.state.over and self.state.to_act != LEARNER

    def view(self) -> PlayerView:
        """What the learner may see (R-PUBLIC)."""
        return view_of(self.state, LEARNER)

    def act(self, action: Action) -> None:
        """Apply one of the learner's legal actions (anything else raises IllegalAction)."""
        if action.seat != LEARNER:
            raise Dou14Error("the learner plays seat 0")
        self.state.apply(action)
        self.log.append(action)
        self._book_if_over()

    def bot_step(self) -> Action | None:
        """Let the bot whose turn it is make one move; None when it is not a bot's turn."""
        if not self.bots_to_act:
            return None
        seat = self.state.to_act
        action = self.bots[seat].choose(view_of(self.state, seat), self._rng)
        self.state.apply(action)
        self.log.append(action)
        self._book_if_over()
        return action

    def run_bots(self) -> list[Action]:
        """All bot moves up to the learner's next decision or the end of the hand."""
        moves = []
        while (move := self.bot_step()) is not None:
            moves.append(move)
        return moves

    def next_hand(self) -> None:
        if not self.state.over:
            raise Dou14Error("finish this hand first")
        self.state = self.match.next_hand()
        self.log = []

    def _book_if_over(self) -> None:
        if self.state.over and (not self.match.hands or self.match.hands[-1] is not self.state):
            self.match.record(self.state)
