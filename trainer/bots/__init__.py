"""Bots that play from a :class:`~trainer.engine.game.view.PlayerView` only (R-PUBLIC), and the
helpers that seat them at a table."""

from trainer.bots.base import Bot, bot_named
from trainer.bots.heuristic import BeginnerBot, HeuristicBot
from trainer.bots.random_bot import RandomBot

__all__ = ["BeginnerBot", "Bot", "HeuristicBot", "RandomBot", "bot_named"]
