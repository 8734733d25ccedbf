"""This browser's memory of the learner: two cookies written by a tiny custom component and read
back through ``st.context.cookies`` on the next visit (a reload, a new tab, another replica).

``dou14_session`` holds the sign-in token of a profile with a password (the store keeps only its
hash); ``dou14_learner`` the public id of an open profile, so the local one-click profile comes
back without a list of profiles on Home."""

from __future__ import annotations

import json
from importlib import resources

import streamlit as st

SESSION_COOKIE = "dou14_session"
LINK_COOKIE = "dou14_learner"
_MAX_AGE = 30 * 24 * 3600
_WANTED = "browser_memory"
"""Session-state key: {cookie name: value, or "" to clear} this browser should hold."""

_COMPONENT = st.components.v2.component(
    "dou14_browser_memory",
    js=resources.files(__package__).joinpath("memory.js").read_text(encoding="utf-8"),
)


def cookie(name: str) -> str | None:
    """The cookie as this browser holds it now: what this session last asked it to keep, else
    what it sent when the session opened; ``None`` when absent or forgotten."""
    wanted = st.session_state.get(_WANTED, {})
    if name in wanted:
        return wanted[name] or None
    try:
        value = st.context.cookies.get(name)
    except (AttributeError, RuntimeError):  # no browser behind this run (AppTest, bare mode)
        return None
    return value if isinstance(value, str) and value else None


def remember(name: str, value: str) -> None:
    """Ask this browser to keep ``name`` = ``value`` ("" forgets it)."""
    wanted = dict(st.session_state.get(_WANTED, {}))
    if wanted.get(name) != value:
        wanted[name] = value
        st.session_state[_WANTED] = wanted


def write_cookies() -> None:
    """Mount the component (in the sidebar, where it takes no room) with what the browser should
    keep; it rewrites the cookies on every run, so a lost run cannot lose a sign-in."""
    wanted = st.session_state.get(_WANTED)
    if not wanted:
        return
    cookies = [{"name": name, "value": value, "max_age": _MAX_AGE}
               for name, value in sorted(wanted.items())]
    with st.sidebar:  # JSON bytes: a dict is searched for dataframes, importing pyarrow
        _COMPONENT(key="browser-memory", data=json.dumps({"cookies": cookies}).encode())
