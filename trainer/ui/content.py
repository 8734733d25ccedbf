"""Lesson data loaded once per server (validated by the engine at load), and the engine's
line under each example of the Rules page (worked out once per language)."""

from __future__ import annotations

from collections.abc import Set
from functools import cache

import streamlit as st

from trainer.content.rule_examples import EXAMPLES
from trainer.engine import Dou14Error, position_of, verdict, waits
from trainer.i18n import explain
from trainer.lessons import Lesson, load_lessons


@st.cache_resource(show_spinner=False)
def all_lessons() -> tuple[Lesson, ...]:
    return tuple(load_lessons())


def lesson_by_id(lesson_id: str | None) -> Lesson | None:
    return next((lesson for lesson in all_lessons() if lesson.id == lesson_id), None)


def next_lesson(completed: Set[str], started: Set[str] = frozenset()) -> Lesson | None:
    """The lesson to go on with: the first one ``started`` and not completed (the learner is in
    the middle of it), else the first not completed yet."""
    open_lessons = [lesson for lesson in all_lessons() if lesson.id not in completed]
    return next((lesson for lesson in open_lessons if lesson.id in started),
                open_lessons[0] if open_lessons else None)


FIRST_HAND_AFTER = frozenset({"a-turn", "winning"})
"""The lessons after which a learner can play a whole hand with the coach's hints: a turn and
winning (the rest of the track comes after that first hand)."""


def ready_to_play(completed: Set[str]) -> bool:
    """Whether Home points to a first whole hand in Play."""
    return completed >= FIRST_HAND_AFTER


@cache
def rule_example_line(rule_id: str, lang: str) -> str | None:
    """What the engine says of a rule's example on the Rules page (its waits, or its verdict's
    first and last lines), or None for an example without a check."""
    example = EXAMPLES[rule_id]
    check = example.get("check")
    if check is None:
        return None
    try:
        position = position_of(example["cards"], melds=example.get("melds", []),
                               card=example.get("card"))
    except Dou14Error as error:
        return str(error)
    if check == "waits":
        return explain(waits(position), lang)[-1]
    explained = explain(verdict(position), lang)
    return " · ".join(explained[:1] + explained[-2:])
