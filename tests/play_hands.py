"""Play hands for the tests, named by what they show rather than by a seed: the bots' play
changes whenever what they read of the table does, so a test asks for "a hand the learner dealt
in on" and gets the first seed that deals one."""

from __future__ import annotations

import random
from collections.abc import Callable

from trainer.bots import HeuristicBot
from trainer.engine import RuleSet
from trainer.play.session import PlaySession


def heuristic_hand(seed: int) -> PlaySession:
    """The hand a test plays at ``seed`` by tapping as the heuristic bot would (its coin
    ``random.Random(0)``), played without the page: the bots with their own coins."""
    play, rng, bot = PlaySession(seed, RuleSet()), random.Random(0), HeuristicBot()
    while not play.state.over:
        play.run_bots()
        if play.learner_to_act:
            play.act(bot.choose(play.view(), rng))
    return play


def seed_where(wanted: Callable[[PlaySession], bool], limit: int = 400) -> int:
    """The first seed whose heuristic hand is what a test needs."""
    for seed in range(limit):
        if wanted(heuristic_hand(seed)):
            return seed
    raise AssertionError(f"no seed below {limit} gives the hand the test needs")
