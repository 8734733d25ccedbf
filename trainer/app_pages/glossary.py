"""The glossary: each Chinese term with its pinyin, what it means here, its rule and a picture.
``?term=<id>`` opens that term first."""

from __future__ import annotations

import streamlit as st

from trainer.content.glossary import find_terms
from trainer.engine import Meld, parse_cards
from trainer.i18n import LANGUAGES, t
from trainer.ui.lang import plain, tr
from trainer.ui.widgets import rule_link, show_cards, show_melds

st.title(tr("glossary.title"))
st.caption(tr("glossary.intro"))
wanted = st.query_params.get("term")
query = st.text_input(tr("glossary.search"), key="glossary-search",
                      placeholder=tr("glossary.search_example"), icon=":material/search:")
found = find_terms(query, lambda term: " ".join(  # an English word finds a term on a Chinese page
    t(f"glossary.{term.id}.{part}", lang) for lang in LANGUAGES for part in ("name", "text")))
if not found:
    st.info(tr("glossary.search_none", query=plain(query)))
if query.strip() and len(found) == 1:  # one term found: opened at once
    wanted = found[0].id
ordered = sorted(found, key=lambda term: term.id != wanted)
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
        st.caption(tr("glossary.rule", rule=rule_link(term.rule, term.rule)))
        if term.cards:
            show_cards(parse_cards(term.cards), width=44)
        if term.melds:
            show_melds([Meld.parse(m) for m in term.melds])
        if term.cards or term.melds:  # what the picture shows, in words
            st.caption(tr(f"glossary.{term.id}.picture"))
