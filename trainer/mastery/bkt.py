"""The mastery estimate (issue 32): Bayesian knowledge tracing of one skill from the learner's
first attempts, right or wrong, oldest first. The learner knows the skill or not; a learner who
knows it still slips, one who does not may guess; after each exercise an unknown skill becomes
known with the learning chance. The estimate is the chance the skill is known now; a skill counts
as mastered at :data:`MASTERED` (as OATutor does).

The parameters are fitted by maximum likelihood (:func:`fit`) on simulated learners whose answers
come from this same model with per-learner parameters drawn at random
(:mod:`trainer.mastery.simulated`, ``benchmarks/mastery.py``); the fit is checked on learners
from another generator, who learn and forget at their own rates, against a running average.

>>> model = Tracing()
>>> rising = model.trace([True, True, True, True])
>>> rising == sorted(rising) and rising[-1] > 0.9
True
>>> model.estimate([True, True, False]) < model.estimate([True, True, True])
True
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

MASTERED = 0.95
"""The estimate at which a skill counts as mastered."""


@dataclass(frozen=True)
class Tracing:
    """One skill's tracing parameters (defaults: the fit on the simulated learners)."""

    known: float = 0.2
    """The chance the skill is known before any exercise."""
    learn: float = 0.15
    """The chance an unknown skill becomes known with one exercise (a hint, the working)."""
    slip: float = 0.1
    """The chance of a wrong answer when the skill is known."""
    guess: float = 0.25
    """The chance of a right answer when it is not."""

    def right_chance(self, known: float) -> float:
        """The chance of a right answer when the skill is known with chance ``known``."""
        return known * (1 - self.slip) + (1 - known) * self.guess

    def update(self, known: float, correct: bool) -> float:
        """The chance the skill is known after one more answer (and the exercise's learning)."""
        right = self.right_chance(known)
        seen = known * (1 - self.slip) / right if correct else known * self.slip / (1 - right)
        return seen + (1 - seen) * self.learn

    def trace(self, answers: Iterable[bool]) -> list[float]:
        """The estimate after each answer, in order."""
        known, found = self.known, []
        for correct in answers:
            known = self.update(known, correct)
            found.append(known)
        return found

    def estimate(self, answers: Iterable[bool]) -> float:
        """The chance the skill is known after ``answers``."""
        known = self.known
        for correct in answers:
            known = self.update(known, correct)
        return known

    def log_loss(self, sequences: Iterable[Sequence[bool]]) -> float:
        """The mean log loss of predicting each answer from the ones before it."""
        total, count = 0.0, 0
        for answers in sequences:
            known = self.known
            for correct in answers:
                total -= math.log(_clip(self.right_chance(known) if correct
                                        else 1 - self.right_chance(known)))
                count += 1
                known = self.update(known, correct)
        return total / max(count, 1)


def running_average_log_loss(sequences: Iterable[Sequence[bool]]) -> float:
    """The same measure for the baseline: each answer predicted by the share of right answers
    before it (with one right and one wrong imagined, so the first is a coin toss)."""
    total, count = 0.0, 0
    for answers in sequences:
        right = 0
        for seen, correct in enumerate(answers):
            chance = (right + 1) / (seen + 2)
            total -= math.log(_clip(chance if correct else 1 - chance))
            count += 1
            right += correct
    return total / max(count, 1)


GRID = {"known": (0.05, 0.1, 0.15, 0.2, 0.3, 0.4), "learn": (0.05, 0.1, 0.15, 0.2, 0.3),
        "slip": (0.05, 0.1, 0.15, 0.2), "guess": (0.1, 0.15, 0.2, 0.25, 0.3, 0.4)}


def fit(sequences: Sequence[Sequence[bool]]) -> Tracing:
    """The parameters of the grid with the least log loss on ``sequences``."""
    best: tuple[float, Tracing] | None = None
    for known, learn, slip, guess in itertools.product(*GRID.values()):
        model = Tracing(known, learn, slip, guess)
        loss = model.log_loss(sequences)
        if best is None or loss < best[0]:
            best = (loss, model)
    assert best is not None
    return best[1]


def _clip(chance: float) -> float:
    return min(max(chance, 1e-6), 1 - 1e-6)
