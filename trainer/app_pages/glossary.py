"""The glossary: each Chinese term with its pinyin, what it means here, its rule and a picture.
``?term=<id>`` opens that term first."""

from __future__ import annotations

import streamlit as st

from trainer.content.glossary import TERMS
from trainer.engine import Meld, parse_cards
from trainer.ui.lang import tr
from trainer.ui.widgets import show_cards, show_melds

st.title(tr("glossary.title"))
st.caption(tr("glossary.intro"))
wanted = st.query_params.get("term")
ordered = sorted(TERMS, key=lambda term: term.id != wanted)
for term in ordered:
    name = tr(f"glossary.{term.id}.name")
    label = f"{term.chinese} · {term.pinyin}" + ("" if name == term.chinese else f" — {name}")
    # drawn only while open: thirty closed terms cost one element each, not four
    entry = st.expander(label, expanded=term.id == wanted, key=f"term-{term.id}",
                        on_change="rerun")
    if not entry.open:
        continue
    with entry:
        st.markdown(tr(f"glossary.{term.id}.text"))
        st.caption(tr("glossary.rule", rule=term.rule))
        if term.cards:
            show_cards(parse_cards(term.cards), width=44)
        if term.melds:
            show_melds([Meld.parse(m) for m in term.melds])
