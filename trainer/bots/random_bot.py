"""A bot that picks uniformly among the legal actions."""

from __future__ import annotations

import random

from trainer.engine.game.actions import Action
from trainer.engine.game.view import PlayerView


class RandomBot:
    name = "random"

    def choose(self, view: PlayerView, rng: random.Random) -> Action:
        return view.legal[rng.randrange(len(view.legal))]
