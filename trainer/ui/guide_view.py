"""The help shown before an answer (issue 32: hints that fade): the full hint as a note, a nudge
as one line, none once the skill is mastered — and always a button to ask for more, whose press
is recorded (:mod:`trainer.practice.guidance_service`)."""

from __future__ import annotations

import streamlit as st

from trainer.i18n import render
from trainer.mastery.guidance import HintLevel
from trainer.mastery.skills import Skill
from trainer.practice.guidance_service import Help, ask_more, help_at
from trainer.ui.lang import current_language, red_suits, tr
from trainer.ui.session import store


def _asked(learner_id: int, skill: Skill, context: str, item: str, topic: str) -> None:
    ask_more(store(), learner_id, skill, context=context, item=item, topic=topic)


def show_help(learner_id: int, skill: Skill, *, context: str, item: str, key: str,
              at_least: HintLevel = HintLevel.NONE, topic: str = "") -> Help:
    """The help at this question (at least ``at_least``; in its ``topic``'s words where it has
    its own), and the button for more while there is more to give."""
    found = help_at(store(), learner_id, skill, context=context, item=item, at_least=at_least,
                    topic=topic)
    name = tr(f"skill.{skill.value}")
    with st.container(key=f"guide-{key}"):
        if found.words is not None:
            text = red_suits(render(found.words, current_language(), cite=False))
            if found.level is HintLevel.FULL:
                st.info(text, icon=":material/lightbulb:")
            else:
                st.caption(f":material/lightbulb: {text}")
        elif not found.asked:
            st.caption(tr("guide.faded", skill=name))
        if found.more:
            st.button(tr("guide.ask" if found.level is HintLevel.NONE else "guide.ask_more"),
                      key=f"guide-ask-{key}", icon=":material/help:", on_click=_asked,
                      args=(learner_id, skill, context, item, topic))
        elif found.asked:
            st.caption(tr("guide.asked"))
    return found
