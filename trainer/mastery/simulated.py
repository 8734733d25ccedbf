"""Simulated learners (issue 32), two generators that differ on purpose: the tracing is fitted on
the first and judged on the second.

- :func:`tracing_learner` answers as knowledge tracing says, with its own parameters per skill
  drawn at random — the data :func:`trainer.mastery.bkt.fit` is fitted on;
- :class:`ForgettingLearner` has a strength per skill that each exercise raises by its own
  learning rate and that fades by its own forgetting rate while other skills are practised; the
  chance of a right answer grows smoothly with the strength between a guess and one minus a slip.
  A skill is truly mastered when its strength reaches :data:`TRUE_MASTERY`.

:func:`exercises_to_master` runs one learner under a policy — the fixed order of the track, or
the next session chosen from the estimates (the weakest skill not yet mastered) — and counts
the exercises until every skill has been truly mastered."""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

from trainer.mastery.bkt import MASTERED, Tracing

TRUE_MASTERY = 0.9
"""The strength at which a simulated skill is truly mastered."""


def tracing_learner(rng: random.Random, answers: int) -> list[bool]:
    """One skill's answers from a learner whose parameters are drawn at random."""
    model = Tracing(rng.uniform(0.05, 0.4), rng.uniform(0.05, 0.3), rng.uniform(0.03, 0.2),
                    rng.uniform(0.1, 0.4))
    known = rng.random() < model.known
    found = []
    for _ in range(answers):
        found.append(rng.random() < ((1 - model.slip) if known else model.guess))
        known = known or rng.random() < model.learn
    return found


@dataclass
class ForgettingLearner:
    """A learner of the second generator, ``skills`` skills at once."""

    rng: random.Random
    skills: int
    rate: list[float] = field(default_factory=list)
    forget: list[float] = field(default_factory=list)
    guess: list[float] = field(default_factory=list)
    slip: list[float] = field(default_factory=list)
    strength: list[float] = field(default_factory=list)
    last: list[int] = field(default_factory=list)
    clock: int = 0

    def __post_init__(self) -> None:
        r = self.rng
        self.rate = [r.uniform(0.08, 0.3) for _ in range(self.skills)]
        self.forget = [r.uniform(0.0, 0.002) for _ in range(self.skills)]
        self.guess = [r.uniform(0.1, 0.35) for _ in range(self.skills)]
        self.slip = [r.uniform(0.02, 0.1) for _ in range(self.skills)]
        self.strength = [r.random() ** 2 for _ in range(self.skills)]
        self.last = [0] * self.skills

    def _faded(self, skill: int) -> float:
        return self.strength[skill] * math.exp(-self.forget[skill] * (self.clock - self.last[skill]))

    def mastered(self, skill: int) -> bool:
        return self._faded(skill) >= TRUE_MASTERY

    def answer(self, skill: int) -> bool:
        """One exercise of ``skill``: answered, then learnt from."""
        strength = self._faded(skill)
        low, high = self.guess[skill], 1 - self.slip[skill]
        right = self.rng.random() < low + (high - low) / (1 + math.exp(-10 * (strength - 0.5)))
        self.strength[skill] = strength + self.rate[skill] * (1 - strength)
        self.clock += 1
        self.last[skill] = self.clock
        return right


Policy = Callable[[Sequence[list[bool]], int], int]
"""Given each skill's answers so far and the number of sessions so far, the skill of the next
session."""

SESSION = 10
"""Exercises in one session of a skill — about a lesson stage or a drill run, what Home offers."""


def fixed_order() -> Policy:
    """The track's order: each skill's session in turn, over and over."""
    def choose(history: Sequence[list[bool]], session: int) -> int:
        return session % len(history)
    return choose


def chosen_next(model: Tracing) -> Policy:
    """The session of the skill with the lowest estimate not yet mastered (else the lowest)."""
    def choose(history: Sequence[list[bool]], session: int) -> int:
        estimates = [model.estimate(answers) for answers in history]
        open_ = [i for i, e in enumerate(estimates) if e < MASTERED] or list(range(len(history)))
        return min(open_, key=lambda i: (estimates[i], i))
    return choose


def exercises_to_master(learner: ForgettingLearner, policy: Policy, budget: int = 3000) -> int:
    """Exercises until every skill has been truly mastered (``budget`` if not by then), in
    sessions of :data:`SESSION` exercises of the skill the policy chooses."""
    history: list[list[bool]] = [[] for _ in range(learner.skills)]
    reached = [learner.mastered(s) for s in range(learner.skills)]
    done, session = 0, 0
    while done < budget and not all(reached):
        skill = policy(history, session)
        session += 1
        for _ in range(SESSION):
            history[skill].append(learner.answer(skill))
            done += 1
            reached[skill] = reached[skill] or learner.mastered(skill)
    return min(done, budget)
