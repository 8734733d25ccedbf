"""Lessons: the track of stages with stars, and one lesson run step by step — a hint after a
first miss, the answer after a second (or on request), missed items asked again as fresh
variants, the run kept in the database after every answer so a reload resumes it exactly."""

from __future__ import annotations

import time
from dataclasses import replace

import streamlit as st

from trainer.engine import DEFAULT_RULES
from trainer.lessons import Explain, Feedback, Lesson
from trainer.lessons.answers import LessonAnswer
from trainer.mastery.guidance import HintLevel
from trainer.play.coach_jobs import recent_losses
from trainer.practice.guidance_service import lesson_skill, lesson_topic
from trainer.practice.lesson_service import Runs, item_id, shown_before, task_of
from trainer.practice.track import FIRST_HAND_AFTER, lesson_after, ready_to_play
from trainer.ui.content import all_lessons, lesson_by_id
from trainer.ui.guide_view import show_help
from trainer.ui.lang import current_language, holding_language, red_suits, tr
from trainer.ui.lesson_view import (
    cards_to_correct,
    note_refusal,
    noted_refusal,
    show_coached_hands,
    show_explain,
    show_feedback,
    show_question,
    words,
)
from trainer.ui.practice_links import practice_button
from trainer.ui.session import require_learner, store
from trainer.ui.widgets import TABLE_PAGE_STYLE, glossary_link, rules_caption, show_stars, stars_html

lang = current_language()
learner = require_learner()


def open_lesson(lesson_id: str | None) -> None:
    if lesson_id is None:
        st.query_params.pop("lesson", None)
    else:
        st.query_params["lesson"] = lesson_id
    st.rerun()


def standard_table_note() -> None:
    """Lessons teach at the standard table; a learner whose house rules differ is told where
    theirs apply ("24 red wins" in lesson 4 would seem wrong beside a saved 25-red table)."""
    if learner.rules != DEFAULT_RULES:
        st.caption(tr("lessons.standard_table", threshold=DEFAULT_RULES.red_threshold))


def lesson_list() -> None:
    st.title(tr("lessons.title"))
    st.caption(tr("lessons.intro"))
    standard_table_note()
    states = store().lessons.states(learner.id)
    earned = sum(state.best_stars for state in states.values())
    st.progress(earned / (3 * len(all_lessons())),
                text=tr("lessons.stars_total", stars=earned, total=3 * len(all_lessons())))
    for lesson in all_lessons():
        state = states.get(lesson.id)
        with st.container(border=True):
            left, right = st.columns([5, 2], vertical_alignment="center")
            with left:
                st.markdown(f"**{lesson.order}. {lesson.title[lang]}**")
                st.caption(lesson.summary[lang])
                if state and state.completed:
                    st.html(stars_html(state.best_stars))
            with right:
                in_progress = bool(state and state.in_progress)
                label = "lessons.continue" if in_progress else (
                    "lessons.again" if state and state.completed else "lessons.start")
                if st.button(tr(label), key=f"open-{lesson.id}", use_container_width=True,
                             type="secondary" if label == "lessons.again" else "primary"):
                    if label == "lessons.again":  # again means from step 1, not the result
                        runs().again(lesson)
                    open_lesson(lesson.id)


def runs() -> Runs:
    return Runs(store(), learner.id)


def finish_view(lesson: Lesson) -> None:
    state = store().lessons.state(learner.id, lesson.id)
    last = st.session_state.get(f"stars-{lesson.id}", state.best_stars)
    st.success(tr("lessons.done", title=lesson.title[lang]))
    show_stars(last)
    st.caption(tr(f"lessons.stars_rule_{last}"))
    completed = {lesson_id for lesson_id, kept in store().lessons.states(learner.id).items()
                 if kept.completed}
    following = lesson_after(all_lessons(), lesson, completed)
    first_hand = lesson.id in FIRST_HAND_AFTER and ready_to_play(completed) and \
        store().replays.count(learner.id) == 0  # issue 31: a whole hand now, the rest after
    if first_hand:
        st.markdown(tr("home.first_hand"))
    row = st.container(horizontal=True, wrap=True)
    if first_hand and row.button(tr("lessons.to_play"), type="primary", key="to-first-hand"):
        st.switch_page("app_pages/play.py", query_params=st.query_params.to_dict())
    if following and row.button(tr("lessons.next", title=following.title[lang]),
                                type="secondary" if first_hand else "primary",
                                key=f"next-lesson-{lesson.id}"):
        open_lesson(following.id)
    if not following and row.button(tr("lessons.to_play"), type="primary", key="to-play"):
        st.switch_page("app_pages/play.py", query_params=st.query_params.to_dict())
    if not following and row.button(tr("lessons.to_puzzles"), key="to-puzzles"):
        st.switch_page("app_pages/puzzles.py", query_params=st.query_params.to_dict())
    if row.button(tr("lessons.practise"), key="practise-lesson"):
        runs().practise(lesson)
        st.rerun()
    if row.button(tr("lessons.redo"), key="redo-lesson"):
        runs().again(lesson)
        st.rerun()  # the list of lessons: the page's own back button, above


def answered(lesson_id: str, index: int, given: LessonAnswer) -> None:
    lesson = lesson_by_id(lesson_id)
    clock = f"started-{lesson_id}-{index}"
    started = st.session_state.pop(clock, time.monotonic())
    refused = None if lesson is None else \
        runs().answer(lesson, index, given, time.monotonic() - started)
    note_refusal(f"refused-{lesson_id}-{index}", refused)
    if refused is not None:  # no answer: said why, no try spent, and the clock runs on
        st.session_state[clock] = started


def revealed(lesson_id: str, index: int) -> None:
    lesson = lesson_by_id(lesson_id)
    if lesson is not None:
        runs().reveal(lesson, index)


def went_on(lesson_id: str, index: int) -> None:
    lesson = lesson_by_id(lesson_id)
    stars = None if lesson is None else runs().go_on(lesson, index)
    if stars is not None:
        st.session_state[f"stars-{lesson_id}"] = stars


def run_lesson(lesson: Lesson) -> None:
    st.html(TABLE_PAGE_STYLE)
    top = st.container(horizontal=True, vertical_alignment="center")
    if top.button(tr("lessons.back"), key="back-to-list", icon=":material/arrow_back:"):
        open_lesson(None)
    with top:
        glossary_link()
    st.title(f"{lesson.order}. {lesson.title[lang]}")
    standard_table_note()
    lesson_step(lesson)


@st.fragment
@holding_language
def lesson_step(lesson: Lesson) -> None:
    """The step in hand, its answer and the way on: a fragment, so a tap, a check or a
    continue reruns this part only, not the page around it (one light run per action)."""
    run, waiting = runs().load(lesson)
    if run.finished or waiting:
        finish_view(lesson)
        return
    item = run.current
    assert item is not None
    total = len(run.plan)
    st.progress(run.index / total, text=tr(  # why the total grew, said
        "lessons.step_of_added" if run.added else "lessons.step_of", step=run.index + 1,
        steps=total, added=run.added))
    step = lesson.steps[item.step]
    key = f"lesson-{lesson.id}-{run.index}"
    if isinstance(step, Explain):
        show_explain(step, key)
        played = not step.play_hands or show_coached_hands(
            recent_losses(store(), learner.id, step.play_hands), step.play_hands, key)
        st.button(tr("lessons.continue_step"), type="primary" if played else "secondary",
                  key=f"cont-{run.index}",
                  on_click=went_on, args=(lesson.id, run.index))
        return
    task = task_of(lesson, run)
    # the question's words, brought into view with a new table (a phone keeps the page scrolled
    # where the last answer was read, below the new question)
    asked = st.container(key=f"{key}-prompt")
    if item.again:  # "fresh cards" only where the cards are new, not of a fact asked again
        fresh = task.board.shows_cards and item.seed is not None and \
            task.board != step.task.board and not shown_before(lesson, run)
        asked.caption(tr("lessons.fresh_variant" if fresh else "lessons.once_more"))
    if item.seed is not None:
        prompt = words(task.prompt) if task.prompt is not None else step.words(lang)
    else:
        prompt = step.words(lang)
    if task.before is not None:  # the table moved on since the last decision: said how
        asked.caption(red_suits(words(task.before)))
    asked.markdown(f"#### {red_suits(prompt[:1].upper() + prompt[1:])}")  # a capital to start
    if not run.done:
        st.caption(words(task.instruction))
    st.session_state.setdefault(f"started-{lesson.id}-{run.index}", time.monotonic())
    shown = task
    solved = task.solved_for(run.last) if run.done else None
    if solved is not None:
        shown = replace(task, board=solved)
    index = run.index
    done = "-done" if run.done else ""  # a new table after the answer: no selection kept
    presses, refused = noted_refusal(f"refused-{lesson.id}-{run.index}", done=run.done)
    show_question(shown, key=key,
                  seq=f"{run.run_seed}-{run.index}-{run.attempts}{done}{presses}",
                  locked=run.done, on_answer=lambda given: answered(lesson.id, index, given),
                  raised=cards_to_correct(run.feedback, run.last),
                  show_after=f"{key}-verdict" if run.feedback is not None or presses else "",
                  asked=f"{key}-prompt")
    # the working once (the coach's reasons are worked out when shown); its lines are words
    # only, and their rules join the step's, named once under it
    shown_working = task.full_working if run.feedback in (Feedback.RIGHT, Feedback.REVEALED) \
        else ()
    if refused is not None or run.feedback is not None:  # the verdict first, then the way on
        with st.container(key=f"{key}-verdict"):  # one: a refused press after a miss too
            if refused is not None:
                st.warning(words(refused))
            if run.feedback is not None:
                show_feedback(task, run.feedback, run.last, shown_working, misses=run.attempts,
                              first_miss=run.first_miss)
    if solved is not None and solved.then is not None:  # the table moved on: said how — under
        then = words(solved.then)  # the verdict and the answer, whose move it follows
        st.caption(red_suits(tr("lessons.then_with_answer", then=then)
                             if run.feedback is Feedback.REVEALED else then))
    skill = lesson_skill(lesson.id, item.step)
    if skill is not None and run.feedback is None and not run.attempts:  # before an answer
        show_help(learner.id, skill, context="lesson", key=f"{lesson.id}-{run.index}",
                  item=item_id(lesson, item.step, item.seed),
                  topic=lesson_topic(lesson.id, item.step),
                  at_least=HintLevel.FULL if item.again else HintLevel.NONE)  # after a miss
    if run.feedback is Feedback.REVEALED:  # "comes back" only where a re-ask is queued
        st.caption(tr("lessons.comes_back" if run.comes_back else "lessons.see_working",
                      working=tr("lessons.working")))
        if skill is not None and run.attempts:  # a miss: its skill's practice, elsewhere
            practice_button(skill, key=f"practise-skill-{run.index}", here=lesson.id)
    elif run.feedback is Feedback.HINT and run.comes_back:  # the count grew: say why
        st.caption(tr("lessons.comes_back_later"))
    if run.done:
        st.button(tr("lessons.continue_step"), type="primary", key=f"next-{run.index}",
                  on_click=went_on, args=(lesson.id, run.index))
    if run.feedback is Feedback.HINT:
        st.button(tr("lessons.show_answer"), key=f"reveal-{run.index}", on_click=revealed,
                  args=(lesson.id, run.index))
    rules_caption((*task.rule_ids, *(rule for line in shown_working for rule in line.rules)))


selected = lesson_by_id(st.query_params.get("lesson"))
if selected is not None and st.query_params.get("practise") == "1":  # from Home or Progress
    del st.query_params["practise"]  # once: a reload goes on with the run it started
    runs().practise(selected)
if selected is None:
    if st.query_params.get("lesson"):  # a mistyped or outdated link: said, then the list
        st.warning(tr("lessons.unknown_link"))
        st.query_params.pop("lesson", None)
    lesson_list()
else:
    run_lesson(selected)
