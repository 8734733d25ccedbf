"""The one deal-in chance (R-SAFE, R-READ): against brute-force enumeration of every joint deal on
small tables, blind to everything the discarder cannot see, and agreeing with the engine's own
win rule."""

from __future__ import annotations

import itertools
import random
from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from trainer.analysis.chance import Model, Proof, deal_in_chances
from trainer.analysis.table import SafetyTable, table_from_view
from trainer.bots import HeuristicBot
from trainer.engine import Card, Position, RuleSet, deck, is_win
from trainer.engine.game.hand_parts import Phase
from trainer.engine.game.state import HandState
from trainer.engine.game.view import view_of


def _small_table(seed: int) -> SafetyTable:
    """Late in a hand: the discarder holds two cards, the others one or three, and only a few
    cards are unseen; some visible cards passed some opponents."""
    rng = random.Random(seed)
    rules = RuleSet(jokers=2, red_threshold=rng.choice((6, 10, 20)))
    cards = deck(2)
    rng.shuffle(cards)
    sizes = [2, *rng.choice(((1, 1, 1), (1, 1, 3), (3, 1, 1), (1, 3, 1)))]
    unseen_extra = rng.randrange(0, 4)
    hand = tuple(cards[:2])
    pool_size = sum(sizes[1:]) + unseen_extra
    rest = cards[2 + pool_size:]
    table_cards = tuple(rest)
    ranked = [c for c in table_cards if c.rank is not None]
    passed = ((), *(tuple(rng.sample(ranked, rng.randrange(0, 4))) for _ in range(3)))
    return SafetyTable(rules, 0, hand, ((), (), (), ()), table_cards, tuple(sizes),
                       rng.random() < 0.2, passed=passed)


def _brute(table: SafetyTable, card: Card, history: bool) -> Fraction:
    pool = list(table.unseen().elements())
    others = table.opponents()
    sizes = [table.hand_sizes[o] for o in others]
    allowed = hits = 0
    for order in itertools.permutations(range(len(pool)), sum(sizes)):
        start = 0
        hands = []
        for size in sizes:
            chunk = order[start:start + size]
            if list(chunk) != sorted(chunk):
                break
            hands.append(tuple(pool[i] for i in chunk))
            start += size
        else:
            def wins(seat: int, hand: tuple[Card, ...], offered: Card, first: bool) -> bool:
                return is_win(Position(hand, (), offered, "discard", first, table.rules))
            if history and table.passed is not None and any(
                    wins(o, h, p, False) for o, h in zip(others, hands, strict=True)
                    for p in table.passed[o]):
                continue
            allowed += 1
            hits += any(wins(o, h, card, table.first_discard)
                        for o, h in zip(others, hands, strict=True))
    return Fraction(hits, allowed)


@pytest.mark.rule("R-READ", "R-SAFE")
@settings(max_examples=25, deadline=None)
@given(st.integers(0, 10**6))
def test_the_counted_chance_is_the_enumerated_one(seed: int) -> None:
    table = _small_table(seed)
    for model in (Model.VISIBLE, Model.HISTORY):
        chances = deal_in_chances(table, model=model)
        for card, chance in chances.items():
            assert chance.exact
            expected = _brute(table, card, model is Model.HISTORY)
            assert chance.value == pytest.approx(float(expected), abs=1e-12), (card, model)
            if chance.proof is not None:
                assert expected == 0


@pytest.mark.rule("R-SAFE")
@settings(max_examples=10, deadline=None)
@given(st.integers(0, 10**6))
def test_a_card_asked_twice_is_read_once(seed: int) -> None:
    """The same card named twice in the question gets the one figure, under every model."""
    table = _small_table(seed)
    cards = list(table.candidates())
    for model in Model:
        once = deal_in_chances(table, cards, model=model)
        assert deal_in_chances(table, cards + cards[:1], model=model) == once


@pytest.mark.rule("R-READ")
def test_a_card_that_passed_proves_its_twin_safe_by_history() -> None:
    """In simulated play, cards the visible cards leave open are proven safe by a pass of their
    rank and colour; the certificate names that pass, and the history model agrees (chance 0)."""
    found = 0
    for seed in range(120):
        for steps in (20, 40, 60):
            state = _mid_hand(seed, steps)
            if state.over:
                continue
            table = table_from_view(view_of(state, state.to_act))
            for card, chance in deal_in_chances(table, model=Model.HISTORY).items():
                if chance.proof is not Proof.HISTORY:
                    continue
                found += 1
                assert chance.value == 0 and chance.history_proofs
                for opponent, passed in chance.history_proofs:
                    assert passed.rank == card.rank
                    assert passed.is_red == card.is_red or (passed.is_red and card.is_black)
                    assert table.passed is not None and passed in table.passed[opponent]
                assert deal_in_chances(table, [card], model=Model.VISIBLE)[card].proof is None
                for other in table.opponents():  # sound: the real hands cannot win on it
                    assert not is_win(Position(tuple(state.hands[other]),
                                               tuple(state.melds[other]), card, "discard",
                                               table.first_discard, table.rules))
    assert found >= 3


def _mid_hand(seed: int, steps: int) -> HandState:
    rng = random.Random(seed)
    state = HandState.deal(seed)
    bot = HeuristicBot()
    while not state.over and (steps > 0 or state.phase is not Phase.DISCARD):
        state.apply(bot.choose(view_of(state, state.to_act), rng))
        steps -= 1
    return state


@pytest.mark.rule("R-PUBLIC", "R-READ")
@settings(max_examples=20, deadline=None)
@given(st.integers(0, 2**31 - 1), st.integers(0, 80), st.randoms(use_true_random=False))
def test_nothing_hidden_from_the_discarder_changes_any_figure(seed: int, steps: int,
                                                              shuffle: random.Random) -> None:
    """Deal the opponents' concealed cards and the stock afresh (sizes kept, public history the
    same): every chance, error and proof stays."""
    state = _mid_hand(seed, steps)
    if state.over:
        return
    seat = state.to_act
    before = deal_in_chances(table_from_view(view_of(state, seat)))
    hidden = [c for other in range(state.players) if other != seat for c in state.hands[other]]
    hidden += state.stock
    shuffle.shuffle(hidden)
    for other in range(state.players):
        if other != seat:
            size = len(state.hands[other])
            state.hands[other], hidden = hidden[:size], hidden[size:]
    state.stock = hidden
    assert deal_in_chances(table_from_view(view_of(state, seat))) == before
