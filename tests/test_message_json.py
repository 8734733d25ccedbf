"""Stored explanations (a review, a puzzle's working) keep every typed parameter: a message
written by ``message_to_json`` and read back by ``message_from_json`` is the same message,
whatever its parameters — a chance among them (a review's deal-in figures are Percent)."""

from __future__ import annotations

import json

from hypothesis import given
from hypothesis import strategies as st

from trainer.engine.cards import deck
from trainer.engine.messages import Amount, Message, Percent, Points, message_from_json, message_to_json
from trainer.engine.rules import RuleSet

CARDS = st.sampled_from(deck(RuleSet().jokers))
NUMBER = st.floats(min_value=-1e6, max_value=1e6, allow_nan=False)
PARAM = st.one_of(
    st.text(max_size=12), st.integers(min_value=-10**6, max_value=10**6), CARDS,
    st.builds(Points, NUMBER, st.booleans(), st.integers(min_value=0, max_value=6)),
    st.builds(Amount, NUMBER, st.integers(min_value=0, max_value=6)),
    st.builds(Percent, st.floats(min_value=0, max_value=1)),
    st.lists(CARDS, min_size=1, max_size=4).map(tuple))
NAMES = st.text(alphabet="abcdefghij_", min_size=1, max_size=8)


def _message(params: st.SearchStrategy[object]) -> st.SearchStrategy[Message]:
    return st.builds(lambda key, named, rules: Message(key, tuple(named.items()), tuple(rules)),
                     st.from_regex(r"[a-z]{1,8}\.[a-z_]{1,12}", fullmatch=True),
                     st.dictionaries(NAMES, params, max_size=4),
                     st.lists(st.sampled_from(["R-WIN", "R-RED", "R-SAFE"]), max_size=2))


MESSAGES = st.recursive(_message(PARAM), lambda inner: _message(st.one_of(
    PARAM, inner, st.lists(inner, min_size=1, max_size=3).map(tuple))), max_leaves=6)


@given(MESSAGES)
def test_a_stored_message_reads_back_the_same(message: Message) -> None:
    stored = json.loads(json.dumps(message_to_json(message)))
    assert message_from_json(stored) == message
