"""Driving the Streamlit app with AppTest: a fresh database per test, and a lesson walker that
answers with the engine's own answers (optionally wrong first). AppTest cannot tap inside the
card-table component, so taps are handed in through the component's action queue
(``trainer.ui.card_table.ACTION_QUEUE``), exactly as the browser hands them in."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

from streamlit.testing.v1 import AppTest

from tests.wrong_answers import wrong_answer
from trainer.engine.game.actions import ActionKind
from trainer.i18n import t
from trainer.lessons import Explain, Lesson, LessonRun
from trainer.lessons.answers import CardsAnswer, LessonAnswer, MoveAnswer, NumberAnswer
from trainer.lessons.task import Task
from trainer.practice.lesson_service import task_of
from trainer.store import ProgressStore, database_url
from trainer.ui import session
from trainer.ui.card_table import ACTION_QUEUE

APP = str(Path(__file__).resolve().parent.parent / "trainer" / "app.py")
BUTTON_OF = {ActionKind.LAY_JOKER: "lay_down", ActionKind.LAY_PONG: "lay_down",
             ActionKind.LAY_KONG: "lay_down"}


def app(page: str | None = None, as_learner: str | int | None = None, **params: str) -> AppTest:
    """The app on ``page`` with these URL parameters; ``as_learner`` (a row id) opens that
    learner's profile the way their link does, by its public id."""
    at = AppTest.from_file(APP, default_timeout=60)
    if as_learner is not None:
        found = session._store(database_url()).learner(int(as_learner))
        assert found is not None, f"no learner {as_learner}"
        params = {"learner": found.public_id, **params}
    for key, value in params.items():
        at.query_params[key] = value
    if page:
        at.switch_page(f"app_pages/{page}.py")
    at.run()
    assert not at.exception, at.exception
    return at


def click(at: AppTest, label: str) -> AppTest:
    button = next(b for b in at.button if b.label == label)
    button.click().run()
    assert not at.exception, at.exception
    return at


def tap(at: AppTest, key: str, action: str, cards: list[int], seq: str) -> AppTest:
    """Hand a press of the card table's ``action`` button, with ``cards`` selected, to the app."""
    at.session_state[ACTION_QUEUE] = {key: {"action": action, "cards": cards, "seq": seq}}
    at.run()
    assert not at.exception, at.exception
    return at


def give(at: AppTest, lesson: Lesson, run: LessonRun, task: Task, given: LessonAnswer) -> AppTest:
    """Answer the current question of ``run`` as a learner would."""
    key = f"lesson-{lesson.id}-{run.index}"
    seq = f"{run.run_seed}-{run.index}-{run.attempts}"
    if isinstance(given, CardsAnswer):
        return tap(at, key, "check", sorted(given.indices), seq)
    if isinstance(given, MoveAnswer):
        return tap(at, key, BUTTON_OF.get(given.kind, given.kind.value), list(given.indices), seq)
    if isinstance(given, NumberAnswer):
        at.text_input(key=f"{key}-number").set_value(str(given.value))
        return click(at, t("lessons.check", "en"))
    at.button(key=f"{key}-option-{given.value}").click().run()
    assert not at.exception, at.exception
    return at


def current(store: ProgressStore, learner_id: int, lesson: Lesson) -> LessonRun:
    run = LessonRun.from_json(store.lessons.run(learner_id, lesson.id), lesson.id,
                              len(lesson.steps))
    assert run is not None
    return run


def to_question(at: AppTest, store: ProgressStore, learner_id: int, lesson: Lesson,
                wanted: Callable[[Task], bool]) -> tuple[LessonRun, Task]:
    """Go through ``lesson`` (open at its first step), answering right, to the first question
    whose task is ``wanted``: its run and task."""
    while True:
        run = current(store, learner_id, lesson)
        assert run.current is not None, "no such question in the lesson"
        step = lesson.steps[run.current.step]
        if isinstance(step, Explain):
            at.button(key=f"cont-{run.index}").click().run()
            continue
        task = task_of(lesson, run)
        if wanted(task):
            return run, task
        give(at, lesson, run, task, task.answer)
        at.button(key=f"next-{run.index}").click().run()


def walk_lesson(at: AppTest, store: ProgressStore, learner_id: int, lesson: Lesson,
                mistakes_at: frozenset[int] = frozenset()) -> AppTest:
    """Answer every item of ``lesson`` (the lesson page must be open at its first step),
    answering wrong once at the steps in ``mistakes_at`` — the re-asked variants come too."""
    while True:
        stored = store.lessons.run(learner_id, lesson.id)
        if not stored:
            return at  # finished (or not started: the page starts it on its first run)
        run = current(store, learner_id, lesson)
        item = run.current
        assert item is not None
        step = lesson.steps[item.step]
        if isinstance(step, Explain):
            at.button(key=f"cont-{run.index}").click().run()
            assert not at.exception, at.exception
            continue
        task = task_of(lesson, run)
        if not item.again and item.step in mistakes_at and run.attempts == 0:
            give(at, lesson, run, task, wrong_answer(task))
            assert at.warning, f"step {item.step}: a wrong answer gets a hint"
            run = current(store, learner_id, lesson)
        give(at, lesson, run, task, task.answer)
        assert at.success, f"step {item.step}: the engine's answer must be accepted"
        at.button(key=f"next-{run.index}").click().run()
        assert not at.exception, at.exception


def translated(widgets: Any, name: str) -> Any:
    """The widget ``name`` of a page whose options are said in the learner's language: its key
    carries the language (``trainer.ui.lang.language_key``), one widget per language."""
    from trainer.i18n import LANGUAGES

    found = [w for w in widgets if w.key in {f"{name}-{lang}" for lang in LANGUAGES}]
    assert len(found) == 1, f"{name}: {[w.key for w in widgets]}"
    return found[0]


def table_data(at: AppTest, key: str) -> dict[str, Any]:
    """What the card table ``key`` was given to draw (its JSON payload)."""
    import json

    found = [e for e in at.get("bidi_component") if e.key == key]
    assert len(found) == 1, f"no table {key}"
    data: dict[str, Any] = json.loads(found[0].proto.bytes)
    return data
