"""A first try read back from the answers table, for a page reloaded after it: drills and the
coach's best-move puzzles keep an item's first try only, so a reload must show that try with
what followed it (the hint, or the answer) and must not store a second "first" try."""

from __future__ import annotations

from dataclasses import dataclass

from trainer.lessons.answers import LessonAnswer
from trainer.lessons.task import Task
from trainer.store.progress_store import ProgressStore


@dataclass(frozen=True, slots=True)
class StoredTry:
    """The stored first try: right or not, and the answer given (None where its stored text no
    longer reads as an answer to the task, e.g. a task made under other table rules)."""

    correct: bool
    given: LessonAnswer | None


def newest_try(store: ProgressStore, learner_id: int, *, context: str, item: str, task: Task
               ) -> StoredTry | None:
    """The learner's try at ``item`` when it is their newest answer in ``context``; None when
    their newest is another item's (the item is new to them, or answered long ago)."""
    newest = store.answers.rows(learner_id, context=context, last=1)
    if not newest or newest[0].item != item:
        return None
    return StoredTry(newest[0].correct, task.read_answer(newest[0].answer))
