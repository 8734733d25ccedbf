"""The play model (R-READ, R-SAFE): the trees as the file gives them, what the table shows of an
opponent as numbers, each player's discards in the public history, and the best reading that
reads them — a chance in [0, 1], never above 0 for a proven card, blind to hidden cards."""

from __future__ import annotations

import math
import random

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from trainer.analysis.chance import Model, deal_in_chances, model_rows
from trainer.analysis.risk_features import FEATURES, rows
from trainer.analysis.risk_model import TreeModel, model
from trainer.analysis.table import SafetyTable, table_from_view
from trainer.bots import HeuristicBot
from trainer.engine import RuleSet
from trainer.engine.errors import Dou14Error, PositionError
from trainer.engine.game.events import EventKind
from trainer.engine.game.hand_parts import Phase
from trainer.engine.game.state import HandState
from trainer.engine.game.view import view_of


def _stump(feature: int, threshold: float, low: float, high: float) -> dict[str, object]:
    return {"features": list(FEATURES), "base": -1.0,
            "trees": [[[feature, threshold, 1, 2, 0.0], [-1, 0.0, 0, 0, low],
                       [-1, 0.0, 0, 0, high]]]}


def test_a_tree_sends_a_row_left_when_its_value_is_at_most_the_threshold() -> None:
    tree = TreeModel.from_json(_stump(FEATURES.index("concealed"), 3.0, -2.0, 1.5))
    data = np.zeros((3, len(FEATURES)))
    data[:, FEATURES.index("concealed")] = (1, 3, 5)
    expected = [1 / (1 + math.exp(-(-1.0 + leaf))) for leaf in (-2.0, -2.0, 1.5)]
    assert tree.chances(data) == pytest.approx(expected)


@pytest.mark.parametrize("broken", [
    {"features": ["p_history"], "trees": [[[-1, 0, 0, 0, 0.1]]]},
    {"features": list(FEATURES), "trees": []},
    {"features": list(FEATURES), "trees": [[[0, 0.5, 1]]]},
    {"features": list(FEATURES), "trees": [[[0, 0.5, 0, 0, 0.0]]]},
    {"features": list(FEATURES), "trees": [[[len(FEATURES), 0.5, 1, 2, 0.0],
                                           [-1, 0, 0, 0, 0.0], [-1, 0, 0, 0, 0.0]]]},
    [1, 2, 3],
])
def test_a_broken_model_file_is_refused_with_what_is_wrong(broken: object) -> None:
    with pytest.raises(Dou14Error):
        TreeModel.from_json(broken)


def test_the_shipped_model_reads_the_features_the_trainer_computes() -> None:
    shipped = model()
    assert shipped.feature.shape[0] >= 50 and shipped.depth >= 1
    assert int(shipped.feature.max()) < len(FEATURES)


def _mid_hand(seed: int, steps: int, rules: RuleSet | None = None) -> HandState:
    rng = random.Random(seed)
    state = HandState.deal(seed, rules or RuleSet())
    bot = HeuristicBot()
    while not state.over and (steps > 0 or state.phase is not Phase.DISCARD):
        state.apply(bot.choose(view_of(state, state.to_act), rng))
        steps -= 1
    return state


def _open_table(seed: int, steps: int) -> SafetyTable | None:
    """The table at a discard some ``steps`` into a seeded hand, None if the hand ended first."""
    state = _mid_hand(seed, steps)
    return None if state.over else table_from_view(view_of(state, state.to_act))


@pytest.mark.rule("R-PUBLIC")
def test_the_history_keeps_every_discard_of_each_player_in_order() -> None:
    state = _mid_hand(3, 60)
    history = state.table_history()
    for seat in range(state.players):
        thrown = tuple(e.cards[0] for e in state.events
                       if e.kind is EventKind.DISCARD and e.seat == seat)
        assert history.discards[seat] == thrown


@pytest.mark.rule("R-PUBLIC")
def test_a_tables_discards_go_to_json_and_back_and_must_be_in_sight() -> None:
    table = next(t for t in (_open_table(seed, 12) for seed in range(50))
                 if t is not None and t.discards is not None and any(t.discards))
    again = SafetyTable.from_json(table.to_json())
    assert again.discards == table.discards
    data = table.to_json()
    data["discards"] = [*data["discards"][:-1], str(table.hand[0])]  # a card still held
    with pytest.raises(PositionError, match="neither on the table nor in a set"):
        SafetyTable.from_json(data)


def test_the_features_name_each_opponent_and_card() -> None:
    table = next(t for t in (_open_table(seed, 10) for seed in range(50)) if t is not None)
    cards, opponents = table.candidates()[:2], table.opponents()
    shape = (len(cards), len(opponents))
    found = rows(table, cards, opponents, np.full(shape, 0.25), np.full(shape, 0.5))
    assert found.shape == (len(cards) * len(opponents), len(FEATURES))
    column = {name: found[:, i] for i, name in enumerate(FEATURES)}
    assert set(column["p_history"]) == {0.25} and set(column["p_pairs"]) == {0.5}
    for i, card in enumerate(cards):
        for j, other in enumerate(opponents):
            row = i * len(opponents) + j
            assert column["concealed"][row] == table.hand_sizes[other]
            assert column["rank"][row] == card.rank
            assert column["laid_red"][row] == sum(m.red for m in table.melds[other])


@pytest.mark.rule("R-SAFE", "R-READ")
@settings(max_examples=15, deadline=None)
@given(st.integers(0, 2**31 - 1), st.integers(2, 30),
       st.sampled_from([RuleSet(), RuleSet(players=3), RuleSet(jokers=6)]))
def test_the_best_reading_is_a_chance_and_never_doubts_a_proof(seed: int, steps: int,
                                                               rules: RuleSet) -> None:
    state = _mid_hand(seed, steps, rules)
    if state.over:
        return
    table = table_from_view(view_of(state, state.to_act))
    best = deal_in_chances(table, model=Model.PLAY, samples=512)
    history = deal_in_chances(table, model=Model.HISTORY, samples=512)
    for card, chance in best.items():
        assert 0.0 <= chance.value <= 1.0
        assert chance.proof == history[card].proof
        if chance.proof is not None:
            assert chance.value == 0.0


def test_the_fitting_reads_what_the_chance_reads() -> None:
    """``model_rows`` gives the rows the chance asks the model about, so the model is fitted on
    exactly what it is later shown."""
    table = next(t for t in (_open_table(seed, 14) for seed in range(50))
                 if t is not None and len(model_rows(t, 512)[0]) >= 2)
    cards, opponents, data, proven = model_rows(table, 512)
    chances = model().chances(data).reshape(len(cards), len(opponents))
    chances[proven.reshape(chances.shape)] = 0.0
    best = deal_in_chances(table, list(cards), model=Model.PLAY, samples=512)
    for n, card in enumerate(cards):
        assert best[card].value == pytest.approx(1 - np.prod(1 - chances[n]))


def test_a_discard_seen_by_all_is_public_even_once_taken() -> None:
    """A card discarded and then taken by chi or pong stays among its discarder's discards."""
    for seed in range(40):
        state = _mid_hand(seed, 18)
        taken = [e for e in state.events if e.kind is EventKind.TAKE]
        for event in taken:
            thrown = state.table_history().discards
            assert any(event.cards[0] in cards for cards in thrown) or \
                any(e.kind is EventKind.FLIP and e.cards and e.cards[0] == event.cards[0]
                    for e in state.events)
        if taken:
            return
    pytest.fail("no card was taken in 40 hands")

