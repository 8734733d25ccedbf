"""A learner's lesson runs, as the Lessons page asks for them (issue 30: the page shows and
forwards; grading, recording and keeping the run live here): start, again, practice; an answer
graded by its task, recorded with the run it moves on in one transaction; the answer revealed;
the way on, with the stars at the end. Every change reads the run as the database has it and
does nothing when it has moved on (a click from an older screen, another tab)."""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass

from trainer.engine import Message
from trainer.i18n import render
from trainer.lessons import Explain, Lesson, LessonRun, Question
from trainer.lessons.answers import LessonAnswer, MoveAnswer
from trainer.lessons.board import Board
from trainer.lessons.run import AGAIN, Feedback, PlanItem
from trainer.lessons.task import Task
from trainer.store.progress_store import KeptRun, ProgressStore


def item_id(lesson: Lesson, step: int, seed: int | None) -> str:
    """A level as its answers and hint asks are stored: the stage, the step, the variant."""
    return f"{lesson.id}:{step}" + ("" if seed is None else f":v{seed}")


def task_of(lesson: Lesson, run: LessonRun, index: int | None = None) -> Task:
    """The task the run's item ``index`` asks (the current item by default): the step as
    written, or its variant — drawn again while an earlier item of the run showed its board.
    Mined tables come from small pools, and two steps of one kind, or a re-ask "with fresh
    cards", must not show the learner the table they have just answered."""
    return _drawn_with_earlier(lesson, run, index)[0]


def shown_before(lesson: Lesson, run: LessonRun) -> bool:
    """The current item shows a table an earlier item of the run showed (its kind's pool held
    no other): not "fresh cards", though a variant."""
    task, earlier = _drawn_with_earlier(lesson, run, None)
    return task.board in earlier


def _drawn_with_earlier(lesson: Lesson, run: LessonRun, index: int | None
                        ) -> tuple[Task, list[Board]]:
    at = run.index if index is None else index
    kind = _question(lesson, run.plan[at]).kind
    shown: list[Board] = []
    task = None
    for item in run.plan[:at + 1]:
        step = lesson.steps[item.step]
        if isinstance(step, Question) and step.kind == kind:
            task = _drawn(step, item, shown)
            shown.append(task.board)
    assert task is not None
    return task, shown[:-1]


REDRAWS = 6
"""Variants drawn at most for an item before a repeated board is let stand."""


def _drawn(step: Question, item: PlanItem, shown: list[Board]) -> Task:
    if item.seed is None:
        return step.task
    task = step.variant(item.seed)
    for redraw in range(1, REDRAWS + 1):
        if task.board not in shown:
            break
        task = step.variant(random.Random(f"{item.seed}:{redraw}").getrandbits(48))
    return task


def _question(lesson: Lesson, item: PlanItem) -> Question:
    step = lesson.steps[item.step]
    if not isinstance(step, Question):
        raise ValueError(f"step {item.step} of {lesson.id} is not a question")
    return step


def asked(step: Question, item: PlanItem, task: Task) -> str:
    """The question as the learner read it (in English, as answers are kept): a variant's own
    words — its cards, not the written example's — or the step's as written."""
    if item.seed is not None and task.prompt is not None:
        return render(task.prompt, "en", cite=False)
    return step.words("en")


def questions(lesson: Lesson) -> list[int]:
    return [s.number for s in lesson.steps if isinstance(s, Question)]


@dataclass(frozen=True)
class Runs:
    """The lesson runs of one learner in one store."""

    store: ProgressStore
    learner_id: int

    def save(self, lesson: Lesson, run: LessonRun) -> None:
        self.store.lessons.save_run(self.learner_id, _kept(lesson, run))

    def load(self, lesson: Lesson) -> tuple[LessonRun, bool]:
        """The run in progress (a new one, kept at once, for a lesson never finished) and
        whether the lesson waits on its result screen (finished, and not started again)."""
        state, stored = self.store.lessons.progress(self.learner_id, lesson.id)
        run = LessonRun.from_json(stored, lesson.id, len(lesson.steps)) if stored else None
        if run is None:
            run = LessonRun.start(lesson.id, len(lesson.steps), random.getrandbits(32),
                                  lesson.fresh_first, lesson.closing)
            if not state.completed:  # a finished lesson waits for "again"; a new one starts now
                self.save(lesson, run)
        return run, state.completed and not stored

    def under_way(self, lessons: Sequence[Lesson]) -> set[str]:
        """The lessons the learner is in the middle of: a run kept that is not a practice run
        (practice opened from Home, Progress or a mistake leaves the track's place as it was)."""
        states = self.store.lessons.states(self.learner_id)
        found = set()
        for lesson in lessons:
            if lesson.id in states and states[lesson.id].in_progress:
                run = LessonRun.from_json(self.store.lessons.run(self.learner_id, lesson.id),
                                          lesson.id, len(lesson.steps))
                if run is None or not run.practising:
                    found.add(lesson.id)
        return found

    def again(self, lesson: Lesson) -> None:
        """A lesson done once, started again: its questions as fresh variants."""
        self.save(lesson, LessonRun.again(lesson.id, len(lesson.steps), questions(lesson),
                                          random.getrandbits(32), lesson.closing))

    def practise(self, lesson: Lesson) -> None:
        """The lesson's questions again, each a fresh variant, no explanations."""
        self.save(lesson, LessonRun.practice(lesson.id, questions(lesson),
                                             random.getrandbits(32)))

    def at(self, lesson: Lesson, index: int) -> LessonRun | None:
        """The run as the database has it, if it is still at item ``index``."""
        run = LessonRun.from_json(self.store.lessons.run(self.learner_id, lesson.id),
                                  lesson.id, len(lesson.steps))
        return run if run is not None and run.index == index and not run.finished else None

    def answer(self, lesson: Lesson, index: int, given: LessonAnswer,
               seconds: float) -> Message | None:
        """The learner's answer to the item at ``index``: graded exactly as asked, recorded,
        and the run it moves on kept with it — or, at a question of values, a press the rules
        refuse, or the very answer just missed given again (Check pressed twice): returned
        with its reason, not graded, no try spent."""
        run = self.at(lesson, index)
        if run is None or run.done or run.current is None:
            return None
        item = run.current
        step = lesson.steps[item.step]
        if not isinstance(step, Question):
            return None
        task = task_of(lesson, run)
        refused = task.refusal(given)
        if refused is not None:
            return refused
        if run.feedback is Feedback.HINT and given == run.last:  # Check pressed again: no try spent
            return Message.of("hint.same_move" if isinstance(given, MoveAnswer) else "hint.same_answer")
        correct = task.is_correct(given)
        run.answer(correct, given, choices=task.ways)
        self.store.answers.record(
            self.learner_id, context="lesson", item=item_id(lesson, item.step, item.seed),
            question=f"{lesson.id} #{item.step + 1}: {asked(step, item, task)}",
            answer=task.answer_text(given), expected=task.answer_text(task.answer),
            correct=correct, seconds=seconds, rule_ids=task.rule_ids,
            mode=AGAIN if item.again else "", lesson_run=_kept(lesson, run))
        return None

    def reveal(self, lesson: Lesson, index: int) -> None:
        run = self.at(lesson, index)
        if run is not None and not run.done:
            run.reveal()
            self.save(lesson, run)

    def go_on(self, lesson: Lesson, index: int) -> int | None:
        """To the next item, once this one is answered (or read); at the end the lesson is
        completed with its stars, which are returned."""
        run = self.at(lesson, index)
        if run is None or run.current is None:
            return None
        if not run.done and not isinstance(lesson.steps[run.current.step], Explain):
            return None
        run.go_on()
        if run.finished:
            stars = run.stars()
            self.store.lessons.complete(self.learner_id, lesson.id, stars, len(lesson.steps),
                                        run.missed)
            return stars
        self.save(lesson, run)
        return None


def _kept(lesson: Lesson, run: LessonRun) -> KeptRun:
    return KeptRun(lesson.id, run.to_json(), run.index, run.missed)
