"""Hand-built decks for the game tests."""

from __future__ import annotations

from collections import Counter

from trainer.engine import RuleSet, deck, parse_cards
from trainer.engine.cards import Card
from trainer.engine.game.actions import Action, ActionKind
from trainer.engine.game.state import HandState


def stacked(hands: list[str], stock: str = "", dealer: int = 0,
            rules: RuleSet | None = None) -> HandState:
    """A hand dealt from a stacked deck: ``hands[seat]`` (8 cards for the dealer, 7 for the
    others), then ``stock`` from its top; the other cards follow in deck order."""
    rules = rules or RuleSet(players=len(hands))
    parsed = [list(parse_cards(text)) for text in hands]
    players = rules.players
    order: list[Card] = []
    for round_ in range(7):
        for step in range(players):
            order.append(parsed[(dealer + step) % players][round_])
    order.append(parsed[dealer][7])
    top = list(parse_cards(stock))
    used = Counter(order + top)
    rest = []
    for card in deck(rules.jokers):
        if used[card]:
            used[card] -= 1
        else:
            rest.append(card)
    assert not +used, f"cards used twice: {+used}"
    return HandState.deal(0, rules, dealer, [*order, *top, *rest])


def act(state: HandState, kind: ActionKind, *cards: str) -> HandState:
    parsed = tuple(c for text in cards for c in parse_cards(text))
    state.apply(Action(state.to_act, kind, parsed))
    return state


def kinds(state: HandState) -> list[ActionKind]:
    return [action.kind for action in state.legal_actions()]
