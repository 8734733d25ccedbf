"""The learner's first Play hand: a deal that asks nothing the first lessons have not taught.

Home sends a newcomer to the table after the lessons on a turn and on winning (issue 31), before
the one on the deal and 投牌 (R-TOU). A first hand whose first decision is a lay-down — a joker,
a concealed triple or four of a rank laid after the deal — asks for a move not yet taught, so
the first match starts at a deal where the learner's first decision is an ordinary one (a
discard, or a card offered)."""

from __future__ import annotations

import random

from trainer.coach.players import Level
from trainer.engine.game.actions import ActionKind
from trainer.engine.rules import RuleSet
from trainer.play.session import PlaySession

LAY_DOWNS = frozenset({ActionKind.LAY_JOKER, ActionKind.LAY_PONG, ActionKind.LAY_KONG,
                       ActionKind.DONE, ActionKind.TIANZOU})
"""The moves of the round after the deal (R-TOU, R-SPECIAL 天走)."""
TRIES = 64
"""Deals looked at; about half qualify, so the fallback (any deal) is practically never used."""


def gentle(seed: int, rules: RuleSet) -> bool:
    """Whether the learner's first decision in the first hand of match ``seed`` is an ordinary
    one. (The lay-down round comes before the first discard, whoever the bots are, R-TOU-ORDER:
    the club bots stand in for any level, and the expert's search is not run.)"""
    probe = PlaySession(seed, rules, level=Level.CLUB)
    probe.run_bots()
    return probe.learner_to_act and \
        not any(action.kind in LAY_DOWNS for action in probe.view().legal)


def first_seed(rng: random.Random, rules: RuleSet) -> int:
    """A match seed whose first hand is :func:`gentle` (else the last seed tried)."""
    seed = rng.randrange(2**31)
    for _ in range(TRIES):
        if gentle(seed, rules):
            return seed
        seed = rng.randrange(2**31)
    return seed
