"""Stacked decks: a hand dealt from cards chosen in advance, for lessons and tests (R-DEAL).

``stacked_deck(hands, stock)`` orders a deck so that :meth:`HandState.deal` gives ``hands[seat]``
to each seat (8 cards to the dealer, 7 to the others) and the ``stock`` from its top; every
other card follows in deck order.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

from trainer.engine import Card, Dou14Error, RuleSet, deck
from trainer.engine.game.state import HandState


def stacked_deck(hands: Sequence[Sequence[Card]], stock: Sequence[Card], dealer: int,
                 rules: RuleSet) -> list[Card]:
    players = rules.players
    if len(hands) != players:
        raise Dou14Error(f"a {players}-player deal needs {players} hands, not {len(hands)}")
    for seat, hand in enumerate(hands):
        wanted = 8 if seat == dealer else 7
        if len(hand) != wanted:
            raise Dou14Error(f"seat {seat} is dealt {wanted} cards, not {len(hand)} (R-DEAL)")
    order: list[Card] = []
    for round_ in range(7):
        for step in range(players):
            order.append(hands[(dealer + step) % players][round_])
    order.append(hands[dealer][7])
    used = Counter([*order, *stock])
    rest = []
    for card in deck(rules.jokers):
        if used[card]:
            used[card] -= 1
        else:
            rest.append(card)
    if +used:
        raise Dou14Error(f"cards used more often than the deck holds: {sorted(map(str, +used))}")
    return [*order, *stock, *rest]


def stacked_hand(hands: Sequence[Sequence[Card]], stock: Sequence[Card] = (), dealer: int = 0,
                 rules: RuleSet | None = None) -> HandState:
    """A hand dealt from a stacked deck."""
    rules = rules or RuleSet(players=len(hands))
    return HandState.deal(0, rules, dealer, stacked_deck(hands, stock, dealer, rules))
