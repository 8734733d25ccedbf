"""Glicko-2 ratings for learners and puzzles (a learner's attempt is a game against the puzzle),
through the ``glicko2`` package.

The package's volatility iteration uses the rating (μ²) where Glickman's paper uses the deviation
(φ²) in f(x) (step 5 of "Example of the Glicko-2 system", 2013); :class:`_Player` puts φ² back.
With the paper's own example (1500/200/0.06 against 1400/30 won, 1550/100 and 1700/300 lost) it
gives the published 1464.06 / 151.52 / 0.05999.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

import glicko2


class _Player(glicko2.Player):  # type: ignore[misc]
    def _f(self, x: float, delta: float, v: float, a: float) -> float:
        ex = math.exp(x)
        phi = self._Player__rd
        return (ex * (delta**2 - phi**2 - v - ex)) / (2 * (phi**2 + v + ex) ** 2) - (
            (x - a) / (self._tau**2))


@dataclass(frozen=True)
class Rating:
    rating: float = 1500.0
    rd: float = 350.0
    volatility: float = 0.06


def update(player: Rating, results: list[tuple[Rating, float]]) -> Rating:
    """The player's rating after one rating period of ``results`` (opponent, score 1/0.5/0)."""
    subject = _Player(player.rating, player.rd, player.volatility)
    if not results:
        subject.did_not_compete()
    else:
        subject.update_player([r.rating for r, _ in results], [r.rd for r, _ in results],
                              [score for _, score in results])
    return Rating(subject.rating, max(30.0, subject.rd), subject.vol)


def play(learner: Rating, puzzle: Rating, solved: bool) -> tuple[Rating, Rating]:
    """One attempt: the learner wins if solved, the puzzle wins otherwise; both move."""
    score = 1.0 if solved else 0.0
    return update(learner, [(puzzle, score)]), update(puzzle, [(learner, 1.0 - score)])


def expected(learner: Rating, puzzle: Rating) -> float:
    """The learner's expected score against the puzzle (Glicko-2's E)."""
    q = math.log(10) / 400
    g = 1 / math.sqrt(1 + 3 * (q**2) * (puzzle.rd**2) / math.pi**2)
    return 1 / (1 + 10 ** (-g * (learner.rating - puzzle.rating) / 400))
