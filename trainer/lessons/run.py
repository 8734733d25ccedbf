"""A learner's run through one lesson, as plain data kept in the database after every answer.

Feedback that teaches: a first miss gets a hint drawn from the engine's reasoning and another try;
the answer and the full working come only after a second miss, or when the learner asks — except
on a two-way (yes/no) question, where a second try is no test: its first miss shows the answer
with its working, and a fresh variant is asked later. Every
missed item is asked again before the lesson ends, as a fresh variant checked by the engine.
Stars measure mastery: 3★ no miss at all, 2★ one miss, 1★ more (a re-ask missed again counts
again).
"""

from __future__ import annotations

import json
import random
from collections.abc import Collection
from dataclasses import asdict, dataclass, field
from enum import StrEnum
from typing import Any

from trainer.lessons.answers import LessonAnswer, answer_from_json, answer_to_json

MAX_REASKS = 2
"""A step missed again and again is asked again at most this many times."""
AGAIN = "again"
"""The mode an answer to a re-ask (:attr:`PlanItem.again`) is stored with: the lesson's stars
count it, a skill's first attempts do not (:func:`trainer.practice.mastery_service.first_rows`)."""


class Feedback(StrEnum):
    RIGHT = "right"
    HINT = "hint"
    REVEALED = "revealed"


@dataclass(frozen=True)
class PlanItem:
    """One item of the run: a step of the lesson, as written (``seed`` None) or as a variant."""

    step: int
    seed: int | None = None
    again: bool = False
    """Asked again because the learner missed it earlier in this run."""
    closing: bool = False
    """One of the lesson's closing words (after its last question): a question asked again
    comes before them, not after "the next stage…"."""


@dataclass
class LessonRun:
    """Where the learner is in a lesson and how it has gone."""

    lesson_id: str
    plan: list[PlanItem]
    index: int = 0
    attempts: int = 0
    """Misses on the current item."""
    done: bool = False
    """The current item is solved or its answer revealed: the learner may go on."""
    feedback: Feedback | None = None
    revealed: int = 0
    missed: int = 0
    reasks: dict[int, int] = field(default_factory=dict)
    run_seed: int = 0
    last: LessonAnswer | None = None
    """The learner's last answer to the current item (its hint is shown again after a reload)."""
    practising: bool = False
    """A run of the lesson's questions only, opened to practise a skill: the track's place is
    not here (Home's next lesson is not this one)."""
    first_miss: LessonAnswer | None = None
    """The learner's first missed answer to the current item: a right second try is shown with
    what the first one cost (:attr:`~trainer.lessons.task.Task.tried`)."""

    @classmethod
    def start(cls, lesson_id: str, steps: int, run_seed: int,
              fresh: Collection[int] = (), closing: Collection[int] = ()) -> LessonRun:
        """A first pass: the steps in ``fresh`` as fresh variants, the others as written;
        ``closing``, the lesson's closing words, stay last."""
        rng = random.Random(run_seed)
        return cls(lesson_id, [PlanItem(step, rng.getrandbits(48) if step in fresh else None,
                                        closing=step in closing)
                               for step in range(steps)], run_seed=run_seed)

    @classmethod
    def again(cls, lesson_id: str, steps: int, questions: list[int], run_seed: int,
              closing: Collection[int] = ()) -> LessonRun:
        """The whole lesson once more, its explanations as written and each question a fresh
        variant: a learner who does a lesson again meets new positions, not the ones they
        remember (even those the first pass showed as written)."""
        rng = random.Random(run_seed)
        asked = set(questions)
        return cls(lesson_id, [PlanItem(step, rng.getrandbits(48) if step in asked else None,
                                        closing=step in closing)
                               for step in range(steps)], run_seed=run_seed)

    @classmethod
    def practice(cls, lesson_id: str, questions: list[int], run_seed: int) -> LessonRun:
        """The lesson's questions again, each a fresh variant (no explanations)."""
        rng = random.Random(run_seed)
        return cls(lesson_id, [PlanItem(step, rng.getrandbits(48)) for step in questions],
                   run_seed=run_seed, practising=True)

    @property
    def finished(self) -> bool:
        return self.index >= len(self.plan)

    @property
    def current(self) -> PlanItem | None:
        return None if self.finished else self.plan[self.index]

    @property
    def added(self) -> int:
        """How many items misses have added to the run (asked again): why its length grew."""
        return sum(1 for item in self.plan if item.again)

    @property
    def comes_back(self) -> bool:
        """The current item's question is asked again later in this run (a miss queued it)."""
        current = self.current
        return current is not None and any(
            later.step == current.step for later in self.plan[self.index + 1:])

    def answer(self, correct: bool, given: LessonAnswer | None = None, *,
               choices: int | None = None) -> Feedback:
        """Record an answer to the current item. A question of ``choices`` two (yes or no) missed
        once is answered and explained at once — a second try could only be the other option —
        and comes back later as a fresh variant, so it is not the same two-way choice again."""
        if self.done or self.current is None:
            raise ValueError("the current item is already answered")
        self.last = given
        if correct:
            self.done = True
            self.feedback = Feedback.RIGHT
            return self.feedback
        self.attempts += 1
        if self.attempts == 1:
            self.first_miss = given
            self.missed += 1
            self._queue_again(self.current.step)
            if choices == 2:
                return self.reveal()
            self.feedback = Feedback.HINT
            return self.feedback
        return self.reveal()

    def reveal(self) -> Feedback:
        """Show the answer and the working (after a second miss, or on request)."""
        if self.done:
            raise ValueError("the current item is already answered")
        self.revealed += 1
        self.done = True
        self.feedback = Feedback.REVEALED
        return self.feedback

    def go_on(self) -> None:
        """To the next item (explain steps are simply passed)."""
        self.index += 1
        self.attempts = 0
        self.done = False
        self.feedback = None
        self.last = None
        self.first_miss = None

    def _queue_again(self, step: int) -> None:
        count = self.reasks.get(step, 0)
        if count < MAX_REASKS:
            self.reasks[step] = count + 1
            seed = random.Random(f"{self.run_seed}:{step}:{count}").getrandbits(48)
            at = next((i for i in range(self.index + 1, len(self.plan))
                       if self.plan[i].closing), len(self.plan))
            self.plan.insert(at, PlanItem(step, seed, again=True))

    def stars(self) -> int:
        """3★ no miss, 2★ one, 1★ more: a star counts first answers, not answers revealed."""
        if self.missed == 0:
            return 3
        return 2 if self.missed == 1 else 1

    def to_json(self) -> str:
        data = asdict(self)
        data["feedback"] = None if self.feedback is None else self.feedback.value
        data["reasks"] = {str(step): count for step, count in self.reasks.items()}
        data["last"] = None if self.last is None else answer_to_json(self.last)
        data["first_miss"] = None if self.first_miss is None else answer_to_json(self.first_miss)
        return json.dumps(data)

    @classmethod
    def from_json(cls, text: str, lesson_id: str, steps: int) -> LessonRun | None:
        """The stored run, or None when it cannot be read or no longer fits the lesson (a run
        of an older version of the lesson starts again)."""
        try:
            data: dict[str, Any] = json.loads(text)
            plan = [PlanItem(int(item["step"]), None if item["seed"] is None else int(item["seed"]),
                             bool(item.get("again", False)), bool(item.get("closing", False)))
                    for item in data["plan"]]
            run = cls(str(data["lesson_id"]), plan, int(data["index"]), int(data["attempts"]),
                      bool(data["done"]),
                      None if data["feedback"] is None else Feedback(data["feedback"]),
                      int(data["revealed"]), int(data["missed"]),
                      {int(k): int(v) for k, v in dict(data["reasks"]).items()},
                      int(data["run_seed"]), answer_from_json(data.get("last")),
                      bool(data.get("practising", False)),
                      answer_from_json(data.get("first_miss")))
        except (ValueError, KeyError, TypeError):
            return None
        if run.lesson_id != lesson_id or any(not 0 <= item.step < steps for item in run.plan) \
                or not 0 <= run.index <= len(run.plan):
            return None
        return run
