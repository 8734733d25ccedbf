"""Bots that play from a :class:`~trainer.engine.game.view.PlayerView` only (R-PUBLIC)."""

from trainer.engine.bots.base import Bot, bot_named
from trainer.engine.bots.heuristic import HeuristicBot
from trainer.engine.bots.random_bot import RandomBot

__all__ = ["Bot", "HeuristicBot", "RandomBot", "bot_named"]
