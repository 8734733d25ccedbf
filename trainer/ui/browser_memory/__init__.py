"""This browser's memory of the learner: two ``HttpOnly`` cookies, set by the server when a tiny
custom component posts the key of a hand-off (:mod:`.handoff`), and read back through
``st.context.cookies`` on the next visit (a reload, a new tab, another replica).

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

from trainer.ui.browser_memory.handoff import ROUTE, CookieWrite, hand_off

SESSION_COOKIE = "dou14_session"
LINK_COOKIE = "dou14_learner"
_MAX_AGE = 30 * 24 * 3600
_WANTED = "browser_memory"
"""Session-state key: {cookie name: value, or "" to clear} this browser should hold."""
_ASKED = "browser_memory_asked"
"""Session-state key: how many times this session changed what the browser should hold."""
_WRITTEN = "browser_memory_written"
"""Session-state key: the last of those requests the browser has written."""
_HANDED = "browser_memory_handed"
"""Session-state key: (request, key) — the hand-off the component posts for that request."""
_TRIES = "browser_memory_tries"
"""Session-state key: how many hand-offs this session has lost."""
_TRIES_AT_MOST = 3
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


def _lost() -> None:
    raw = st.session_state.get(_KEY)
    request = raw.get("lost") if isinstance(raw, dict) else None
    handed = st.session_state.get(_HANDED)
    if handed is not None and request == handed[0]:
        del st.session_state[_HANDED]
        st.session_state[_TRIES] = st.session_state.get(_TRIES, 0) + 1


def write_cookies() -> None:
    """Mount the component (in the sidebar, where it takes no room) while the browser has not
    written this session's latest request: it posts the key of :func:`handoff.hand_off`, and
    the server's answer sets the cookies. A key lost on the way is handed off again, a few
    times at most (a server without the route would otherwise rerun the page for ever)."""
    wanted = st.session_state.get(_WANTED)
    request = asked()
    if not wanted or written() >= request:
        return
    handed = st.session_state.get(_HANDED)
    if handed is None or handed[0] != request:
        if st.session_state.get(_TRIES, 0) >= _TRIES_AT_MOST:
            return
        cookies = tuple(CookieWrite(name, value, _MAX_AGE)
                        for name, value in sorted(wanted.items()))
        handed = (request, hand_off(cookies))
        st.session_state[_HANDED] = handed
    with st.sidebar:  # JSON bytes: a dict is searched for dataframes, importing pyarrow
        _COMPONENT(key=_KEY, data=json.dumps({"route": ROUTE, "key": handed[1],
                                              "request": request}).encode(),
                   on_written_change=_heard, on_lost_change=_lost)
