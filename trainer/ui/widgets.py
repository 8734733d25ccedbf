"""Drawing helpers for pages: cards, melds and stars (HTML/SVG through ``st.html``)."""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from urllib.parse import urlencode

import streamlit as st
from streamlit.delta_generator import DeltaGenerator

from trainer.engine import Card, Meld
from trainer.ui.cards_svg import STYLE, cards_row, meld_group
from trainer.ui.lang import meld_caption, tr


def show_cards(cards: Sequence[Card | None], *, label: str | None = None, width: int = 60,
               selected: Iterable[int] = (), labels: Sequence[str] | None = None,
               frames: Sequence[str | None] | None = None) -> None:
    if not cards:
        return
    header = f'<div class="d14-label">{label}</div>' if label else ""
    st.html(STYLE + header + cards_row(cards, width=width, selected=selected, labels=labels,
                                       frames=frames))


def show_melds(melds: Sequence[Meld], *, label: str | None = None) -> None:
    if not melds:
        return
    header = f'<div class="d14-label">{label}</div>' if label else ""
    groups = "".join(meld_group(m, meld_caption(m.kind)) for m in melds)
    st.html(STYLE + header + f'<div class="d14-melds">{groups}</div>')


def show_groups(groups: Sequence[Sequence[Card]]) -> None:
    """Cards in groups, each group kept together on one line (the seven 14-pairs)."""
    boxes = "".join(f'<div class="d14-group">{cards_row(group, width=46)}</div>'
                    for group in groups)
    st.html(STYLE + f'<div class="d14-groups">{boxes}</div>')


def stars_html(stars: int, total: int = 3) -> str:
    """Stars earned (gold) and not yet (grey), styled inline so they need no style sheet."""
    on = "★" * stars
    off = "★" * (total - stars)
    return (f'<span class="d14-stars" aria-label="{stars}/{total}" style="font-size:22px;'
            f'color:#e0a800;letter-spacing:2px;white-space:nowrap;flex:none">{on}'
            f'<span style="color:#d0d4da">{off}</span></span>')


def show_stars(stars: int) -> None:
    st.html(STYLE + stars_html(stars))


def _same_learner() -> dict[str, str]:
    """The address parameters a link keeps: the same learner, in the same language."""
    return {key: st.query_params[key] for key in ("learner", "lang") if key in st.query_params}


TABLE_PAGE_STYLE = """<style>
[data-testid="stMainBlockContainer"] { padding-top: 3.4rem; }
[data-testid="stMainBlockContainer"] h1 { font-size: 1.9rem; padding: 0.2rem 0; }
[data-testid="stMainBlockContainer"] h4 { font-size: 1.2rem; padding: 0.2rem 0 0.1rem; }
header[data-testid="stHeader"] { height: 3rem; min-height: 3rem; }
/* an answer's option is read whole: a long one wraps (on a phone one was cut to "（一次杠，或先…") */
/* so is the next lesson's title, which can be long ("下一课：牌桌：座位、首家、发牌，几家都要的牌…") */
[class*="st-key-choices-"] button, [class*="st-key-next-lesson-"] button { max-width: 100%; height: auto; }
[class*="st-key-choices-"] button *, [class*="st-key-next-lesson-"] button * { white-space: normal;
  text-overflow: clip; overflow-wrap: anywhere; }
@media (max-width: 640px) {
  header[data-testid="stHeader"] { height: 2.6rem; min-height: 2.6rem; }
  [data-testid="stMainBlockContainer"] { padding-top: 2.8rem; }
  [data-testid="stMainBlockContainer"] h1 { font-size: 1.35rem; }
  [data-testid="stMainBlockContainer"] h4 { font-size: 1rem; }
  .st-key-back-to-list button, [data-testid="stPageLink"] a { min-height: 2rem;
    padding-top: 0.1rem; padding-bottom: 0.1rem; }
}</style>"""
"""A page built around the card table (Play, a lesson): less room above it, so that the hand
and its buttons are on screen at 1300×900 and (early in a hand, or once the table has scrolled
to them) 390×844 — Streamlit's bar on
top made as low as that room, so that it hides nothing of the page's first line."""


def glossary_link(term: str | None = None) -> None:
    """A link to the glossary (opened at ``term``), on every page that uses the game's terms."""
    params = _same_learner()
    if term:
        params["term"] = term
    st.page_link("app_pages/glossary.py", label=tr("glossary.link"), icon=":material/translate:",
                 query_params=params)


def lesson_link(lesson_id: str, label: str) -> None:
    """A link that opens lesson ``lesson_id``, for the same learner in the same language."""
    st.page_link("app_pages/lessons.py", label=label, icon=":material/school:",
                 query_params={**_same_learner(), "lesson": lesson_id})


def settings_link(label: str) -> None:
    """A link to Settings (the table's rules), for the same learner in the same language."""
    st.page_link("app_pages/settings.py", label=label, icon=":material/settings:",
                 query_params=_same_learner())


_RULE_ID = re.compile(r"\bR-[A-Z0-9]+(?:-[A-Z0-9]+)*\b")
"""A rule id, every hyphen of it (on a phone R-OWN-FLIP broke after its second hyphen)."""


def unbroken_rule_ids(text: str) -> str:
    """Rule ids that never break across lines: ``R-SCORE`` with a non-breaking hyphen (on a
    phone a Chinese line broke them as "（R-" / "SCORE）")."""
    return _RULE_ID.sub(lambda found: found.group(0).replace("-", "\u2011"), text)


def rule_link(rule_id: str, label: str | None = None) -> str:
    """A markdown link to rule ``rule_id`` on the Rules page (opened at its section, the rule
    first), for the same learner in the same language; a markdown link opens in a new tab, so
    the lesson or page it is read from stays as it was. The label, by default the rule's title
    and id, keeps its id whole."""
    shown = label if label is not None else f"{tr(f'ruleref.{rule_id}.title')} ({rule_id})"
    return f"[{unbroken_rule_ids(shown)}](rules?{urlencode({**_same_learner(), 'rule': rule_id})})"


def rules_caption(rule_ids: Iterable[str]) -> None:
    """The rules a piece of teaching rests on, once under it, each by title and id (not an id
    after every sentence: a review's bullets read "(R-PAY)" three times), each a link to it."""
    shown = list(dict.fromkeys(rule_ids))
    if shown:
        st.caption(tr("lessons.rules", rules=tr("list.sep").join(
            rule_link(rule_id) for rule_id in shown)))


CHART_CONFIG = {"displayModeBar": False}
"""Plotly's toolbar off: on a phone it sat over the first bar and its label, and nothing on
these charts needs zooming or a camera."""

METRIC_WIDTH = 160
"""A metric's width in a :func:`metric_row`: two fit side by side on a 390 px phone."""


def wrapped_tabs(key: str) -> None:
    """On a phone, the tabs keyed ``key`` wrap into rows instead of scrolling sideways: a tab
    opened from a link (the Rules page's last section) is then in sight, marked."""
    st.html(f"""<style>@media (max-width: 640px) {{
  .st-key-{key} [role="tablist"] {{ flex-wrap: wrap; row-gap: 0.1rem; overflow: visible; }}
}}</style>""")


def metric_row(count: int) -> list[DeltaGenerator]:
    """``count`` places for metrics in a row that wraps — two a line on a phone, where columns
    would stack one a line (eight metrics filled the screen)."""
    row = st.container(horizontal=True, wrap=True, gap="medium")
    return [row.container(width=METRIC_WIDTH) for _ in range(count)]


def bullet_list(lines: Iterable[str]) -> None:
    """Lines of markdown as one bulleted list: one element, not one per line (each element is
    a message to the browser on every run)."""
    st.markdown(unbroken_rule_ids(
        "\n".join(f"- {' '.join(line.splitlines())}" for line in lines)))
