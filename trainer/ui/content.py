"""Lesson data loaded once per server (validated by the engine at load), and the engine's
line under each example of the Rules page (worked out once per language)."""

from __future__ import annotations

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


@cache
def rule_example_line(rule_id: str, lang: str) -> str | None:
    """What the engine says of a rule's example on the Rules page (its waits, or its verdict's
    first line and the lines that cite the rule — else its last two), or None for an example
    without a check."""
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
    own = [line for line in explained[1:] if rule_id in line]  # the lines of this rule
    return "  \n".join(explained[:1] + (own or explained[-2:]))  # a line each, as a caption
