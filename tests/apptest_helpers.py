"""Driving the Streamlit app with AppTest: a fresh database per test, and a lesson walker that
answers with the engine's own answers (optionally wrong first)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from streamlit.testing.v1 import AppTest

from trainer.i18n import t
from trainer.lessons import Lesson, Task

APP = str(Path(__file__).resolve().parent.parent / "trainer" / "app.py")


def app(page: str | None = None, **params: str) -> AppTest:
    at = AppTest.from_file(APP, default_timeout=60)
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


def wrong_answer(task: Task) -> Any:
    if task.answer_type == "pick":
        everything = set(range(len(task.cards)))
        return sorted(everything - task.answer) or sorted(everything)[:0] or [0]
    if task.answer_type == "number":
        return int(task.answer) + 1
    return next(option for option in task.options if option != task.answer)


def give(at: AppTest, lesson: Lesson, index: int, value: Any) -> AppTest:
    task = lesson.steps[index].task
    assert task is not None
    key = f"answer-{lesson.id}-{index}"
    if task.answer_type == "pick":
        at.pills(key=key).set_value(sorted(value))
    elif task.answer_type == "number":
        at.number_input(key=key).set_value(value)
    else:
        at.radio(key=key).set_value(value)
    return click(at, t("lessons.check", "en"))


def walk_lesson(at: AppTest, lesson: Lesson, mistakes_at: set[int] = frozenset()) -> AppTest:
    """Answer every step of ``lesson`` (the lesson page must be open at step 0)."""
    for index, step in enumerate(lesson.steps):
        if step.task is None:
            at.button(key=f"cont-{index}").click().run()
            assert not at.exception, at.exception
            continue
        if index in mistakes_at:
            give(at, lesson, index, wrong_answer(step.task))
            assert at.error, f"step {index}: a wrong answer must be refused"
        give(at, lesson, index, step.task.answer)
        assert at.success, f"step {index}: the engine's answer must be accepted"
        at.button(key=f"next-{index}").click().run()
        assert not at.exception, at.exception
    return at
