"""This browser's memory of the learner: two cookies written by a tiny custom component and read
back through ``st.context.cookies`` on the next visit (a reload, a new tab, another replica).

``dou14_session`` holds a sign-in token (the store keeps only its hash): of a profile with a
password, or of an open profile in the browser that made it (its owner). ``dou14_learner`` is
the older cookie of an open profile (its public id), read for the browsers that still hold it.

Once the browser has written the cookies the page asked for, the component says so (the
``written`` trigger, with the number of the request): only then may the page drop what the
browser held before (:func:`written`) — a sign-in replaced by a password change, say."""

from __future__ import annotations

import json
from importlib import resources

import streamlit as st

SESSION_COOKIE = "dou14_session"
LINK_COOKIE = "dou14_learner"
_MAX_AGE = 30 * 24 * 3600
_WANTED = "browser_memory"
"""Session-state key: {cookie name: value, or "" to clear} this browser should hold."""
_ASKED = "browser_memory_asked"
"""Session-state key: how many times this session changed what the browser should hold."""
_WRITTEN = "browser_memory_written"
"""Session-state key: the last of those requests the browser has written."""
_KEY = "browser-memory"

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
        st.session_state[_ASKED] = st.session_state.get(_ASKED, 0) + 1


def asked() -> int:
    """The number of this session's latest request (0: none yet)."""
    return int(st.session_state.get(_ASKED, 0))


def written() -> int:
    """The number of the latest request the browser has written (0: none yet)."""
    return int(st.session_state.get(_WRITTEN, 0))


def _heard() -> None:
    raw = st.session_state.get(_KEY)
    done = raw.get("written") if isinstance(raw, dict) else None
    if isinstance(done, int) and not isinstance(done, bool) and done == asked():
        st.session_state[_WRITTEN] = done


def write_cookies() -> None:
    """Mount the component (in the sidebar, where it takes no room) with what the browser should
    keep; it rewrites the cookies on every run, so a lost run cannot lose a sign-in."""
    wanted = st.session_state.get(_WANTED)
    if not wanted:
        return
    cookies = [{"name": name, "value": value, "max_age": _MAX_AGE}
               for name, value in sorted(wanted.items())]
    with st.sidebar:  # JSON bytes: a dict is searched for dataframes, importing pyarrow
        _COMPONENT(key=_KEY, data=json.dumps({"cookies": cookies, "request": asked()}).encode(),
                   on_written_change=_heard)
