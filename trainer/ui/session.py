"""The database and the learner of this browser session. The learner's id lives in the URL
(``?learner=…``) so a refresh or a bookmark resumes them."""

from __future__ import annotations

import streamlit as st

from trainer.engine.inputs import bounded_int
from trainer.store import DatabaseUnreadable, ProgressStore, database_url, open_database
from trainer.store.progress_store import LearnerInfo, ProgressError
from trainer.ui.lang import current_language, plain, tr


@st.cache_resource(show_spinner=False)
def _store(url: str) -> ProgressStore:
    """One store per database URL and process (keyed by the URL, so a store can never answer
    for another database)."""
    return ProgressStore(open_database(url))


def store() -> ProgressStore:
    """The progress store; a damaged database stops the page with a clear message."""
    try:
        return _store(database_url())
    except DatabaseUnreadable as error:
        st.error(tr("db.unreadable", error=plain(error)))
        st.stop()
        raise  # unreachable: st.stop() raises


def current_learner() -> LearnerInfo | None:
    """The learner named by the URL, or by this session when a page link dropped the URL's
    parameters (the id is then put back into the URL)."""
    raw = bounded_int(st.query_params.get("learner") or st.session_state.get("learner_id"),
                      1, 2**62)
    if raw is None:
        return None
    learner = store().learner(raw)
    if learner is not None:
        st.session_state["learner_id"] = str(learner.id)
        if st.query_params.get("learner") != str(learner.id):
            st.query_params["learner"] = str(learner.id)
    return learner


def adopt_learner_language() -> None:
    """On a new session with no language in the URL, use the signed-in learner's language."""
    if st.session_state.get("lang") or st.query_params.get("lang"):
        return
    raw = bounded_int(st.query_params.get("learner"), 1, 2**62)
    if raw is not None:
        learner = store().learner(raw)
        if learner is not None:
            st.session_state["lang"] = learner.language


def remember_language(lang: str) -> None:
    """Store the language chosen in the sidebar with the signed-in learner."""
    learner_id = bounded_int(st.query_params.get("learner") or
                             st.session_state.get("learner_id"), 1, 2**62)
    if learner_id is not None and \
            st.session_state.get("remembered_lang") != (learner_id, lang):
        learner = store().learner(learner_id)
        if learner is not None and learner.language != lang:
            store().set_language(learner.id, lang)
        st.session_state["remembered_lang"] = (learner_id, lang)


def sign_in(learner: LearnerInfo) -> None:
    st.session_state["learner_id"] = str(learner.id)
    st.query_params["learner"] = str(learner.id)
    st.session_state["lang"] = learner.language
    st.query_params["lang"] = learner.language


def profile_picker() -> None:
    """Choose an existing profile or create one (a name; no password in the local default)."""
    known = store().learners()
    st.subheader(tr("profile.title"))
    if known:
        cols = st.columns(min(4, len(known)))
        for index, learner in enumerate(known):
            if cols[index % len(cols)].button(plain(learner.name), key=f"pick-learner-{learner.id}",
                                              use_container_width=True):
                sign_in(learner)
                st.rerun()
    with st.form("new-learner", clear_on_submit=False):
        name = st.text_input(tr("profile.name_label"), max_chars=40,
                             placeholder=tr("profile.name_placeholder"), key="new_name")
        if st.form_submit_button(tr("profile.create"), type="primary"):
            try:
                learner = store().create_learner(name, current_language())
            except ProgressError as error:
                st.error(tr(error.key, **{k: plain(v) for k, v in error.params.items()}))
            else:
                sign_in(learner)
                st.rerun()


def require_learner() -> LearnerInfo:
    """The signed-in learner; otherwise show the profile picker and stop the page."""
    learner = current_learner()
    if learner is None:
        st.info(tr("profile.needed"))
        profile_picker()
        st.stop()
        raise RuntimeError  # unreachable
    return learner
