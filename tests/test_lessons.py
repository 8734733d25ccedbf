"""Every lesson loads, every step is complete in both languages, and every task's answer comes from
the engine and is consistent with the explanation; bad lesson files give clear errors."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.apptest_helpers import wrong_answer
from trainer.data import data_folder
from trainer.i18n import LANGUAGES, render
from trainer.lessons import LessonError, load_lesson, load_lessons
from trainer.lessons.tasks import TASK_KINDS

LESSONS = load_lessons()
STEPS = [(lesson, step) for lesson in LESSONS for step in lesson.steps]
ORDER = ["red-points", "pairs-of-14", "pong-and-kong", "a-turn", "winning", "specials-fan-score",
         "safe-discards"]


def test_the_seven_lessons_in_order() -> None:
    assert [lesson.id for lesson in LESSONS][:7] == ORDER


@pytest.mark.parametrize(("lesson", "step"), STEPS,
                         ids=[f"{lesson.id}-{step.number + 1}" for lesson, step in STEPS])
def test_every_step(lesson: object, step: object) -> None:
    from trainer.lessons import Step
    assert isinstance(step, Step)
    for lang in LANGUAGES:
        assert step.words(lang).strip()
    task = step.task
    if task is None:
        return
    assert task.is_correct(task.answer)
    assert not task.is_correct(wrong_answer(task))
    if task.answer_type == "choice":
        assert task.answer in task.options
    if task.answer_type == "pick":
        assert all(0 <= i < len(task.cards) for i in task.answer)
    assert task.rule_ids
    for lang in LANGUAGES:
        lines = [render(m, lang) for m in task.explanation]
        assert lines and all(lines)


def test_lessons_cover_their_rules() -> None:
    cited = {rule for lesson in LESSONS for rule in lesson.rules}
    for rule in ("R-RED", "R-PAIR14", "R-KONG", "R-PRIORITY", "R-WIN", "R-WAIT", "R-SPECIAL",
                 "R-FAN", "R-SCORE", "R-PAY", "R-SAFE"):
        assert rule in cited


def test_every_task_kind_is_used() -> None:
    used = {step.kind for _, step in STEPS}
    assert set(TASK_KINDS) <= used


@pytest.mark.parametrize(("text", "message"), [
    ('id = "x"\ntitle = {en = "a", zh = "b"}\nsummary = {en = "a", zh = "b"}\nsteps = []',
     "needs steps"),
    ('id = "x"\ntitle = {en = "a"}\nsummary = {en = "a", zh = "b"}\n'
     '[[steps]]\nkind = "pick_red"\nprompt = {en = "a", zh = "b"}\ncards = "7h"', "no zh text"),
    ('id = "x"\ntitle = {en = "a", zh = "b"}\nsummary = {en = "a", zh = "b"}\n'
     '[[steps]]\nkind = "pick_red"\nprompt = {en = "a", zh = "b"}\ncards = "7x"',
     "step 1: '7x' at 0: unknown suit"),
    ('id = "x"\ntitle = {en = "a", zh = "b"}\nsummary = {en = "a", zh = "b"}\n'
     '[[steps]]\nkind = "guess"\nprompt = {en = "a", zh = "b"}', "unknown kind 'guess'"),
    ('id = "x"\ntitle = {en = "a", zh = "b"}\nsummary = {en = "a", zh = "b"}\n'
     '[[steps]]\nkind = "pick_red"\nprompt = {en = "a", zh = "b"}\ncards = "7h"\nanswer = 7',
     "unknown key 'answer'"),
    ('id = "x"\ntitle = {en = "a", zh = "b"}\nsummary = {en = "a", zh = "b"}\n'
     '[[steps]]\nkind = "fan"\nprompt = {en = "a", zh = "b"}\ncards = "7h 8s 2c"\ncard = "9d"',
     "needs a winning position"),
    ("id = [", "cannot be read"),
])
def test_bad_lesson_files(tmp_path: Path, text: str, message: str) -> None:
    path = tmp_path / "bad.toml"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(LessonError, match=message):
        load_lesson(path)


def test_duplicate_ids(tmp_path: Path) -> None:
    for name in ("a.toml", "b.toml"):
        (tmp_path / name).write_text(
            data_folder("lessons").joinpath(LESSONS[0].source).read_text(encoding="utf-8"), encoding="utf-8")
    with pytest.raises(LessonError, match="used twice"):
        load_lessons(tmp_path)
