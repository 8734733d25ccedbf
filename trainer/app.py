"""The trainer's single entrypoint: ``streamlit run trainer/app.py``."""

from __future__ import annotations

import logging
from pathlib import Path

import streamlit as st
import streamlit.emojis  # st.info & co. load it on first use: 0.3 s, mid-hand
from sqlalchemy.exc import SQLAlchemyError
from streamlit.navigation.page import StreamlitPage

from trainer.store.db import write_problem
from trainer.ui.browser_memory import write_cookies
from trainer.ui.lang import (
    current_language,
    hold_language,
    language_switch,
    page_style,
    release_language,
    tr,
)
from trainer.ui.no_delay import send_at_once
from trainer.ui.session import (
    adopt_learner_language,
    current_learner,
    hold_for_this_run,
    release_this_run,
    remember_language,
    settle_sign_ins,
)


def _pages(lang: str) -> dict[str, list[StreamlitPage]]:
    """The navigation, built once per session and language (each st.Page resolves its file on
    the disk: a millisecond on every run otherwise). Kept per session, never shared: a run
    marks the page it will run."""
    built: dict[str, dict[str, list[StreamlitPage]]] = st.session_state.setdefault(
        "_navigation", {})
    if lang not in built:
        built[lang] = _navigation()
    return built[lang]


def _navigation() -> dict[str, list[StreamlitPage]]:
    return {
        tr("nav.learn"): [
            st.Page("app_pages/home.py", title=tr("nav.home"), icon=":material/home:", default=True),
            st.Page("app_pages/lessons.py", title=tr("nav.lessons"), icon=":material/school:",
                    url_path="lessons"),
            st.Page("app_pages/rules.py", title=tr("nav.rules"), icon=":material/menu_book:",
                    url_path="rules"),
            st.Page("app_pages/glossary.py", title=tr("nav.glossary"), icon=":material/translate:",
                    url_path="glossary"),
        ],
        tr("nav.practice"): [
            st.Page("app_pages/drills.py", title=tr("nav.drills"), icon=":material/bolt:",
                    url_path="drills"),
            st.Page("app_pages/puzzles.py", title=tr("nav.puzzles"), icon=":material/extension:",
                    url_path="puzzles"),
            st.Page("app_pages/play.py", title=tr("nav.play"), icon=":material/playing_cards:",
                    url_path="play"),
            st.Page("app_pages/check.py", title=tr("nav.check"), icon=":material/fact_check:",
                    url_path="check"),
        ],
        tr("nav.you"): [
            st.Page("app_pages/progress.py", title=tr("nav.progress"), icon=":material/insights:",
                    url_path="progress"),
            st.Page("app_pages/settings.py", title=tr("nav.settings"), icon=":material/settings:",
                    url_path="settings"),
        ],
    }


# The tab's icon, served by this server (a ``:material/…:`` icon is fetched from Google's font
# server, which a school's network or this machine may not reach).
FAVICON = Path(__file__).resolve().parent / "ui" / "favicon.png"


def main() -> None:
    send_at_once()
    learner = current_learner()
    adopt_learner_language(learner)
    remember_language(learner, language_switch())
    st.set_page_config(page_title=tr("app.title"), page_icon=str(FAVICON), layout="wide")
    write_cookies()
    settle_sign_ins()  # after the cookies: a replaced sign-in goes once the new one is written
    page_style()

    lang = current_language()
    pages = _pages(lang)
    # The page asks again for the learner and the language: it gets these, not new lookups.
    held_learner, held_language = hold_for_this_run(learner), hold_language(lang)
    try:
        st.navigation(pages).run()
    finally:
        release_language(held_language)
        release_this_run(held_learner)


try:
    main()
except SQLAlchemyError as error:  # a full disk, a read-only file, a server gone: said plainly
    logging.getLogger("dou14").exception("database error on a page")
    st.error(tr("db.failed", reason=tr(f"db.problem_{write_problem(error)}")))
