"""Opening practice of a skill (issue 32): its drill, or its lesson stage's levels again as
fresh variants — one place, so Home, Progress and every flagged mistake open it alike."""

from __future__ import annotations

import streamlit as st

from trainer.practice.mastery_service import Place, Target


def open_practice(target: Target) -> None:
    """Switch to the page where ``target`` is practised, keeping the learner and language."""
    params = {k: v for k, v in st.query_params.to_dict().items() if k in ("learner", "lang")}
    if target.place is Place.DRILL:
        st.switch_page("app_pages/drills.py", query_params={**params, "drill": target.name})
    st.switch_page("app_pages/lessons.py",
                   query_params={**params, "lesson": target.name, "practise": "1"})
