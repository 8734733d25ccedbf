"""A refused 糊 names the check the hand fails, and only that one (R-WIN, R-RED, R-OWN-FLIP),
checked against a brute-force count of pairs and red on states of played hands."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from trainer.bots.heuristic import fast_choice
from trainer.engine.cards import Card
from trainer.engine.game.hand_parts import Phase
from trainer.engine.game.legal import wins
from trainer.engine.game.state import HandState
from trainer.engine.rules import RuleSet
from trainer.engine.sources import Source
from trainer.lessons.refusals import win_refusal


def _pairs_up(cards: list[Card]) -> bool:
    """Every card pairs to 14 with another: the brute-force reading of R-PAIR14."""
    if any(card.rank is None for card in cards):
        return False
    ranks = Counter(card.rank for card in cards)
    return ranks[7] % 2 == 0 and all(ranks[r] == ranks[14 - r] for r in range(1, 7))


@pytest.mark.parametrize("players", [4, 3])
def test_a_refused_win_names_the_check_that_fails(players: int) -> None:
    rng = random.Random(players)
    rules = RuleSet(players=players)
    said: Counter[str] = Counter()
    for _ in range(12):
        state = HandState.deal(rng.getrandbits(32), rules)
        while not state.over:
            offer = state.offer
            if state.phase is Phase.CLAIM and offer is not None and offer.card.rank is not None:
                for seat in range(players):
                    if offer.seat == seat and offer.source is Source.DISCARD:
                        continue
                    own = offer.seat == seat
                    if not own and wins(state, seat, offer):
                        continue
                    key = win_refusal(state, seat).key
                    said[key] += 1
                    cards = [offer.card, *state.hands[seat]]
                    every = cards + [card for meld in state.melds[seat] for card in meld.cards]
                    red = sum(card.red for card in every)
                    colours = {card.suit.is_red for card in every if card.suit is not None}
                    short = red < rules.red_threshold and len(colours) == 2 \
                        and not offer.dealer_first_discard
                    if own:
                        assert key == "hint.move_win_own_flip"
                    elif any(card.rank is None for card in state.hands[seat]):
                        assert key == "hint.move_win_joker"
                    elif key == "hint.move_win_red":
                        assert _pairs_up(cards) and short
                    elif key == "hint.move_win_pairs":
                        assert not _pairs_up(cards) and not short
                    else:
                        assert key == "hint.move_win_no"
                        assert not _pairs_up(cards) and short
            state.apply(fast_choice(state, rng))
    assert {"hint.move_win_red", "hint.move_win_pairs", "hint.move_win_no",
            "hint.move_win_own_flip"} <= set(said)
