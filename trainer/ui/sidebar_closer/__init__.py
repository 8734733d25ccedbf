"""A sidebar that closes on a narrow screen once the learner has switched language or page in
it, and a page switched to that opens at its top (a custom component v2 of a few lines of
script, drawing nothing)."""

from __future__ import annotations

from importlib import resources

import streamlit as st

_CLOSER = st.components.v2.component(
    "dou14_sidebar_closer",
    js=resources.files(__package__).joinpath("closer.js").read_text(encoding="utf-8"),
)

SWITCHES = "lang_switches"
"""Session key: how many times the learner switched language in this session."""


def close_after_switch(page: str) -> None:
    """In the sidebar: the script that closes it on a narrow screen after a switch of language
    or of ``page`` (the page this run shows)."""
    with st.sidebar:
        # bytes: a str or dict is searched for dataframes, which imports pyarrow (+54 MB
        # resident in a process that otherwise never needs it)
        _CLOSER(key="sidebar-closer",
                data=f"{st.session_state.get(SWITCHES, 0)} {page}".encode())
