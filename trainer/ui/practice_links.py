"""Opening practice of a skill (issue 32): its drill, or its lesson stage's levels again as
fresh variants — one place, so Home, Progress and every flagged mistake open it alike; and
the skill recent Play hands cost most at, said the same on Home and Progress."""

from __future__ import annotations

import streamlit as st

from trainer.engine.messages import Points
from trainer.mastery.skills import Skill
from trainer.practice.mastery_service import Place, PlayFocus, Target, target_of
from trainer.ui.lang import tr


def open_practice(target: Target) -> None:
    """Switch to the page where ``target`` is practised, keeping the learner and language."""
    page, params = practice_address(target)
    st.switch_page(page, query_params=params)


def practice_button(skill: Skill, *, key: str, here: str | None = None) -> None:
    """After a mistake: a link that opens practice of its skill (a link, not a button: it works
    on the run after the mistake's screen, and can be opened in another tab) — not offered when
    that practice is the lesson stage the learner is in (``here``): they are practising it."""
    target = target_of(skill)
    if target.place is Place.LESSON and target.name == here:
        return
    page, params = practice_address(target)
    with st.container(key=key):
        st.page_link(page, label=tr("mistake.practise", skill=tr(f"skill.{skill.value}")),
                     icon=":material/fitness_center:", query_params=params)


def practice_address(target: Target) -> tuple[str, dict[str, str]]:
    """The page and the address parameters of ``target``'s practice (learner and language
    kept)."""
    params = {k: v for k, v in st.query_params.to_dict().items() if k in ("learner", "lang")}
    if target.place is Place.DRILL:
        return "app_pages/drills.py", {**params, "drill": target.name}
    return "app_pages/lessons.py", {**params, "lesson": target.name, "practise": "1"}


def play_focus_box(focus: PlayFocus, *, page: str) -> None:
    """What the learner's recent Play hands cost most at
    (:func:`~trainer.practice.mastery_service.play_focus`), with a button to practise it: Home
    and Progress (``page``, the keys' prefix) say it alike."""
    name = tr(f"skill.{focus.skill.value}")
    with st.container(border=True, key=f"{page}-play-focus"):
        st.markdown(tr("home.play_focus", skill=name, count=focus.mistakes,
                       points=Points(focus.points, signed=False)))
        if st.button(tr("home.practise_skill", skill=name), key=f"{page}-practise-play",
                     type="secondary"):
            open_practice(focus.target)
