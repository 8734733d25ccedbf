"""Lessons: the list with stars, and one lesson step by step (answers recorded as they happen)."""

from __future__ import annotations

import time

import streamlit as st

from trainer.lessons import Lesson
from trainer.store.progress_store import stars_for_mistakes
from trainer.ui.content import all_lessons, lesson_by_id
from trainer.ui.lang import current_language, tr
from trainer.ui.lesson_view import answer_widget, explanation_lines, show_context, shown_answer
from trainer.ui.session import require_learner, store
from trainer.ui.widgets import show_cards, show_melds, show_stars, stars_html, use_card_style

lang = current_language()
learner = require_learner()
use_card_style()


def open_lesson(lesson_id: str | None) -> None:
    if lesson_id is None:
        st.query_params.pop("lesson", None)
    else:
        st.query_params["lesson"] = lesson_id
    st.session_state.pop("lesson_feedback", None)
    st.rerun()


def lesson_list() -> None:
    st.title(tr("lessons.title"))
    st.caption(tr("lessons.intro"))
    states = store().lesson_states(learner.id)
    for lesson in all_lessons():
        state = states.get(lesson.id)
        with st.container(border=True):
            left, right = st.columns([5, 2], vertical_alignment="center")
            with left:
                st.markdown(f"**{lesson.order}. {lesson.title[lang]}**")
                st.caption(lesson.summary[lang])
                if state and state.completed:
                    st.html(stars_html(state.best_stars))
                elif state and state.step:
                    st.caption(tr("lessons.in_progress", step=state.step + 1,
                                  steps=len(lesson.steps)))
            with right:
                label = ("lessons.again" if state and state.completed and not state.step < len(
                    lesson.steps) else "lessons.continue" if state and state.step else
                    "lessons.start")
                if st.button(tr(label), key=f"open-{lesson.id}", use_container_width=True,
                             type="primary" if label != "lessons.again" else "secondary"):
                    open_lesson(lesson.id)


def finish_view(lesson: Lesson, mistakes: int) -> None:
    stars = stars_for_mistakes(mistakes)
    st.success(tr("lessons.done", title=lesson.title[lang]))
    show_stars(stars)
    st.caption(tr("lessons.mistakes", mistakes=mistakes))
    later = [other for other in all_lessons() if other.order > lesson.order]
    cols = st.columns(2)
    if later and cols[0].button(tr("lessons.next", title=later[0].title[lang]), type="primary",
                                key="next-lesson"):
        open_lesson(later[0].id)
    if cols[1].button(tr("lessons.redo"), key="redo-lesson"):
        store().restart_lesson(learner.id, lesson.id)
        open_lesson(lesson.id)


def advance(lesson: Lesson, step_index: int, mistakes: int) -> None:
    """Move past a step; the last step completes the lesson with its stars."""
    if step_index + 1 >= len(lesson.steps):
        store().complete_lesson(learner.id, lesson.id, mistakes, len(lesson.steps))
    else:
        store().save_lesson_step(learner.id, lesson.id, step_index + 1, mistakes)


def run_lesson(lesson: Lesson) -> None:
    if st.button(tr("lessons.back"), key="back-to-list"):
        open_lesson(None)
    st.title(f"{lesson.order}. {lesson.title[lang]}")
    state = store().lesson_state(learner.id, lesson.id)
    feedback = st.session_state.get("lesson_feedback")
    shown_step = state.step
    if feedback and feedback["lesson"] == lesson.id and feedback["step"] == state.step - 1:
        shown_step = feedback["step"]
    if state.completed and shown_step >= len(lesson.steps):
        finish_view(lesson, state.mistakes)
        return
    if shown_step >= len(lesson.steps):
        shown_step = 0
    st.progress(shown_step / len(lesson.steps),
                text=tr("lessons.step_of", step=shown_step + 1, steps=len(lesson.steps)))
    step = lesson.steps[shown_step]
    if step.task is None:
        st.markdown(step.words(lang))
        show_cards(step.cards)
        show_melds(step.melds)
        if st.button(tr("lessons.continue_step"), type="primary", key=f"cont-{shown_step}"):
            advance(lesson, shown_step, state.mistakes)
            st.rerun()
        return
    task = step.task
    st.markdown(f"#### {step.words(lang)}")
    show_context(step)
    if shown_step != state.step:  # just answered right: show why, then go on
        st.success(tr("lessons.right"))
        for line in explanation_lines(task):
            st.markdown(f"- {line}")
        if st.button(tr("lessons.continue_step"), type="primary", key=f"next-{shown_step}"):
            st.session_state.pop("lesson_feedback", None)
            st.rerun()
        return
    started = st.session_state.setdefault(f"started-{lesson.id}-{shown_step}", time.monotonic())
    with st.form(f"form-{lesson.id}-{shown_step}"):
        given = answer_widget(task, key=f"answer-{lesson.id}-{shown_step}")
        submitted = st.form_submit_button(tr("lessons.check"), type="primary")
    st.caption(tr("lessons.rules", rules=", ".join(task.rule_ids)))
    if not submitted:
        return
    if given is None or (task.answer_type == "pick" and not given and task.answer):
        st.warning(tr("lessons.answer_first"))
        return
    correct = task.is_correct(given)
    store().record_answer(
        learner.id, context="lesson", item=f"{lesson.id}:{shown_step}",
        question=f"{lesson.id} #{shown_step + 1}: {step.words('en')}",
        answer=task.answer_text(given), expected=task.answer_text(task.answer),
        correct=correct, seconds=time.monotonic() - started, rule_ids=task.rule_ids)
    st.session_state.pop(f"started-{lesson.id}-{shown_step}", None)
    if correct:
        advance(lesson, shown_step, state.mistakes)
        st.session_state["lesson_feedback"] = {"lesson": lesson.id, "step": shown_step}
        st.rerun()
    store().save_lesson_step(learner.id, lesson.id, shown_step, state.mistakes + 1)
    st.error(tr("lessons.wrong"))
    st.caption(tr("lessons.you_said", answer=shown_answer(task, given)))
    for line in explanation_lines(task):
        st.markdown(f"- {line}")


selected = lesson_by_id(st.query_params.get("lesson"))
if selected is None:
    lesson_list()
else:
    run_lesson(selected)
