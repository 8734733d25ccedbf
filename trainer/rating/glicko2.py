"""Glicko-2 (Mark Glickman, "Example of the Glicko-2 system", 2013), for learners and puzzles: a
learner's attempt at a puzzle is one game between the two.

The steps follow the paper's numbering. With its own example (1500/200/0.06 against 1400/30 won,
1550/100 and 1700/300 lost, τ = 0.5) :func:`update` gives the published 1464.06 / 151.52 /
0.05999 (tested).
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

SCALE = 173.7178
"""Glicko-2's scale factor between the Glicko rating scale and its internal μ/φ scale."""
TAU = 0.5
"""The system constant τ: how much volatility may change in one period."""
EPSILON = 0.000001
"""Convergence tolerance of the volatility iteration (step 5)."""
MIN_RD = 30.0
"""A rating deviation never falls below this, so a long history still moves a little."""
PROVISIONAL_RD = 110.0
"""Above this deviation a rating is provisional, shown with a "?" (as Lichess does): a new
learner's rating moves by a hundred points or more on each of the first answers."""


@dataclass(frozen=True, slots=True)
class Rating:
    """A Glicko-2 rating on the familiar scale: rating, deviation (RD) and volatility σ."""

    rating: float = 1500.0
    rd: float = 350.0
    volatility: float = 0.06

    @property
    def provisional(self) -> bool:
        """Whether the rating is still settling (deviation above :data:`PROVISIONAL_RD`)."""
        return self.rd > PROVISIONAL_RD

    def shown(self) -> str:
        """The rating as a learner sees it: ``1500`` or, while provisional, ``1500?``."""
        return f"{self.rating:.0f}{'?' if self.provisional else ''}"


def _g(phi: float) -> float:
    return 1.0 / math.sqrt(1.0 + 3.0 * phi * phi / (math.pi * math.pi))


def _e(mu: float, mu_j: float, phi_j: float) -> float:
    return 1.0 / (1.0 + math.exp(-_g(phi_j) * (mu - mu_j)))


def _new_volatility(sigma: float, phi: float, v: float, delta: float, tau: float) -> float:
    """Step 5: the Illinois iteration for σ′."""
    a = math.log(sigma * sigma)

    def f(x: float) -> float:
        ex = math.exp(x)
        return (ex * (delta * delta - phi * phi - v - ex)) / (2.0 * (phi * phi + v + ex) ** 2) \
            - (x - a) / (tau * tau)

    big_a = a
    if delta * delta > phi * phi + v:
        big_b = math.log(delta * delta - phi * phi - v)
    else:
        k = 1
        while f(a - k * tau) < 0:
            k += 1
        big_b = a - k * tau
    f_a, f_b = f(big_a), f(big_b)
    while abs(big_b - big_a) > EPSILON:
        big_c = big_a + (big_a - big_b) * f_a / (f_b - f_a)
        f_c = f(big_c)
        if f_c * f_b <= 0:
            big_a, f_a = big_b, f_b
        else:
            f_a /= 2.0
        big_b, f_b = big_c, f_c
    return math.exp(big_a / 2.0)


def update(player: Rating, results: Sequence[tuple[Rating, float]], tau: float = TAU) -> Rating:
    """The player's rating after one rating period of ``results``: (opponent, score 1/0.5/0)."""
    mu = (player.rating - 1500.0) / SCALE
    phi = player.rd / SCALE
    sigma = player.volatility
    if not results:
        phi_star = math.sqrt(phi * phi + sigma * sigma)
        return Rating(player.rating, max(MIN_RD, min(350.0, phi_star * SCALE)), sigma)
    opponents = [((r.rating - 1500.0) / SCALE, r.rd / SCALE, score) for r, score in results]
    v_inverse = 0.0
    total = 0.0
    for mu_j, phi_j, score in opponents:
        expected_score = _e(mu, mu_j, phi_j)
        g = _g(phi_j)
        v_inverse += g * g * expected_score * (1.0 - expected_score)
        total += g * (score - expected_score)
    v = 1.0 / v_inverse
    delta = v * total
    sigma_new = _new_volatility(sigma, phi, v, delta, tau)
    phi_star = math.sqrt(phi * phi + sigma_new * sigma_new)
    phi_new = 1.0 / math.sqrt(1.0 / (phi_star * phi_star) + 1.0 / v)
    mu_new = mu + phi_new * phi_new * total
    return Rating(1500.0 + SCALE * mu_new, max(MIN_RD, SCALE * phi_new), sigma_new)


def play(learner: Rating, puzzle: Rating, solved: bool) -> tuple[Rating, Rating]:
    """One attempt: the learner wins if solved, the puzzle wins otherwise; both move."""
    score = 1.0 if solved else 0.0
    return update(learner, [(puzzle, score)]), update(puzzle, [(learner, 1.0 - score)])


def expected(learner: Rating, puzzle: Rating) -> float:
    """The learner's expected score against the puzzle (Glicko-2's E, on the Glicko scale)."""
    return _e((learner.rating - 1500.0) / SCALE, (puzzle.rating - 1500.0) / SCALE,
              puzzle.rd / SCALE)
