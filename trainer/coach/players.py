"""Every bot by name: the expert (:class:`trainer.coach.expert.ExpertBot`) beside the plain ones
of :func:`trainer.bots.bot_named`."""

from __future__ import annotations

from collections.abc import Callable

from trainer.bots import bot_named
from trainer.bots.base import Bot
from trainer.coach.expert import ExpertBot

BOTS: dict[str, Callable[[], Bot]] = {"expert": ExpertBot}


def bot_of(name: str) -> Bot:
    """The bot ``name`` (:class:`~trainer.engine.errors.Dou14Error` naming the choices for an
    unknown one)."""
    made = BOTS.get(name)
    return made() if made is not None else bot_named(name)
