"""The learner's language: chosen in the sidebar, applied at once, remembered in the URL."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from contextvars import ContextVar, Token
from enum import StrEnum
from functools import wraps
from typing import Any, ParamSpec, TypeVar

import streamlit as st

from trainer.engine import Card, Meld, red_total
from trainer.engine.messages import Points
from trainer.i18n import DEFAULT_LANGUAGE, LANGUAGES, card_words, cards_words, catalog, said, t
from trainer.ui.sidebar_closer import SWITCHES

_LABELS = {"zh": "中文", "en": "English"}


_THIS_RUN: ContextVar[str | None] = ContextVar("dou14_language", default=None)
"""The language of the page run under way, once the entrypoint has settled it (every text of a
page asks; the session state answers in about 50 µs)."""


def hold_language(lang: str) -> Token[str | None]:
    """Answer ``current_language()`` with ``lang`` for the rest of this run."""
    return _THIS_RUN.set(lang)


def release_language(token: Token[str | None]) -> None:
    _THIS_RUN.reset(token)


_P = ParamSpec("_P")
_R = TypeVar("_R")


def holding_language(body: Callable[_P, _R]) -> Callable[_P, _R]:
    """For a fragment's body (``@st.fragment`` above it): a fragment's own run does not pass
    through the entrypoint, so the language is looked up once here and held for its texts."""

    @wraps(body)
    def held(*args: _P.args, **kwargs: _P.kwargs) -> _R:
        token = hold_language(current_language())
        try:
            return body(*args, **kwargs)
        finally:
            release_language(token)

    return held


def current_language() -> str:
    """The language in use: the session's choice, else the URL's ``?lang=``, else the
    browser's (a browser set to Chinese opens in 中文), else English."""
    held = _THIS_RUN.get()
    if held is not None:
        return held
    state = st.session_state  # asked for every text of a page: "in" is cheaper than a miss
    lang = (state["lang"] if "lang" in state else None) or st.query_params.get(  # noqa: SIM401
        "lang") or browser_language()
    return lang if lang in LANGUAGES else DEFAULT_LANGUAGE


def browser_language() -> str:
    """The browser's language when the trainer speaks it (``zh-CN`` → ``zh``), else English."""
    lang = (st.context.locale or "").split("-")[0].lower()  # None outside a browser
    return lang if lang in LANGUAGES else DEFAULT_LANGUAGE


def switch_language(lang: str, *, from_sidebar: bool = False) -> None:
    """Make ``lang`` the session's language, kept in the URL (a language control's callback:
    it applies to the run about to start, so nothing is drawn in the old language first)."""
    if lang not in LANGUAGES:
        return
    state = st.session_state
    state["lang"] = lang
    st.query_params["lang"] = lang
    if from_sidebar:  # on a phone the sidebar then closes itself
        state[SWITCHES] = state.get(SWITCHES, 0) + 1


def language_key(name: str) -> str:
    """The key of an option widget whose labels are said in the learner's language: one widget
    per language. Streamlit (1.67) keeps such a widget's value as its label, so after a switch
    the browser would hand back a label of the other language, which is no option — "Rated" on
    a Chinese page and a KeyError on the next click, or two language controls flipping the page
    between languages for ever. A widget of the new language starts from the page's own record
    of the choice (:func:`translated_choice`)."""
    return f"{name}-{current_language()}"


def other_language_button() -> None:
    """A button to the other language, for a page seen before the sidebar is found (the
    signed-out landing page on a phone, where the sidebar starts closed)."""
    lang = current_language()
    other = next(code for code in LANGUAGES if code != lang)
    st.button(f"{_LABELS[other]}", key="landing-language", icon=":material/translate:",
              type="tertiary", on_click=switch_language, args=(other,))


def language_switch() -> str:
    """A sidebar switch between 中文 and English; the choice lands in the URL."""
    lang = current_language()
    key = language_key("lang_choice")
    st.sidebar.radio(
        t("app.language", lang), LANGUAGES, index=LANGUAGES.index(lang),
        format_func=_LABELS.__getitem__, horizontal=True, key=key,
        on_change=lambda: switch_language(st.session_state[key], from_sidebar=True),
    )
    if st.query_params.get("lang") != lang:  # keep ?lang= in the URL
        st.query_params["lang"] = lang
    return lang


_SET = "choice-set:"
"""Marks a choice :func:`set_choice` placed through the session state, for its next drawing."""


def translated_choice(widget: Callable[..., Any], label: str, options: Sequence[str], *,
                      key: str, prefix: str, start: str | None = None,
                      on_change: Callable[[], object] | None = None,
                      params: Mapping[str, object] | None = None, by_default: bool = False,
                      **kwargs: Any) -> Any:
    """``widget`` (``st.radio``, ``st.selectbox``, a column's ``selectbox``; with
    ``by_default`` ``st.segmented_control``) offering ``options`` labelled by the catalog text
    of ``prefix`` + option, whose choice survives a language switch: the widget is one per
    language (:func:`language_key`), and the choice itself — an option, never a label — is
    kept under ``key`` in the session state, where callbacks and the page read it. Starts at
    ``start`` (else the first option; with ``by_default``, nothing chosen). Without
    ``on_change`` it works in a form too (a form's widgets may have no callback)."""
    state = st.session_state
    widget_key = language_key(key)
    kept = state.get(key, start)
    if kept not in options:
        kept = start if start in options else None

    def changed() -> None:
        state[key] = state.get(widget_key)
        if on_change is not None:
            on_change()

    shown = state.get(widget_key)
    if shown not in options:
        shown = kept
    # the widget's value passed on every run: one drawn late (in a popover, opened after a
    # rerun) starts from it; placed by the state alone, it would be drawn with nothing chosen
    placed: dict[str, Any] = ({"default": shown} if by_default else
                              {"index": options.index(shown) if shown is not None else 0})
    if state.pop(_SET + key, False):  # set by :func:`set_choice` this run: the state places it
        placed = {}  # (a default beside a value set so is refused with a warning)
    chosen = widget(label, options, format_func=labels(prefix, options, **(params or {})),
                    key=widget_key, on_change=None if on_change is None else changed,
                    **placed, **kwargs)
    state[key] = chosen
    return chosen


def set_choice(key: str, value: str) -> None:
    """Choose ``value`` in a :func:`translated_choice` (before it is drawn in this run): a link
    that names the choice opens it, whatever the widget held."""
    st.session_state[key] = value
    st.session_state[language_key(key)] = value
    st.session_state[_SET + key] = True


def reset_choice(key: str) -> None:
    """Clear a :func:`translated_choice` made ``by_default`` (before it is drawn in this run):
    the next question starts with nothing chosen."""
    st.session_state[key] = None
    st.session_state[language_key(key)] = None


def tr(key: str, **params: object) -> str:
    """The catalog text of ``key`` in the current language."""
    return t(key, current_language(), **params)


def card_text(card: Card) -> str:
    """A card in a sentence of the current language (a joker by its name, 鬼)."""
    return card_words(card, current_language())


def cards_text(cards: Iterable[Card]) -> str:
    """Cards in a sentence of the current language, a space between them."""
    return cards_words(cards, current_language())


def labels(prefix: str, options: Iterable[str], **params: object) -> Callable[[str], str]:
    """A widget's ``format_func``: each option's label (the catalog text of ``prefix`` +
    option) said now, in this run's language. A lambda calling :func:`tr` later — as AppTest
    does between runs — finds no language held and says English."""
    said_now = {option: tr(f"{prefix}{option}", **params) for option in options}
    return lambda option: said_now.get(option, option)


def meld_caption(kind: StrEnum) -> str:
    """The caption of a set of ``kind`` (a :class:`~trainer.engine.MeldKind`): 吃, 扯, 杠, joker."""
    return tr(f"meld.{kind.value}")


def hidden_cards(count: int, melds: Sequence[Meld] = ()) -> str:
    """How many concealed cards a seat holds: "1 card", "5 cards" (一张 in Chinese alike); with
    sets laid down, the red they carry beside it (R-RED: the figure a safe-discard question
    counts from)."""
    cards = tr("board.hidden_one") if count == 1 else tr("board.hidden", count=count)
    if not melds:
        return cards
    return tr("board.hidden_red", cards=cards, red=red_total(melds))


def tr_or(key: str, written: str, **params: object) -> str:
    """The catalog text of ``key``, or ``written`` as it is when the catalogs do not know the
    key (a skill or rule id from an imported file or another version)."""
    return tr(key, **params) if key in catalog(current_language()) else written


_MARKDOWN = set("\\`*_{}[]()#+-.!|<>:~$=")


WORD_JOINER = "\N{WORD JOINER}"
"""An invisible character that breaks what markdown would make a link of on its own."""


def plain(text: object) -> str:
    """Text a user typed (or an error quoting it) made inert for Streamlit's markdown: every
    character markdown could act on is escaped, so a name like ``![x](http://…)`` or
    ``:red[…]`` shows as typed and fetches nothing; and a bare address (``http://``, ``www.``,
    ``a@b``), which markdown links even escaped, is broken by an invisible joiner.

    >>> plain("[x](http://a.b)") == "\\[x\\]\\(http\\:" + WORD_JOINER + "//a\\.b\\)"
    True
    """
    typed = str(text)
    out = []
    for index, char in enumerate(typed):
        out.append(f"\\{char}" if char in _MARKDOWN else char)
        if (char == ":" and typed.startswith("//", index + 1)) or char == "@" or (
                char in "wW" and typed[index:index + 4].lower() == "www."):
            out.append(WORD_JOINER)
    return "".join(out)


def engine_error(error: Exception) -> str:
    """An engine error in the learner's language where the engine says it as a message (a card
    typed wrong, a meld or position that cannot occur), else as the engine words it; either way
    inert for markdown (it quotes what the learner typed)."""
    return plain(said(error, current_language()) or error)


def safe_file_name(text: str) -> str:
    """A learner's name as part of a download's file name: letters, digits, - and _ only."""
    return "".join(c if c.isalnum() or c in "-_" else "_" for c in text)[:40] or "learner"


def red_suits(text: str) -> str:
    """Markdown text with ♥ and ♦ coloured red, as on the cards (Streamlit's ``:red[…]``)."""
    return text.replace("♥", ":red[♥]").replace("♦", ":red[♦]")


BALANCED_HEADINGS = ("h1, h2, h3 { text-wrap: balance; } "
                     '[data-testid="stHeaderActionElements"] { display: none; }')
"""A title too long for a phone's line breaks into two even lines, not one word (or one
Chinese character) alone on the second; and no 🔗 beside a heading (Streamlit's link to it,
which a phone shows without a hover and which nothing here needs)."""
PHONE_SEGMENTS = ('@media (max-width: 640px) { [data-testid="stButtonGroup"] [role="radiogroup"] '
                  "{ flex-wrap: wrap; gap: 0.3rem; } "
                  '[data-testid="stButtonGroup"] button[data-variant="segmented_control"] '
                  "{ padding-left: 0.6rem; padding-right: 0.6rem; border-radius: 0.5rem; } "
                  '[data-testid="stButtonGroup"] button:is([data-selected], [data-hovered], '
                  '[data-focus-visible]) + button:not([data-selected], [data-hovered], '
                  "[data-focus-visible]) { border-left-color: rgb(220, 216, 212) !important; } }")
"""On a phone, a segmented control's options are pressed tighter, so that "几番？" keeps its nine
options 0–8 on one line (the 8 went alone to a second); where options still wrap, each is a
whole rounded button a little apart from the next, the one after the chosen with its own left
edge (joined segments broke into rows whose first lacked its rounded left edge, and the chosen
one's neighbour drew none: the chosen one's border stood for it)."""


def page_style() -> None:
    """The app's few page-wide rules, one small element a run: balanced headings, segmented
    controls that fit a phone; and on a
    Chinese page Streamlit's own words in Chinese — the file uploader's button and drop hint
    say the catalog's text, the "Press Enter to apply" hint under a text box is hidden (the
    page's instructions say when Enter judges). Streamlit has no translation of these; English
    pages keep them."""
    if current_language() == "en":
        st.html(f"<style>{BALANCED_HEADINGS}{PHONE_SEGMENTS}</style>")
        return
    browse, drop = _css_text(tr("ui.browse_file")), _css_text(tr("ui.drop_file"))
    st.html(f"""<style>
{BALANCED_HEADINGS}{PHONE_SEGMENTS}
[data-testid="InputInstructions"] {{ display: none; }}
[data-testid="stFileUploaderDropzone"] button p {{ font-size: 0; }}
[data-testid="stFileUploaderDropzone"] button p::after {{ content: "{browse}"; font-size: 14px; }}
[data-testid="stFileUploaderDropzoneInstructions"] > div {{ display: none; }}
[data-testid="stFileUploaderDropzoneInstructions"]::after {{ content: "{drop}"; font-size: 14px; }}
</style>""")


def _css_text(text: str) -> str:
    """Text as the inside of a CSS string: no quote, backslash or angle bracket can end it."""
    return "".join(ch for ch in text if ch not in '"\\<>\n')


def way_of_play(players: int) -> str:
    """The centre's note on the way play goes round (R-SEAT): at three, nobody sits opposite."""
    return tr("board.counterclockwise_3" if players == 3 else "board.counterclockwise")


def pile_legend(piles: bool) -> str:
    """What the D / F under table cards mean, said in the centre while any pile has cards. On
    a wide screen the learner's own pile is titled with it and the table shows it only while
    that pile is empty; a phone's compact table hides every pile title and always shows it."""
    return tr("board.pile_legend") if piles else ""


def rating_line(before: float, after: float) -> str:
    """What an answer did to a rating: the ratings written as the rating above is (1511, not
    1,511), and the change as the difference of the two shown (never −123 beside
    1330 → 1206)."""
    shown_before, shown_after = round(before), round(after)
    return tr("puzzles.rating_change", change=Points(shown_after - shown_before, digits=0),
              before=str(shown_before), after=str(shown_after))


def mastery_percent(chance: float, mastered: bool) -> int:
    """A skill's knowledge-tracing estimate as a whole percent: a skill not mastered never
    shows "100%" (an estimate of 99.6% whose recent misses have still to fade).

    >>> mastery_percent(0.996, False), mastery_percent(0.996, True), mastery_percent(0.42, False)
    (99, 100, 42)
    """
    shown = round(chance * 100)
    return shown if mastered else min(99, shown)
