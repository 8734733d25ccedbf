"""Rules: a bilingual reference of the whole game, every rule with an example drawn as cards."""

from __future__ import annotations

import streamlit as st

from trainer.content.rule_examples import EXAMPLES, SECTIONS
from trainer.engine import Card, Meld, parse_cards
from trainer.ui.content import rule_example_line
from trainer.ui.lang import current_language, tr
from trainer.ui.session import current_learner
from trainer.ui.widgets import glossary_link, show_cards, show_melds, unbroken_rule_ids, wrapped_tabs

lang = current_language()
st.title(tr("rules_page.title"))
glossary_link()
st.caption(tr("rules_page.intro"))
learner = current_learner()
if learner is not None and learner.rules.players != 4:  # the examples are of four
    st.caption(tr("rules_page.your_table", players=learner.rules.players,
                  threshold=learner.rules.red_threshold, shares=learner.rules.payers))


# A rule linked from a lesson or the glossary (?rule=R-RED) opens its section, itself first and
# marked; an id the page does not know opens the page as it is.
wanted = st.query_params.get("rule")
titles = [tr(f"ruleref.section.{section}") for section, _ in SECTIONS]
opened = next((title for title, (_, rule_ids) in zip(titles, SECTIONS, strict=True)
               if wanted in rule_ids), None)
# Only the open section is drawn (about 30 elements each): a switch of tabs reruns the page.
wrapped_tabs("rules_section")
tabs = st.tabs(titles, key="rules_section", on_change="rerun", default=opened)
for tab, (_section, rule_ids) in zip(tabs, SECTIONS, strict=True):
    if not tab.open:
        continue
    with tab:
        for rule_id in sorted(rule_ids, key=lambda rule_id: rule_id != wanted):
            with st.container(border=True, key=f"rule-{rule_id}"):
                if rule_id == wanted:
                    st.caption(tr("rules_page.opened"))
                st.markdown(f"**{tr(f'ruleref.{rule_id}.title')}** · `{rule_id}`\n\n"
                            + tr(f"ruleref.{rule_id}.body"))  # one element, not two
                example = EXAMPLES[rule_id]
                cards: list[Card | None] = list(parse_cards(example["cards"]))
                labels = ([tr("ruleref.example.red", red=card.red) for card in cards if card]
                          if example.get("label_red") else None)
                show_cards(cards + [None] * example.get("back", 0), width=44, labels=labels)
                show_melds([Meld.parse(text) for text in example.get("melds", [])])
                if example.get("card"):
                    show_cards(parse_cards(example["card"]), width=44,
                               label=tr("lesson.source_discard"))
                line = rule_example_line(rule_id, lang)
                if line:
                    st.caption(unbroken_rule_ids(tr("ruleref.example.verdict", line=line)))
                else:  # an example the engine does not judge: what it shows, in words
                    st.caption(tr(f"ruleref.{rule_id}.example"))
