"""The database and the learner of this browser session.

Who is learning comes from, in order: the profile link in the URL (``?learner=`` + a random
public id, never a row id); this session's sign-in token; the link this session opened last
(page links can drop the URL's parameters); and the browser's cookies (a reload, a new tab,
another replica). A profile with a password opens only with a sign-in token: its link alone is
no credential. The browser that makes a profile gets a sign-in token for it too, open or not:
for an open profile that token is what marks its owner, the only browser that may give it a
password. No page lists the learners."""

from __future__ import annotations

import threading
import time
from collections.abc import Callable
from contextvars import ContextVar, Token

import streamlit as st

from trainer.store import DatabaseUnreadable, ProgressStore, database_url, open_database
from trainer.store.progress_store import LearnerInfo, ProgressError
from trainer.ui import oidc
from trainer.ui.browser_memory import LINK_COOKIE, SESSION_COOKIE, asked, cookie, remember, written
from trainer.ui.client import client_address
from trainer.ui.lang import current_language, plain, tr

_TOKEN = "sign_in_token"
_LINK = "learner_link"
_RETIRING = "retiring_sign_ins"
"""Session-state key: [(token, request)] — sign-ins this browser held before a password
change, revoked once the browser has written the request that replaced them."""
_LOCKED = "locked_profile"
"""Session-state key set when the URL named a profile with a password this session has not
signed in to: the page asks for the password instead of guessing."""


class _Stores:
    """One store per database URL and process (keyed by the URL, so a store can never answer
    for another database), opened once however many sessions ask at the same moment. A plain
    dict under a lock: every page run asks, and ``st.cache_resource`` costs a millisecond a
    call."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._open: dict[str, ProgressStore] = {}

    def __call__(self, url: str) -> ProgressStore:
        opened = self._open.get(url)
        if opened is None:
            with self._lock:
                opened = self._open.get(url)
                if opened is None:
                    opened = self._open[url] = ProgressStore(open_database(url))
        return opened

    def clear(self) -> None:
        """Forget the open stores (tests that replace a database)."""
        with self._lock:
            self._open.clear()


_store = _Stores()


def store() -> ProgressStore:
    """The progress store; a damaged database stops the page with a clear message."""
    try:
        return _store(database_url())
    except DatabaseUnreadable as error:
        st.error(tr("db.unreadable", error=plain(error.said(current_language()))))
        st.stop()
        raise  # unreachable: st.stop() raises


def _signed_in() -> LearnerInfo | None:
    """The learner signed in here: through the OIDC provider, or by this session's (or this
    browser's) sign-in token while it is valid."""
    who = oidc.identity()
    if who is not None:
        return store().learner_for_identity(who.issuer, who.subject, who.name,
                                            current_language())
    token = st.session_state.get(_TOKEN) or cookie(SESSION_COOKIE)
    if not token:
        return None
    learner = store().learner_by_token(token)
    if learner is None:  # expired or revoked: forget it here and in the browser
        st.session_state.pop(_TOKEN, None)
        remember(SESSION_COOKIE, "")
        return None
    st.session_state[_TOKEN] = token
    return learner


def _opened(learner: LearnerInfo) -> LearnerInfo:
    """Note the learner for this session and show their link in the URL."""
    st.session_state[_LINK] = learner.public_id
    st.session_state.pop(_LOCKED, None)
    if st.query_params.get("learner") != learner.public_id:
        st.query_params["learner"] = learner.public_id
    return learner


_THIS_RUN: ContextVar[tuple[LearnerInfo | None] | None] = ContextVar("dou14_learner",
                                                                      default=None)
"""The learner the entrypoint found for the page now running (in a tuple: nobody is an answer
too), so the page does not look them up again; held like the run's language
(``trainer.ui.lang.hold_language``). Fragment reruns skip the entrypoint and look up."""


def hold_for_this_run(learner: LearnerInfo | None) -> Token[tuple[LearnerInfo | None] | None]:
    """Answer ``current_learner()`` with ``learner`` for the rest of this run."""
    return _THIS_RUN.set((learner,))


def release_this_run(token: Token[tuple[LearnerInfo | None] | None]) -> None:
    _THIS_RUN.reset(token)


def current_learner() -> LearnerInfo | None:
    """The learner of this page run, or ``None`` (nobody, or a private profile's link without a
    sign-in: then ``locked_profile()`` is true)."""
    held = _THIS_RUN.get()
    if held is not None:
        return held[0]
    signed_in = _signed_in()
    link = st.query_params.get("learner")
    named = store().learner_by_link(link) if link else None
    if named is not None:
        if not named.private or (signed_in is not None and signed_in.id == named.id):
            return _opened(named)
        st.session_state[_LOCKED] = True
        return None
    found = _own(signed_in)
    if link and found is not None:  # the address named nobody: said once (stray_link)
        st.session_state[_STRAY] = True
    return found


def _own(signed_in: LearnerInfo | None) -> LearnerInfo | None:
    """The learner signed in, else the open profile this browser remembers."""
    if signed_in is not None:
        return _opened(signed_in)
    remembered = st.session_state.get(_LINK) or cookie(LINK_COOKIE)
    learner = store().learner_by_link(remembered) if remembered else None
    if learner is not None and not learner.private:
        if remembered == cookie(LINK_COOKIE):  # the old cookie of the browser that made it
            adopted = store().accounts.adopt_open_profile(learner.id)
            if adopted is not None:
                keep_signed_in(adopted)
        return _opened(learner)
    return None


_STRAY = "stray_link"


def stray_link(learner: LearnerInfo | None) -> None:
    """Say once that the address named no profile while the page goes on in the learner's own
    (a mistyped or old link: nothing was lost, and the address now names theirs)."""
    if st.session_state.pop(_STRAY, False) and learner is not None:
        st.warning(tr("profile.stray_link", name=plain(learner.name)))


def locked_profile() -> bool:
    """True when the URL named a profile with a password and this session is not signed in."""
    return bool(st.session_state.get(_LOCKED))


def adopt_learner_language(learner: LearnerInfo | None) -> None:
    """On a new session with no language in the URL, use the learner's language."""
    if learner is None or st.session_state.get("lang") or st.query_params.get("lang"):
        return
    st.session_state["lang"] = learner.language


def remember_language(learner: LearnerInfo | None, lang: str) -> None:
    """Store the language chosen in the sidebar with the learner."""
    if learner is not None and st.session_state.get("remembered_lang") != (learner.id, lang):
        if learner.language != lang:
            store().set_language(learner.id, lang)
        st.session_state["remembered_lang"] = (learner.id, lang)


def _enter(learner: LearnerInfo, token: str) -> None:
    """Open a profile in this session and this browser, signed in with ``token``."""
    keep_signed_in(token)
    _opened(learner)
    st.session_state["lang"] = learner.language
    st.query_params["lang"] = learner.language


def _enter_by(attempt: Callable[[], tuple[LearnerInfo, str]]) -> None:
    """Create or sign in by ``attempt`` and open the profile; a refusal is shown (and held
    back against guessing) instead."""
    try:
        learner, token = attempt()
    except ProgressError as error:
        _hold_back(error)
        show_refusal(error)
    else:
        _enter(learner, token)
        st.rerun()


def sign_out() -> None:
    """Close the profile here: revoke this browser's token, forget the cookies and the link."""
    token = st.session_state.pop(_TOKEN, None)
    for old, _request in st.session_state.pop(_RETIRING, []):
        store().sign_out(old)
    if token:
        store().sign_out(token)
    for key in (_LINK, _LOCKED, "remembered_lang"):
        st.session_state.pop(key, None)
    remember(SESSION_COOKIE, "")
    remember(LINK_COOKIE, "")
    st.query_params.pop("learner", None)
    oidc.sign_out()


def keep_signed_in(token: str, replacing: str | None = None) -> None:
    """This session and browser hold ``token`` (after signing in or making a profile, or a
    password change that revoked every other one). The sign-in it replaces, ``replacing``, is
    revoked only once the browser has written the new one (:func:`settle_sign_ins`): a reload
    in between still finds the browser signed in."""
    st.session_state[_TOKEN] = token
    remember(LINK_COOKIE, "")
    remember(SESSION_COOKIE, token)
    if replacing and replacing != token:
        st.session_state[_RETIRING] = [*st.session_state.get(_RETIRING, []),
                                       (replacing, asked())]


def settle_sign_ins() -> None:
    """Revoke the sign-ins replaced in this browser whose replacement it has now written
    (called on every run, after the cookies are handed to the browser)."""
    retiring = st.session_state.get(_RETIRING)
    if not retiring:
        return
    done = written()
    for old, request in retiring:
        if request <= done:
            store().sign_out(old)
    st.session_state[_RETIRING] = [(old, request) for old, request in retiring
                                   if request > done]


def this_sign_in() -> str:
    """This session's sign-in token ("" when the profile is open)."""
    return str(st.session_state.get(_TOKEN) or "")


HOLD_BACK_SECONDS = 2.0
"""The longest a refusal of the throttles is held back before the page answers."""
_THROTTLED = {"guard.sign_in_wait", "guard.create_wait"}


def _hold_back(error: ProgressError) -> None:
    """Answer a throttled try only after its wait (two seconds at most): the refusal costs no
    hashing, but each try is a page run, and a guesser clicking as fast as the page answers
    took a core from the learners. Held back, one session tries at most every two seconds,
    asleep meanwhile (no CPU); a learner who waits as asked is not held back at all."""
    if error.key in _THROTTLED:
        seconds = error.params.get("seconds", 0)
        time.sleep(min(HOLD_BACK_SECONDS, float(seconds) if isinstance(seconds, int) else 0.0))


def show_refusal(error: ProgressError) -> None:
    """What the store refused, in the catalog's words (the user's own text shown as typed)."""
    st.error(tr(error.key, **{k: plain(v) for k, v in error.params.items()}))


PASTE_LIMIT = 1000
"""The most a name field takes in: far above a name's length, so that a long paste reaches the
store's check and its message instead of being dropped by the browser."""


def profile_picker() -> None:
    """Create a profile (a name; a password only if wanted) or sign in to one with a password.
    Nothing here lists the profiles that exist."""
    if locked_profile():
        st.warning(tr("profile.private_link"))
    elif (link := st.query_params.get("learner")) and store().learner_by_link(link) is None:
        st.warning(tr("profile.unknown_link"))  # a mistyped bookmark: nothing was lost
    new, existing = st.columns(2, gap="large")
    with new, st.form("new-learner", clear_on_submit=False):
        st.markdown(f"##### {tr('profile.title')}")
        # no limit of 40 in the field: the browser would drop a longer paste whole, and the
        # form then asked for a name; the store says how long a name may be (profile.name_long)
        name = st.text_input(tr("profile.name_label"), max_chars=PASTE_LIMIT,
                             placeholder=tr("profile.name_placeholder"), key="new_name")
        password = st.text_input(tr("profile.password_label"), type="password",
                                 max_chars=256, key="new_password",
                                 help=tr("profile.password_help"))
        if st.form_submit_button(tr("profile.create"), type="primary"):
            def created() -> tuple[LearnerInfo, str]:
                learner = store().create_learner(name, current_language(), password or None,
                                                 client=client_address())
                return learner, store().new_session(learner.id)  # this browser: its owner
            _enter_by(created)
    with existing, st.form("sign-in", clear_on_submit=False):
        st.markdown(f"##### {tr('profile.sign_in_title')}")
        name = st.text_input(tr("profile.sign_in_name"), max_chars=PASTE_LIMIT,
                             key="sign_in_name")
        password = st.text_input(tr("profile.password"), type="password", max_chars=256,
                                 key="sign_in_password")
        if st.form_submit_button(tr("profile.sign_in")):
            _enter_by(lambda: store().sign_in(name, password, client=client_address()))
        st.caption(tr("profile.open_hint"))
    if oidc.configured():
        st.button(tr("profile.oidc_sign_in"), key="oidc-sign-in", on_click=oidc.sign_in,
                  icon=":material/login:")


def require_learner() -> LearnerInfo:
    """The learner of this run; otherwise show the profile forms and stop the page."""
    learner = current_learner()
    if learner is None:
        st.info(tr("profile.needed"))
        profile_picker()
        st.stop()
        raise RuntimeError  # unreachable
    return learner
