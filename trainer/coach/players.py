"""Every bot by name: the expert (:class:`trainer.coach.expert.ExpertBot`) beside the plain ones
of :func:`trainer.bots.bot_named`; and the levels a learner picks for Play's opponents."""

from __future__ import annotations

from collections.abc import Callable
from enum import StrEnum

from trainer.bots import bot_named
from trainer.bots.base import Bot
from trainer.coach.expert import ExpertBot

BOTS: dict[str, Callable[[], Bot]] = {"expert": ExpertBot}


def bot_of(name: str) -> Bot:
    """The bot ``name`` (:class:`~trainer.engine.errors.Dou14Error` naming the choices for an
    unknown one)."""
    made = BOTS.get(name)
    return made() if made is not None else bot_named(name)


class Level(StrEnum):
    """How strong Play's opponents are."""

    BEGINNER = "beginner"
    """Plays its own hand (claims, 14-pairs, red) without reading the table."""
    CLUB = "club"
    """The heuristic: also keeps to discards nobody can win on (R-SAFE, R-READ)."""
    EXPERT = "expert"
    """The coach's search on top of the heuristic (:class:`~trainer.coach.expert.ExpertBot`)."""

    @property
    def bot_name(self) -> str:
        return {"beginner": "beginner", "club": "heuristic", "expert": "expert"}[self.value]

    def bot(self) -> Bot:
        return bot_of(self.bot_name)
