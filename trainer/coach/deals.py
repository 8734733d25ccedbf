"""The hidden cards dealt again, from one player's view only (R-PUBLIC, R-READ): the unseen cards
shared out to the other players' concealed hands (their sizes are public) and the stock, every
deal equally likely except those the table's history rules out — a player who holds a hand that
would have won on a card that passed them since their hand last changed would have taken it
(R-READ's assumption).

A deal is a whole :class:`~trainer.engine.game.state.HandState` at the viewer's decision, ready
to be played out; its public parts are the view's, so two views with the same public table and
the same seed give the same deals, whatever the real hidden cards are."""

from __future__ import annotations

import random
from collections import Counter

from trainer.engine.cards import Card, deck
from trainer.engine.game.actions import ActionKind
from trainer.engine.game.state import HandState, Phase
from trainer.engine.game.view import PlayerView
from trainer.engine.win_rule import claim_wins

TRIES_PER_DEAL = 20
"""Deals drawn per deal kept before the history's exclusions are given up (a table whose passes
allow almost nothing then falls back to the unconditioned deal)."""


def unseen_cards(view: PlayerView) -> list[Card]:
    """The cards the viewer cannot see, sorted: the deck less their hand, every set laid down
    and every card on the table (R-PUBLIC)."""
    left = Counter(deck(view.rules.jokers))
    left.subtract(view.visible_cards())
    return sorted(left.elements(), key=lambda card: card.index)


def searchable(view: PlayerView) -> bool:
    """Can the view be dealt again as a whole state? The viewer's own turn to discard or lay
    down after a draw (a claim decision depends on the order of asking, which the view does
    not carry)."""
    return view.phase is Phase.DISCARD and view.to_act == view.seat and view.result is None \
        and bool(view.legal)


def _allowed(view: PlayerView, hands: list[list[Card]]) -> bool:
    if view.history is None:
        return True
    threshold = view.rules.red_threshold
    for seat, hand in enumerate(hands):
        if seat == view.seat:
            continue
        for card in view.history.passed_cards(seat):
            if claim_wins(hand, view.melds[seat], card, False, threshold):
                return False
    return True


def deal_again(view: PlayerView, rng: random.Random) -> HandState:
    """One deal of the hidden cards consistent with ``view`` (see the module), as a state at
    the viewer's decision."""
    if not searchable(view):
        raise ValueError("only the viewer's own discard can be dealt again")
    pool = unseen_cards(view)
    sizes = view.hand_sizes
    hands: list[list[Card]] = []
    stock: list[Card] = []
    for attempt in range(TRIES_PER_DEAL):
        shuffled = list(pool)
        rng.shuffle(shuffled)
        hands, start = [], 0
        for seat, size in enumerate(sizes):
            if seat == view.seat:
                hands.append(list(view.hand))
                continue
            hands.append(shuffled[start:start + size])
            start += size
        stock = shuffled[start:]
        if _allowed(view, hands) or attempt == TRIES_PER_DEAL - 1:
            break
    kinds = {action.kind for action in view.legal}
    kong_cards = [a.cards[0] for a in view.legal if a.kind is ActionKind.KONG_DRAWN]
    state = HandState(view.rules, 0, view.dealer, stock, hands,
                      [list(melds) for melds in view.melds], [list(p) for p in view.piles],
                      phase=Phase.DISCARD, to_act=view.seat,
                      may_lay_down=bool(kinds & {ActionKind.LAY_JOKER, ActionKind.LAY_PONG,
                                                 ActionKind.LAY_KONG, ActionKind.KONG_DRAWN}),
                      fresh_pong=view.seat if kong_cards else None,
                      fourth_held=bool(kong_cards), drawn=kong_cards[0] if kong_cards else None,
                      dealer_discarded=view.dealer_discarded)
    return state
