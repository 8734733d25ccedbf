"""Hand-built decks for the game tests."""

from __future__ import annotations

from trainer.content.stacking import stacked_hand
from trainer.engine import RuleSet, parse_cards
from trainer.engine.game.actions import Action, ActionKind
from trainer.engine.game.state import HandState


def stacked(hands: list[str], stock: str = "", dealer: int = 0,
            rules: RuleSet | None = None) -> HandState:
    """A hand dealt from a stacked deck: ``hands[seat]`` (8 cards for the dealer, 7 for the
    others), then ``stock`` from its top; the other cards follow in deck order."""
    return stacked_hand([parse_cards(text) for text in hands], parse_cards(stock), dealer,
                        rules or RuleSet(players=len(hands)))


def act(state: HandState, kind: ActionKind, *cards: str) -> HandState:
    parsed = tuple(c for text in cards for c in parse_cards(text))
    state.apply(Action(state.to_act, kind, parsed))
    return state


def kinds(state: HandState) -> list[ActionKind]:
    return [action.kind for action in state.legal_actions()]
