"""Drills: fast, adaptive practice generated and graded by the engine, plus the day's reviews."""

from __future__ import annotations

import random
import time

import streamlit as st

from trainer.i18n import render
from trainer.practice.drills import DRILLS, DrillItem, generate, next_level
from trainer.practice.fact_reviews import due_facts, next_question, record_review
from trainer.ui.lang import current_language, tr
from trainer.ui.lesson_view import answer_widget, explanation_lines, show_task, shown_answer
from trainer.ui.session import require_learner, store
from trainer.ui.widgets import use_card_style

learner = require_learner()
use_card_style()
st.title(tr("drills.title"))
st.caption(tr("drills.intro"))

KINDS = (*DRILLS, "review")
chosen = st.query_params.get("drill")
kind = st.segmented_control(tr("drills.choose"), KINDS, format_func=lambda k: tr(f"drills.{k}"),
                            default=chosen if chosen in KINDS else "red", key="drill_kind",
                            label_visibility="collapsed") or "red"


def level_for(drill: str) -> int:
    history = [(bool(r["correct"]), float(r["seconds"]), int(r["mode"].split(":")[1]))
               for r in store().answer_rows(learner.id, skill=f"drill:{drill}", last=30)
               if r["mode"].startswith("level:")]
    return next_level(history)


def new_item(drill: str) -> DrillItem:
    seed = random.randrange(2**31)
    item = generate(drill, level_for(drill), random.Random(seed), learner.rules)
    st.session_state["drill_item"] = item
    st.session_state["drill_started"] = time.monotonic()
    st.session_state.pop("drill_feedback", None)
    return item


def drill_view(drill: str) -> None:
    item = st.session_state.get("drill_item")
    if not isinstance(item, DrillItem) or item.drill != drill:
        item = new_item(drill)
    feedback = st.session_state.get("drill_feedback")
    if feedback is not None:
        right, lines, said = feedback
        (st.success if right else st.error)(tr("drills.right" if right else "drills.wrong"))
        if not right:
            st.caption(tr("lessons.you_said", answer=said))
        for line in lines:
            st.markdown(f"- {line}")
        if st.button(tr("drills.next"), type="primary", key="drill-next"):
            new_item(drill)
            st.rerun()
        return
    st.caption(tr("drills.level", level=item.level))
    params = {"threshold": item.task.extra.get("threshold", learner.rules.red_threshold)}
    st.markdown(f"#### {tr(f'drills.prompt_{drill}', **params)}")
    show_task(item.task)
    with st.form(f"drill-form-{drill}", clear_on_submit=True):
        given = answer_widget(item.task, key=f"drill-answer-{drill}")
        submitted = st.form_submit_button(tr("lessons.check"), type="primary")
    if not submitted:
        return
    if given is None or (item.task.answer_type == "pick" and not given and item.task.answer):
        st.warning(tr("lessons.answer_first"))
        return
    seconds = time.monotonic() - st.session_state.get("drill_started", time.monotonic())
    correct = item.task.is_correct(given)
    store().record_answer(
        learner.id, context="drill", item=f"{drill}:{item.level}",
        question=tr(f"drills.prompt_{drill}", **params), answer=item.task.answer_text(given),
        expected=item.task.answer_text(item.task.answer), correct=correct, seconds=seconds,
        rule_ids=item.task.rule_ids, skill=f"drill:{drill}", mode=f"level:{item.level}")
    if correct:
        st.toast(tr("drills.right_fast", seconds=f"{seconds:.1f}"))
        new_item(drill)
    else:
        st.session_state["drill_feedback"] = (False, explanation_lines(item.task),
                                              shown_answer(item.task, given))
    st.rerun()


def review_view() -> None:
    feedback = st.session_state.pop("review_feedback", None)
    if feedback:
        st.error(tr("drills.wrong"))
        for line in feedback:
            st.markdown(f"- {line}")
    due = due_facts(store(), learner.id)
    st.caption(tr("review.due", count=len(due)))
    if not due:
        st.success(tr("review.done"))
        return
    question = st.session_state.get("review_question")
    if question is None or question.fact != due[0]:
        question = next_question(store(), learner.id, random.Random())
        st.session_state["review_question"] = question
        st.session_state["review_started"] = time.monotonic()
    assert question is not None
    st.markdown(f"#### {render(question.prompt, current_language())}")
    show_task(question.task)
    with st.form("review-form", clear_on_submit=True):
        given = answer_widget(question.task, key="review-answer")
        submitted = st.form_submit_button(tr("lessons.check"), type="primary")
    if submitted and given is not None:
        seconds = time.monotonic() - st.session_state.get("review_started", time.monotonic())
        correct = record_review(store(), learner.id, question, given, seconds)
        st.session_state.pop("review_question", None)
        if correct:
            st.toast(tr("drills.right_fast", seconds=f"{seconds:.1f}"))
        else:
            st.session_state["review_feedback"] = explanation_lines(question.task)
        st.rerun()


if kind == "review":
    review_view()
else:
    drill_view(kind)
