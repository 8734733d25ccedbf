"""Opening practice of a skill (issue 32): its drill, or its lesson stage's levels again as
fresh variants — one place, so Home, Progress and every flagged mistake open it alike."""

from __future__ import annotations

import streamlit as st

from trainer.mastery.skills import Skill
from trainer.practice.mastery_service import Place, Target, target_of
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
