"""Drills: fast, adaptive practice generated and graded by the engine, plus the day's reviews.
A miss gets a hint and another try; the answer comes after a second miss (at once on a yes/no
question, where a second try is no test)."""

from __future__ import annotations

import random
import time

import streamlit as st

from trainer.engine.inputs import bounded_int
from trainer.engine.messages import Amount
from trainer.lessons import Feedback
from trainer.lessons.answers import LessonAnswer
from trainer.lessons.task import Task
from trainer.practice.drills import (
    DRILLS,
    MAX_LEVEL,
    MIN_LEVEL,
    TAUGHT_IN,
    DrillItem,
    drill_level,
    generate,
    record_first,
    stored_try,
)
from trainer.practice.fact_reviews import due_facts, fact_skill, next_question, record_review, schedules
from trainer.practice.guidance_service import drill_skill
from trainer.ui.content import lesson_by_id
from trainer.ui.guide_view import show_help
from trainer.ui.lang import current_language, red_suits, set_choice, tr, translated_choice
from trainer.ui.lesson_view import (
    answer_words,
    cards_to_correct,
    empty_number_box,
    note_refusal,
    noted_refusal,
    show_feedback,
    show_question,
    words,
)
from trainer.ui.practice_links import practice_button
from trainer.ui.session import require_learner, store
from trainer.ui.widgets import glossary_link, lesson_link

learner = require_learner()
st.title(tr("drills.title"))
st.caption(tr("drills.intro"))
glossary_link()

KINDS = (*DRILLS, "review")
chosen = st.query_params.get("drill")
if chosen is not None and chosen not in KINDS:  # a mistyped link: said, as lessons and puzzles do
    st.warning(tr("drills.unknown_link"))
if chosen in KINDS and chosen != st.session_state.get("drill_address"):
    set_choice("drill_kind", chosen)  # a link to another drill opens it, not the tab's last
st.session_state["drill_address"] = chosen
threshold = learner.rules.red_threshold
kind = translated_choice(st.segmented_control, tr("drills.choose"), KINDS, key="drill_kind",
                         prefix="drills.", params={"threshold": threshold}, by_default=True,
                         required=True, start=chosen if chosen in KINDS else "red",
                         label_visibility="collapsed") or "red"
if chosen != kind:  # the address names the drill: a reload or a shared link opens it
    st.query_params["drill"] = kind
    st.session_state["drill_address"] = kind


def addressed_item(drill: str) -> tuple[int, int] | None:
    """The level and seed of the item the address names (``item=<drill>.<level>.<seed>``), so
    that a reload shows the same item, not a new one; None for anything else."""
    parts = str(st.query_params.get("item", "")).split(".")
    if len(parts) != 3 or parts[0] != drill:
        return None
    level, seed = bounded_int(parts[1], MIN_LEVEL, MAX_LEVEL), bounded_int(parts[2], 0, 2**32)
    return None if level is None or seed is None else (level, seed)


def new_item(drill: str, at: tuple[int, int] | None = None) -> DrillItem:
    level, seed = at if at is not None else (drill_level(store(), learner.id, drill),
                                             random.getrandbits(32))
    item = generate(drill, level, random.Random(seed), learner.rules)
    st.query_params["item"] = f"{drill}.{item.level}.{seed}"
    st.session_state.update(drill_item=item, drill_started=time.monotonic(), drill_misses=0,
                            drill_feedback=None, drill_given=None, drill_nonce=seed,
                            drill_refused=None)
    empty_number_box(f"drill-{drill}")
    return item


def next_item(drill: str) -> None:
    new_item(drill)


def drill_answered(drill: str, item_id: int, given: LessonAnswer) -> None:
    """Right at once: recorded with its level, and the next item comes. A first miss: recorded,
    a hint and another try (a yes/no question: the answer); a second: the answer."""
    item = st.session_state.get("drill_item")
    if not isinstance(item, DrillItem) or id(item) != item_id or item.drill != drill:
        return  # a click from an older screen
    task = item.task
    refused = task.refusal(given)  # not an answer (another number of cards): no try spent
    note_refusal("drill_refused", refused)
    if refused is not None:
        return
    misses = int(st.session_state.get("drill_misses", 0))
    seconds = time.monotonic() - st.session_state.get("drill_started", time.monotonic())
    if misses == 0:  # the first answer is the one that measures the level
        correct = record_first(store(), learner.id, item, given, seconds,
                               int(st.session_state.get("drill_nonce", 0)))
    else:
        correct = task.is_correct(given)
    if correct and misses == 0:  # said above the next item: a toast in a corner went unseen
        # the run of right answers is this drill's: another drill's does not carry over
        before = int(st.session_state.get("drill_streak", 0)) \
            if st.session_state.get("drill_streak_of") == drill else 0
        st.session_state.update(drill_last=(drill, seconds), drill_streak=before + 1,
                                drill_streak_of=drill)
        new_item(drill)
        return
    st.session_state.update(drill_last=None, drill_streak=0)
    if correct:
        st.session_state.update(drill_feedback=Feedback.RIGHT, drill_given=given)
        return
    st.session_state.update(drill_misses=misses + 1, drill_given=given,
                            drill_feedback=after_miss(task, misses))


def after_miss(task: Task, misses: int) -> Feedback:
    """A hint after a first miss, the answer after a second — and at once on a yes/no
    question: a second try could only be the other option, and the hint would all but say it
    (as in the lessons, trainer.lessons.run)."""
    return Feedback.HINT if misses == 0 and task.ways != 2 else Feedback.REVEALED


def drill_view(drill: str) -> None:
    item = st.session_state.get("drill_item")
    if not isinstance(item, DrillItem) or item.drill != drill:
        at = addressed_item(drill)
        item = new_item(drill, at)  # a reload: the item the address names
        tried = None if at is None else stored_try(store(), learner.id, item, at[1])
        if tried is not None:  # its first try is stored: shown again with what followed it
            st.session_state.update(
                drill_misses=0 if tried.correct else 1, drill_given=tried.given,
                drill_feedback=None if tried.given is None else Feedback.RIGHT
                if tried.correct else after_miss(item.task, 0))
    task = item.task
    feedback: Feedback | None = st.session_state.get("drill_feedback")
    last = st.session_state.get("drill_last")
    if feedback is None and last is not None and last[0] == drill:  # not after a switch
        st.markdown(":green[" + tr("drills.right_fast", seconds=Amount(last[1], 1),
                                   streak=st.session_state.get("drill_streak", 1)) + "]")
    st.caption(tr("drills.level", level=item.level))
    st.markdown(f"#### {red_suits(words(task.prompt)) if task.prompt else ''}")
    done = feedback in (Feedback.RIGHT, Feedback.REVEALED)
    if not done:
        st.caption(red_suits(words(task.instruction)))
    misses = int(st.session_state.get("drill_misses", 0))
    item_id = id(item)
    last_given = st.session_state.get("drill_given")
    presses, refused = noted_refusal("drill_refused", done=done)
    shown = "-done" if done else ""  # the answer shown: drawn afresh, the picks dropped
    show_question(task, key=f"drill-{drill}", seq=f"{item_id}-{misses}{presses}{shown}",
                  locked=done,
                  on_answer=lambda given: drill_answered(drill, item_id, given),
                  raised=cards_to_correct(feedback, last_given))
    if refused is not None:
        st.warning(words(refused))
    skill = drill_skill(drill)
    if skill is not None and feedback is None and not misses:  # before an answer
        show_help(learner.id, skill, context="drill", key=f"drill-{drill}",
                  item=f"{drill}:{item.level}:n{st.session_state.get('drill_nonce', 0)}",
                  topic=drill)  # a drill's own help where it has one (the waits: no "whose card")
    if feedback is not None:
        show_feedback(task, feedback, last_given, misses=misses)
    if feedback is Feedback.HINT:
        st.button(tr("lessons.show_answer"), key="drill-reveal",
                  on_click=st.session_state.update, kwargs={"drill_feedback": Feedback.REVEALED})
    if done:
        st.button(tr("drills.next"), type="primary", key="drill-next", on_click=next_item,
                  args=(drill,))


def review_answered(fact: str, given: LessonAnswer) -> None:
    question = st.session_state.get("review_question")
    if question is None or question.fact != fact:
        return
    seconds = time.monotonic() - st.session_state.get("review_started", time.monotonic())
    correct = record_review(store(), learner.id, question, given, seconds)
    st.session_state.pop("review_question", None)
    empty_number_box("review")  # for the next fact
    if correct:
        st.session_state["review_right"] = seconds
    else:
        st.session_state["review_feedback"] = (question.task, given, question.fact)


def _review_chosen(skill: str) -> None:
    store().review_choices.set(learner.id, skill, bool(st.session_state.get(f"review-on-{skill}")))
    st.session_state.pop("review_question", None)


def review_choices() -> None:
    """Which skills' facts come back for review, and when (issue 32: reviews are visible and
    the learner's choice, skill by skill)."""
    with st.container(border=True, key="review-choices"):
        st.markdown(tr("review.choose"))
        for found in schedules(store(), learner.id):
            skill = found.skill.value
            st.toggle(tr(f"skill.{skill}"), value=found.enabled, key=f"review-on-{skill}",
                      on_change=_review_chosen, args=(skill,))
            later = tr("review.next_on", date=found.next_due.date().isoformat()) \
                if found.next_due is not None else ""
            st.caption(tr("review.schedule", due=found.due, new=found.new,
                          scheduled=found.scheduled) + later)


def review_view() -> None:
    review_choices()
    feedback = st.session_state.pop("review_feedback", None)
    right = st.session_state.pop("review_right", None)
    if right is not None:
        st.markdown(":green[" + tr("drills.review_right", seconds=Amount(right, 1)) + "]")
    if feedback:
        task, given, missed_fact = feedback
        st.error(tr("drills.review_wrong"))  # said plainly: the fact comes back sooner
        show_feedback(task, Feedback.REVEALED, given)
        st.caption(tr("lessons.you_said", answer=answer_words(task, given)))
        skill = fact_skill(missed_fact)
        if skill is not None:
            practice_button(skill, key="review-practise-skill")
    due = due_facts(store(), learner.id)
    st.caption(tr("review.due", count=len(due)))
    if not store().review_choices.enabled(learner.id):
        st.info(tr("review.none_chosen"))
        return
    if not due:
        st.success(tr("review.done"))
        return
    question = st.session_state.get("review_question")
    if question is None or question.fact != due[0]:
        question = next_question(store(), learner.id, random.Random())
        st.session_state["review_question"] = question
        st.session_state["review_started"] = time.monotonic()
    assert question is not None
    st.markdown(f"#### {red_suits(words(question.prompt))}")
    st.caption(red_suits(words(question.task.instruction)))
    fact = question.fact
    show_question(question.task, key="review", seq=fact, locked=False,
                  on_answer=lambda given: review_answered(fact, given))


if kind == "review":
    review_view()
else:
    teaching = lesson_by_id(TAUGHT_IN[kind])
    if teaching is not None and not store().lessons.state(learner.id, teaching.id).completed:
        title = teaching.title[current_language()]
        st.caption(tr("drills.before_lesson", title=title))
        lesson_link(teaching.id, tr("puzzles.open_lesson", title=title))
    drill_view(kind)
