"""The expert bot: at each of its decisions, the heuristic's choice unless the search
(:func:`trainer.coach.search.evaluate`) finds another option better by more than
:data:`CONFIDENCE` standard errors of the paired difference — a search on a few dozen deals is
noisy, and a noisy switch away from a sound choice loses points; in the lay-down round (before
the first discard) the heuristic's. From its view only."""

from __future__ import annotations

import random

from trainer.bots.heuristic import HeuristicBot
from trainer.coach.deals import searchable
from trainer.coach.search import BUDGETS, evaluate
from trainer.engine.game.actions import Action
from trainer.engine.game.view import PlayerView

CONFIDENCE = 1.0
"""Standard errors by which the search's best must beat the heuristic's choice."""


class ExpertBot:
    name = "expert"

    def __init__(self, deals: int = BUDGETS["expert"]) -> None:
        self.deals = deals
        self._heuristic = HeuristicBot()

    def choose(self, view: PlayerView, rng: random.Random) -> Action:
        sound = self._heuristic.choose(view, rng)  # a win open to it first (R-READ)
        if searchable(view) and len(view.legal) > 1:
            decision = evaluate(view, self.deals)
            kept = decision.value_of(sound)
            if kept is not None and kept.loss > CONFIDENCE * kept.loss_error:
                return decision.best.action
        return sound
