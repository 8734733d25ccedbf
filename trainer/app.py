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
from trainer.ui.lang import current_language, hold_language, language_switch, page_style, release_language, tr
from trainer.ui.no_delay import send_at_once
from trainer.ui.session import (
    adopt_learner_language,
    current_learner,
    hold_for_this_run,
    release_this_run,
    remember_language,
    settle_sign_ins,
    stray_link,
)
from trainer.ui.sidebar_closer import close_after_switch
from trainer.ui.warm import warm_up


def _pages(lang: str) -> dict[str, list[StreamlitPage]]:
    """The navigation, built once per session and language (each st.Page resolves its file on
    the disk: a millisecond on every run otherwise). Kept per session, never shared: a run
    marks the page it will run."""
    built: dict[str, dict[str, list[StreamlitPage]]] = st.session_state.setdefault(
        "_navigation", {})
    if lang not in built:
        built[lang] = _navigation()
    return built[lang]


# The menu: each section's pages, each a script in ``app_pages/`` of that name at the address
# ``/<name>`` (Home is the default page), its title ``nav.<name>`` and its Material icon.
NAVIGATION: tuple[tuple[str, tuple[tuple[str, str], ...]], ...] = (
    ("learn", (("home", "home"), ("lessons", "school"), ("rules", "menu_book"),
               ("glossary", "translate"))),
    ("practice", (("drills", "bolt"), ("puzzles", "extension"), ("play", "playing_cards"),
                  ("check", "fact_check"))),
    ("you", (("progress", "insights"), ("settings", "settings"))),
)


def _navigation() -> dict[str, list[StreamlitPage]]:
    return {tr(f"nav.{section}"): [
        st.Page(f"app_pages/{name}.py", title=tr(f"nav.{name}"), icon=f":material/{icon}:",
                **({"default": True} if name == "home" else {"url_path": name}))
        for name, icon in pages] for section, pages in NAVIGATION}


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
    stray_link(learner)

    lang = current_language()
    pages = _pages(lang)
    # The page asks again for the learner and the language: it gets these, not new lookups.
    held_learner, held_language = hold_for_this_run(learner), hold_language(lang)
    try:
        page = st.navigation(pages)
        close_after_switch(page.url_path)  # on a phone, after a switch of language or page
        page.run()
    finally:
        release_language(held_language)
        release_this_run(held_learner)
    warm_up()  # after the first page: what other pages read once per process


try:
    main()
except SQLAlchemyError as error:  # a full disk, a read-only file, a server gone: said plainly
    logging.getLogger("dou14").exception("database error on a page")
    st.error(tr("db.failed", reason=tr(f"db.problem_{write_problem(error)}")))
