"""The expert bot: the coach's choice at its own discards and lay-downs (searched,
:func:`trainer.coach.search.evaluate`), the heuristic bot's elsewhere (claims: their value
depends on the order of asking, which a view does not carry); from its view only."""

from __future__ import annotations

import random

from trainer.bots.heuristic import HeuristicBot
from trainer.coach.deals import searchable
from trainer.coach.search import BUDGETS, evaluate
from trainer.engine.game.actions import Action, ActionKind
from trainer.engine.game.view import PlayerView


class ExpertBot:
    name = "expert"

    def __init__(self, deals: int = BUDGETS["expert"]) -> None:
        self.deals = deals
        self._heuristic = HeuristicBot()

    def choose(self, view: PlayerView, rng: random.Random) -> Action:
        wins = [a for a in view.legal if a.kind in (ActionKind.WIN, ActionKind.TIANZOU)]
        if wins:
            return wins[0]
        if searchable(view) and len(view.legal) > 1:
            return evaluate(view, self.deals).best.action
        return self._heuristic.choose(view, rng)
