"""Check a hand: type a position, see the engine's verdict (or waits) explained, with cards drawn."""

from __future__ import annotations

import streamlit as st

from trainer.engine import (
    DEFAULT_RULES,
    Dou14Error,
    PositionError,
    Relation,
    display_cards,
    position_of,
    verdict,
    waits,
)
from trainer.engine.errors import PositionPart
from trainer.engine.reachability import reachability_problems
from trainer.i18n import explain, render
from trainer.ui.board_view import offer_words
from trainer.ui.lang import current_language, engine_error, tr, translated_choice
from trainer.ui.session import current_learner
from trainer.ui.widgets import bullet_list, glossary_link, show_cards, show_melds, unbroken_rule_ids

# the box each part of the position is typed in (a docstring here would be drawn on the page)
BOXES = {PositionPart.HAND: "app.hand_label", PositionPart.CARD: "app.card_label",
         PositionPart.MELDS: "app.melds_label"}

lang = current_language()
learner = current_learner()
rules = learner.rules if learner else None
st.title(tr("app.check_page"))
glossary_link()
st.caption(tr("app.check_intro"))

left, right = st.columns([1, 1], gap="large")
with left, st.form("check-form", border=False):  # judged when asked: no verdict of a half-edit
    hand_text = st.text_input(tr("app.hand_label"), value="7h Kd Ac 5h 9c",
                              help=tr("app.hand_help"), key="hand")
    card_text = st.text_input(tr("app.card_label"), value="7d", help=tr("app.card_help"),
                              key="card")
    melds_text = st.text_area(tr("app.melds_label"), value="chi:8h,6s",
                              help=tr("app.melds_help"), key="melds", height=90)
    source = translated_choice(st.radio, tr("app.source_label"), ("discard", "flip"),
                               key="source", prefix="app.source_", horizontal=True)
    seats = ("upper", "opposite", "lower", "you") if (rules or DEFAULT_RULES).players == 4 \
        else ("upper", "lower", "you")
    offered_by = translated_choice(st.radio, tr("app.from_label"), seats, key="from",
                                   prefix="app.from_", horizontal=True, help=tr("app.from_help"))
    first = st.checkbox(tr("app.first_discard"), key="first_discard")
    st.form_submit_button(tr("app.judge"), type="primary", key="judge")

with right:
    if not hand_text.strip():
        st.info(tr("app.empty_hand"))
        st.stop()
    try:
        claimed = bool(card_text.strip())
        position = position_of(
            hand_text, melds=[line for line in melds_text.splitlines() if line.strip()],
            card=card_text.strip() or None,
            source=source if claimed else None,
            dealer_first_discard=first and claimed, rules=rules or DEFAULT_RULES,
            offered_by=Relation(offered_by) if claimed else None,
        )
    except Dou14Error as error:  # a box that cannot be read is named
        part = error.part if isinstance(error, PositionError) else None
        box = BOXES.get(part) if part is not None else None
        st.warning(unbroken_rule_ids(tr("app.error", error=engine_error(error)) if box is None
                                     else tr("app.error_in", field=tr(box),
                                             error=engine_error(error))))
        st.stop()
    unreachable = reachability_problems(position)
    if unreachable:  # judged as typed, but said: no real hand is in this spot
        st.warning(unbroken_rule_ids(tr("app.unreachable", reasons=tr("list.sep").join(
            render(problem.message, lang) for problem in unreachable))))
    show_cards(position.hand, label=tr("lesson.your_hand"), width=52)
    show_melds(position.melds, label=tr("lesson.your_melds"))
    try:
        if position.card is None and len(position.hand) % 2:
            result = waits(position)
            st.subheader(tr("app.waits_title"))
            if result.ready:
                st.success(display_cards(result.wins_on))
            lines = explain(result, lang)
        else:
            if position.card is not None:
                show_cards([position.card], width=52, label=tr("lesson.source_own_flip")
                           if position.own_flip else offer_words(
                               position.card, position.source, position.offered_by,
                               position.dealer_first_discard))
            judged = verdict(position)
            if judged.win:
                st.success(tr("app.verdict_win"))
            else:
                st.error(tr("app.verdict_no_win"))
            lines = explain(judged, lang)
    except Dou14Error as error:
        st.warning(unbroken_rule_ids(tr("app.error", error=engine_error(error))))
        st.stop()
    bullet_list(lines)
