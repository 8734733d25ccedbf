"""Lesson data loaded once per server (validated by the engine at load)."""

from __future__ import annotations

import streamlit as st

from trainer.lessons import Lesson, load_lessons


@st.cache_resource(show_spinner=False)
def all_lessons() -> tuple[Lesson, ...]:
    return tuple(load_lessons())


def lesson_by_id(lesson_id: str | None) -> Lesson | None:
    return next((lesson for lesson in all_lessons() if lesson.id == lesson_id), None)


def next_lesson(completed: set[str]) -> Lesson | None:
    """The first lesson not completed yet."""
    return next((lesson for lesson in all_lessons() if lesson.id not in completed), None)
