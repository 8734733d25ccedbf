"""The learner's lessons (the ``lesson_progress`` rows): where they are in each, the run in
progress kept after every click, and the stars of each finished run."""

from __future__ import annotations

from sqlalchemy import Connection, Engine, bindparam, insert, select, update
from sqlalchemy.orm import Session

from trainer.store.models import LessonProgress
from trainer.store.rows import KeptRun, LessonState

_LESSON_PROGRESS = select(
    LessonProgress.step, LessonProgress.mistakes, LessonProgress.completed,
    LessonProgress.best_stars, LessonProgress.times_completed, LessonProgress.run_json,
).where(LessonProgress.learner_id == bindparam("learner"),
        LessonProgress.lesson_id == bindparam("lesson"))
_SAVE_LESSON_RUN = update(LessonProgress).where(
    LessonProgress.learner_id == bindparam("learner"),
    LessonProgress.lesson_id == bindparam("lesson"),
).values(step=bindparam("new_step"), mistakes=bindparam("new_mistakes"),
         run_json=bindparam("new_run"))


def keep_run(connection: Connection, learner_id: int, kept: KeptRun) -> None:
    """The lesson's progress row updated with the run (made, the first time)."""
    changed = connection.execute(_SAVE_LESSON_RUN, {
        "learner": learner_id, "lesson": kept.lesson_id, "new_step": kept.step,
        "new_mistakes": kept.mistakes, "new_run": kept.run_json}).rowcount
    if not changed:
        connection.execute(insert(LessonProgress).values(
            learner_id=learner_id, lesson_id=kept.lesson_id, step=kept.step,
            mistakes=kept.mistakes, run_json=kept.run_json, best_stars=0, completed=False,
            times_completed=0))



class Lessons:
    def __init__(self, engine: Engine, writer: Engine) -> None:
        self.engine, self.writer = engine, writer

    def state(self, learner_id: int, lesson_id: str) -> LessonState:
        return self.progress(learner_id, lesson_id)[0]

    def progress(self, learner_id: int, lesson_id: str) -> tuple[LessonState, str]:
        """Where the learner is in a lesson and its run in progress ("" when none), in one
        read (a lesson page asks on every run)."""
        with self.engine.connect() as connection:
            row = connection.execute(_LESSON_PROGRESS,
                                     {"learner": learner_id, "lesson": lesson_id}).first()
        if row is None:
            return LessonState(lesson_id, 0, 0, False, 0, 0), ""
        return (LessonState(lesson_id, row.step or 0, row.mistakes or 0, bool(row.completed),
                            row.best_stars or 0, row.times_completed or 0, bool(row.run_json)),
                row.run_json or "")

    def states(self, learner_id: int) -> dict[str, LessonState]:
        with Session(self.engine) as session:
            rows = session.scalars(select(LessonProgress).where(
                LessonProgress.learner_id == learner_id))
            return {row.lesson_id: LessonState(row.lesson_id, row.step, row.mistakes,
                                               row.completed, row.best_stars,
                                               row.times_completed, bool(row.run_json))
                    for row in rows}

    def run(self, learner_id: int, lesson_id: str) -> str:
        """The stored run of a lesson in progress ("" when none)."""
        return self.progress(learner_id, lesson_id)[1]

    def save_run(self, learner_id: int, kept: KeptRun) -> None:
        """Keep the run in progress: where the learner is, and the misses so far."""
        with self.writer.begin() as connection:  # after every click in a lesson: Core
            keep_run(connection, learner_id, kept)

    def complete(self, learner_id: int, lesson_id: str, stars: int, steps: int,
                        mistakes: int = 0) -> int:
        """Finish a run with its stars; the best stars are kept (a replay never lowers them).
        Returns the best."""
        if not 1 <= stars <= 3:
            raise ValueError(f"stars are 1 to 3, not {stars}")
        with Session(self.writer) as session, session.begin():
            row = self._progress_row(session, learner_id, lesson_id)
            if row is None:
                row = LessonProgress(learner_id=learner_id, lesson_id=lesson_id, best_stars=0,
                                     times_completed=0)
                session.add(row)
            row.step = steps
            row.mistakes = mistakes
            row.completed = True
            row.best_stars = max(row.best_stars or 0, stars)
            row.times_completed = (row.times_completed or 0) + 1
            row.run_json = ""
            return row.best_stars

    @staticmethod
    def _progress_row(session: Session, learner_id: int, lesson_id: str) -> LessonProgress | None:
        return session.scalars(select(LessonProgress).where(
            LessonProgress.learner_id == learner_id,
            LessonProgress.lesson_id == lesson_id)).first()
