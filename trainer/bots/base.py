"""The bot interface."""

from __future__ import annotations

import random
from typing import Protocol

from trainer.engine.errors import Dou14Error
from trainer.engine.game.actions import Action
from trainer.engine.game.view import PlayerView


class Bot(Protocol):
    name: str

    def choose(self, view: PlayerView, rng: random.Random) -> Action:
        """One of ``view.legal``."""
        ...


def bot_named(name: str) -> Bot:
    from trainer.bots.heuristic import BeginnerBot, HeuristicBot
    from trainer.bots.random_bot import RandomBot

    bots: dict[str, type[HeuristicBot] | type[BeginnerBot] | type[RandomBot]] = {
        "heuristic": HeuristicBot, "beginner": BeginnerBot, "random": RandomBot}
    if name not in bots:
        raise Dou14Error(f"unknown bot {name!r} (use {', '.join(bots)})")
    return bots[name]()
