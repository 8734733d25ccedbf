"""Home: who you are, your path (next lesson, today's practice), progress at a glance."""

from __future__ import annotations

import streamlit as st

from trainer.engine import parse_cards
from trainer.i18n import render
from trainer.play.coach_jobs import recent_mistakes
from trainer.practice.answer_totals import answer_totals
from trainer.practice.fact_reviews import due_facts
from trainer.practice.lesson_service import Runs
from trainer.practice.mastery_service import kept_estimates, next_exercise, play_focus
from trainer.practice.track import next_lesson, ready_to_play
from trainer.ui.content import all_lessons
from trainer.ui.lang import current_language, mastery_percent, other_language_button, plain, tr
from trainer.ui.practice_links import open_practice, play_focus_box
from trainer.ui.session import current_learner, profile_picker, store, this_sign_in
from trainer.ui.widgets import metric_row, show_cards, stars_html

lang = current_language()
learner = current_learner()
st.title(tr("app.title"))
st.caption(tr("app.subtitle", threshold=learner.rules.red_threshold if learner else 20))
show_cards(parse_cards("Ah Kd 6s 8h 7d 7c X"), width=42)  # one row on a 390 px phone

if learner is None:
    other_language_button()  # on a phone the sidebar's switch is out of sight
    st.markdown(tr("home.welcome"))
    profile_picker()
    st.stop()

states = store().lessons.states(learner.id)
lessons = all_lessons()
completed = {lesson_id for lesson_id, state in states.items() if state.completed}
answered, right = answer_totals(store(), learner.id)
st.subheader(tr("home.hello" if answered or states else "home.hello_new",
                name=plain(learner.name)))
if not learner.private:  # a password is given only where the profile was made (Settings)
    st.caption(tr("profile.open_note" if store().owns(learner.id, this_sign_in())
                  else "profile.open_note_elsewhere"))

path, glance = st.columns([3, 2], gap="large")
with path:
    st.markdown(f"##### {tr('home.path')}")
    upcoming = next_lesson(all_lessons(), completed,
                           Runs(store(), learner.id).under_way(all_lessons()))
    ready = ready_to_play(completed)
    played = ready and store().replays.count(learner.id) > 0
    first_hand = ready and not played  # the path's next step: it comes first, lessons after

    def play_block() -> None:
        with st.container(border=True, key="home-play"):
            st.markdown(tr("home.play_again" if played else "home.first_hand"))
            if st.button(tr("home.open_play"), key="home-open-play",
                         type="secondary" if played and upcoming is not None else "primary"):
                st.switch_page("app_pages/play.py", query_params=st.query_params.to_dict())

    if first_hand:
        play_block()
    with st.container(border=True):
        if upcoming is None:
            st.markdown(tr("home.all_done"))
        else:
            state = states.get(upcoming.id)
            st.markdown(tr("home.next_lesson", order=upcoming.order,
                           title=upcoming.title[lang]))
            st.caption(upcoming.summary[lang])
            label = "home.continue" if state and state.step else "home.start"
            if st.button(tr(label), type="secondary" if first_hand else "primary",
                         key="home-next-lesson"):
                st.query_params["lesson"] = upcoming.id
                st.switch_page("app_pages/lessons.py", query_params=dict(st.query_params))
    found = kept_estimates(store(), learner.id) if answered else []
    suggested = next_exercise(found, completed)
    if suggested is not None:
        with st.container(border=True, key="home-next-skill"):
            shown = next(e for e in found if e.skill is suggested.skill)
            st.markdown(tr("home.next_skill_settling" if shown.settling else "home.next_skill",
                           skill=tr(f"skill.{suggested.skill.value}"),
                           percent=mastery_percent(shown.mastery, shown.mastered)))
            st.caption(render(suggested.why, lang, cite=False))
            if st.button(tr("home.practise_skill", skill=tr(f"skill.{suggested.skill.value}")),
                         key="home-practise-skill",
                         type="secondary" if upcoming is not None or first_hand else "primary"):
                open_practice(suggested.target)
    focus = play_focus(recent_mistakes(store(), learner.id), learner.rules.players) \
        if ready and not first_hand else None
    if focus is not None and (suggested is None or focus.skill is not suggested.skill):
        play_focus_box(focus, page="home")  # what Play cost, to practise
    if ready and not first_hand:
        play_block()
    with st.container(border=True):
        st.markdown(tr("home.today"))
        chosen = store().review_choices.enabled(learner.id)
        due = len(due_facts(store(), learner.id, skills=chosen)) if completed and chosen else 0
        st.caption(tr("home.due_after_lesson") if not completed else
                    tr("home.due", count=due) if chosen else tr("home.reviews_off"))
        weak = sorted((lesson for lesson in lessons  # the fewest stars first, then in order
                       if lesson.id in completed and states[lesson.id].best_stars < 3),
                      key=lambda lesson: states[lesson.id].best_stars)
        if weak:
            st.caption(tr("home.review", title=weak[0].title[lang]))
        else:
            st.caption(tr("home.practice_check"))
        row = st.container(horizontal=True, wrap=True)
        if row.button(tr("home.open_review" if chosen or not completed else "home.choose_reviews"),
                      key="home-review", type="secondary" if first_hand else "primary",
                      disabled=due == 0 and (bool(chosen) or not completed)):
            st.switch_page("app_pages/drills.py",
                           query_params={**st.query_params.to_dict(), "drill": "review"})
        if row.button(tr("home.open_puzzles"), key="home-puzzles"):
            st.switch_page("app_pages/puzzles.py", query_params=st.query_params.to_dict())
        if row.button(tr("home.open_check"), key="home-check"):
            st.switch_page("app_pages/check.py", query_params=dict(st.query_params))
with glance:
    st.markdown(f"##### {tr('home.glance')}")
    with st.container(border=True):
        stars = sum(state.best_stars for state in states.values() if state.completed)
        first, second, third = metric_row(3)  # wraps where a column would cut "10/48" short
        first.metric(tr("home.lessons_done"), f"{len(completed)}/{len(lessons)}")
        second.metric(tr("home.stars"), f"{stars}/{3 * len(lessons)}")
        third.metric(tr("home.accuracy"),
                     f"{right / answered:.0%}" if answered else "—")
        for lesson in lessons:
            state = states.get(lesson.id)
            earned = state.best_stars if state and state.completed else 0
            st.html(f'<div style="display:flex;justify-content:space-between;gap:12px;'
                    f'align-items:center;font-size:14px">'
                    f'<span>{lesson.order}. {lesson.title[lang]}</span>'
                    f'{stars_html(earned)}</div>')
