"""Lessons as data: one TOML file per lesson (a stage of the track), both languages in the file.

A lesson is a list of steps. An ``explain`` step shows text with pictures (cards, melds, pairs
as groups, a named picture such as the seats or a kong case); every other step is a task of a
kind in ``trainer.lessons.kinds`` (or a move at the table, ``trainer.lessons.table_tasks``)
whose answer the engine computes from the step's cards. Loading validates everything and raises
:class:`LessonError` naming the file, the step and what is wrong. No answer is ever written in a
lesson file.
"""

from __future__ import annotations

import random
import threading
import tomllib
from collections import OrderedDict
from collections.abc import Mapping
from dataclasses import dataclass
from importlib.resources.abc import Traversable
from typing import Any

from trainer.content.languages import LANGUAGES
from trainer.data import data_folder
from trainer.engine import Card, Dou14Error, Meld, parse_cards
from trainer.lessons.kinds import KINDS as QUESTION_KINDS
from trainer.lessons.kinds import moves
from trainer.lessons.task import StepData, Task, TaskError, TaskKind

KINDS: dict[str, TaskKind] = {**QUESTION_KINDS, **{k.name: k for k in moves.KINDS}}
LESSON_KEYS = {"id", "rules", "title", "summary", "steps"}
STEP_KEYS = {"kind", "prompt", "written"}
"""Keys of every question step, whatever its kind."""
EXPLAIN_KEYS = {"kind", "text", "cards", "melds", "groups", "picture", "play_hands"}
MOST_HANDS = 10
"""An explain step sends the learner to play at most this many hands."""
PICTURES = ("seats", "deal", "kong_case_1", "kong_case_2", "kong_case_3", "kong_never",
            "turn", "table_reading")
"""Named pictures an explain step may show (drawn by the page)."""


class LessonError(ValueError):
    """A lesson file that cannot be used; the message names the file and step."""


@dataclass(frozen=True)
class Explain:
    """A step of words and pictures."""

    number: int
    text: Mapping[str, str]
    cards: tuple[Card, ...] = ()
    melds: tuple[Meld, ...] = ()
    groups: tuple[tuple[Card, ...], ...] = ()
    """Cards drawn in groups, each kept together (the seven 14-pairs, one per group)."""
    picture: str | None = None
    play_hands: int = 0
    """A level played in Play: this many whole hands against the bots, each priced afterwards
    by the coach's review in points lost (issue 31); the page shows how they went."""

    def words(self, lang: str) -> str:
        return self.text[lang]


@dataclass(frozen=True)
class Question:
    """A step the learner answers (or a move they make), built and answered by the engine."""

    number: int
    kind: str
    prompt: Mapping[str, str]
    data: Mapping[str, Any]
    task: Task
    written: bool = False
    """The step's words or a step near it speak of this very position (``written = true`` in
    the file): the first pass shows it as written, later tries a fresh variant."""

    def words(self, lang: str) -> str:
        return self.prompt[lang]

    @property
    def fresh_first(self) -> bool:
        """Even the first try is a fresh variant (issue 31: every try a new position), unless
        the words were written for this position."""
        return not self.written and not KINDS[self.kind].written_first

    def variant(self, seed: int) -> Task:
        """A fresh variant of this step (new cards, the same point), checked by the engine. It
        keeps the step's answer class (:attr:`Task.kept_class`) — the same kong case and reason,
        the same rule settling a claim, 接地 stays 接地, yes stays yes, a 7 stays a 7 — so a
        re-ask tests what the step teaches, not another case: generated positions are drawn
        until one is of the step's class (the step as written, should none come within
        :data:`VARIANT_TRIES`)."""
        key = (id(self), seed)
        with _VARIANTS_LOCK:
            kept = _VARIANTS.get(key)
            if kept is not None and kept[0] is self:
                _VARIANTS.move_to_end(key)
                return kept[1]
        task = self._make_variant(seed)
        with _VARIANTS_LOCK:
            _VARIANTS[key] = (self, task)
            while len(_VARIANTS) > VARIANTS_KEPT:
                _VARIANTS.popitem(last=False)
        return task

    def _make_variant(self, seed: int) -> Task:
        kind = KINDS[self.kind]
        rng = random.Random(seed)
        keep = self.task.kept_class
        for _ in range(VARIANT_TRIES if keep is not None else 5):
            try:
                task = kind.build(StepData(kind.generate(rng, StepData(self.data))))
            except TaskError:
                continue
            if task.kept_class == keep:
                return task
        return self.task


VARIANTS_KEPT = 512
"""Variants kept, newest used last: a page run asks its item's task again and again, and some
kinds search for a position (a drawn-hand table plays whole hands to find one)."""
_VARIANTS: OrderedDict[tuple[int, int], tuple[Question, Task]] = OrderedDict()
_VARIANTS_LOCK = threading.Lock()
"""(the step's identity, the seed) → (the step, its variant): a variant is a pure function of
the two, and the step is kept beside it so an identity reused by another object never hits."""

VARIANT_TRIES = 400
"""Positions drawn for a variant of the step's answer class (the rarest, 接地, comes about one
time in twenty)."""


Step = Explain | Question


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
        return sum(1 for step in self.steps if isinstance(step, Question))

    @property
    def fresh_first(self) -> list[int]:
        """The steps whose first try is already a fresh variant."""
        return [s.number for s in self.steps if isinstance(s, Question) and s.fresh_first]

    @property
    def closing(self) -> list[int]:
        """The explanations after the last question: the lesson's closing words, said after
        every question asked again too."""
        last = max((s.number for s in self.steps if isinstance(s, Question)), default=-1)
        return [s.number for s in self.steps if s.number > last]


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


def _explain(number: int, data: Mapping[str, Any], where: str) -> Explain:
    unknown = sorted(set(data) - EXPLAIN_KEYS)
    if unknown:
        raise LessonError(f"{where}: unknown key {unknown[0]!r}")
    reader = StepData(data)
    groups_data = data.get("groups", [])
    if not isinstance(groups_data, list) or not all(isinstance(g, str) for g in groups_data):
        raise LessonError(f"{where}: 'groups' must be a list of card lists")
    picture = data.get("picture")
    if picture is not None and picture not in PICTURES:
        raise LessonError(f"{where}: unknown picture {picture!r} (use {', '.join(PICTURES)})")
    hands = data.get("play_hands", 0)
    if not isinstance(hands, int) or isinstance(hands, bool) or not 0 <= hands <= MOST_HANDS:
        raise LessonError(f"{where}: 'play_hands' is a number of hands from 0 to {MOST_HANDS}")
    try:
        return Explain(number, _bilingual(data.get("text"), f"{where} text"), reader.cards(),
                       reader.melds(), tuple(parse_cards(g) for g in groups_data), picture,
                       hands)
    except (Dou14Error, TaskError) as error:
        raise LessonError(f"{where}: {error}") from None


def _step(number: int, data: Any, where: str) -> Step:
    if not isinstance(data, Mapping):
        raise LessonError(f"{where}: a step must be a table")
    kind = data.get("kind")
    if kind == "explain":
        return _explain(number, data, where)
    if kind not in KINDS:
        raise LessonError(f"{where}: unknown kind {kind!r} (use explain, "
                          f"{', '.join(sorted(KINDS))})")
    task_kind = KINDS[str(kind)]
    unknown = sorted(set(data) - task_kind.keys - STEP_KEYS)
    if unknown:
        raise LessonError(f"{where}: unknown key {unknown[0]!r} for a {kind} step")
    written = data.get("written", False)
    if not isinstance(written, bool):
        raise LessonError(f"{where}: 'written' must be true or false")
    prompt = _bilingual(data.get("prompt"), f"{where} prompt")
    fields = {key: value for key, value in data.items() if key not in STEP_KEYS}
    try:
        task = task_kind.build(StepData(fields))
    except (Dou14Error, TaskError) as error:
        raise LessonError(f"{where}: {error}") from None
    return Question(number, str(kind), prompt, fields, task, written)


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
    if not any(isinstance(step, Question) for step in steps):
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
