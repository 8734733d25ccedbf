"""Lessons as data: one TOML file per lesson in ``lessons/``, both languages in the file.

A lesson is a list of steps. An ``explain`` step shows text (zh and en) with cards drawn; every
other step is a task of :mod:`trainer.lessons.tasks` whose answer the engine computes from the
step's cards. Loading validates everything and raises :class:`LessonError` naming the file, the
step and what is wrong.
"""

from __future__ import annotations

import tomllib
from collections.abc import Mapping
from dataclasses import dataclass
from importlib.resources.abc import Traversable
from typing import Any

from trainer.content.languages import LANGUAGES
from trainer.data import data_folder
from trainer.engine import Card, Dou14Error, Meld, parse_cards
from trainer.lessons.tasks import TASK_KEYS, TASK_KINDS, Task, TaskError

LESSON_KEYS = {"id", "rules", "title", "summary", "steps"}
STEP_KEYS = {"kind", "text", "prompt", "hint"} | TASK_KEYS


class LessonError(ValueError):
    """A lesson file that cannot be used; the message names the file and step."""


@dataclass(frozen=True)
class Step:
    """One step: ``kind`` ``explain`` (text only) or a task kind with its engine-built task."""

    number: int
    kind: str
    text: Mapping[str, str]
    cards: tuple[Card, ...]
    melds: tuple[Meld, ...]
    task: Task | None

    def words(self, lang: str) -> str:
        return self.text.get(lang) or self.text.get("en", "")


@dataclass(frozen=True)
class Lesson:
    id: str
    order: int
    rules: tuple[str, ...]
    title: Mapping[str, str]
    summary: Mapping[str, str]
    steps: tuple[Step, ...]
    source: str
    """The lesson's file name."""

    @property
    def task_count(self) -> int:
        return sum(1 for step in self.steps if step.task is not None)


def _bilingual(value: Any, where: str) -> dict[str, str]:
    if not isinstance(value, Mapping):
        raise LessonError(f"{where} must have both zh and en text")
    missing = [lang for lang in LANGUAGES if not str(value.get(lang, "")).strip()]
    if missing:
        raise LessonError(f"{where} has no {' or '.join(missing)} text")
    extra = sorted(set(value) - set(LANGUAGES))
    if extra:
        raise LessonError(f"{where} has an unknown language {extra[0]!r}")
    return {lang: str(value[lang]).strip() for lang in LANGUAGES}


def _step(number: int, data: Any, where: str) -> Step:
    if not isinstance(data, Mapping):
        raise LessonError(f"{where}: a step must be a table")
    unknown = sorted(set(data) - STEP_KEYS)
    if unknown:
        raise LessonError(f"{where}: unknown key {unknown[0]!r}")
    kind = data.get("kind")
    try:
        if kind == "explain":
            text = _bilingual(data.get("text"), f"{where} text")
            cards = parse_cards(str(data.get("cards", "")))
            melds = tuple(Meld.parse(m) for m in data.get("melds", []))
            return Step(number, "explain", text, cards, melds, None)
        if kind not in TASK_KINDS:
            raise LessonError(
                f"{where}: unknown kind {kind!r} (use explain, {', '.join(sorted(TASK_KINDS))})")
        prompt = _bilingual(data.get("prompt"), f"{where} prompt")
        task = TASK_KINDS[str(kind)](data)
        return Step(number, str(kind), prompt, task.cards, task.melds, task)
    except (Dou14Error, TaskError) as error:
        raise LessonError(f"{where}: {error}") from None


def load_lesson(path: Traversable, order: int = 0) -> Lesson:
    """Read and validate one lesson file."""
    try:
        data = tomllib.loads(path.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, tomllib.TOMLDecodeError) as error:
        raise LessonError(f"{path.name}: cannot be read: {error}") from None
    unknown = sorted(set(data) - LESSON_KEYS)
    if unknown:
        raise LessonError(f"{path.name}: unknown key {unknown[0]!r}")
    lesson_id = data.get("id")
    if not isinstance(lesson_id, str) or not lesson_id:
        raise LessonError(f"{path.name}: needs an id")
    steps_data = data.get("steps")
    if not isinstance(steps_data, list) or not steps_data:
        raise LessonError(f"{path.name}: needs steps")
    steps = tuple(_step(i, step, f"{path.name} step {i + 1}") for i, step in enumerate(steps_data))
    if not any(step.task for step in steps):
        raise LessonError(f"{path.name}: needs at least one task")
    rules = data.get("rules", [])
    if not isinstance(rules, list):
        raise LessonError(f"{path.name}: rules must be a list of rule ids")
    return Lesson(lesson_id, order, tuple(str(r) for r in rules),
                  _bilingual(data.get("title"), f"{path.name} title"),
                  _bilingual(data.get("summary"), f"{path.name} summary"), steps, path.name)


def load_lessons(directory: Traversable | None = None) -> list[Lesson]:
    """Every ``*.toml`` lesson in file-name order (the shipped lessons by default); ids must be
    unique."""
    folder = directory if directory is not None else data_folder("lessons")
    files = sorted((item for item in folder.iterdir() if item.name.endswith(".toml")),
                   key=lambda item: item.name)
    lessons = [load_lesson(path, order) for order, path in enumerate(files, start=1)]
    seen: set[str] = set()
    for lesson in lessons:
        if lesson.id in seen:
            raise LessonError(f"{lesson.source}: id {lesson.id!r} is used twice")
        seen.add(lesson.id)
    return lessons
