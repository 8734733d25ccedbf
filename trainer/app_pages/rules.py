"""Rules: a bilingual reference of the whole game, every rule with an example drawn as cards."""

from __future__ import annotations

import streamlit as st

from trainer.content.rule_examples import EXAMPLES, SECTIONS
from trainer.engine import Card, Dou14Error, Meld, parse_cards, position_of, verdict, waits
from trainer.i18n import explain
from trainer.ui.lang import current_language, tr
from trainer.ui.widgets import glossary_link, show_cards, show_melds

lang = current_language()
st.title(tr("rules_page.title"))
glossary_link()
st.caption(tr("rules_page.intro"))


def engine_line(rule_id: str) -> str | None:
    example = EXAMPLES[rule_id]
    check = example.get("check")
    if check is None:
        return None
    try:
        position = position_of(example["cards"], melds=example.get("melds", []),
                               card=example.get("card"))
    except Dou14Error as error:
        return str(error)
    if check == "waits":
        return explain(waits(position), lang)[-1]
    explained = explain(verdict(position), lang)
    return " · ".join(explained[:1] + explained[-2:])


tabs = st.tabs([tr(f"ruleref.section.{section}") for section, _ in SECTIONS])
for tab, (_section, rule_ids) in zip(tabs, SECTIONS, strict=True):
    with tab:
        for rule_id in rule_ids:
            with st.container(border=True):
                st.markdown(f"**{tr(f'ruleref.{rule_id}.title')}** · `{rule_id}`")
                st.markdown(tr(f"ruleref.{rule_id}.body"))
                example = EXAMPLES[rule_id]
                cards: list[Card | None] = list(parse_cards(example["cards"]))
                labels = ([tr("ruleref.example.red", red=card.red) for card in cards if card]
                          if example.get("label_red") else None)
                show_cards(cards + [None] * example.get("back", 0), width=44, labels=labels)
                show_melds([Meld.parse(text) for text in example.get("melds", [])])
                if example.get("card"):
                    show_cards(parse_cards(example["card"]), width=44,
                               label=tr("lesson.source_discard"))
                line = engine_line(rule_id)
                if line:
                    st.caption(tr("ruleref.example.verdict", line=line))
