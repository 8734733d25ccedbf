"""When a move other than the one a step names still meets its goal (R-DISCARD, R-PAIR14,
R-KONG): a step's prompt states a goal, not the cards, so any move that reaches it is right.

>>> from trainer.engine import parse_cards
>>> [str(card) for card in lone_cards(parse_cards("8h 8s 6d 5c 9s"))]
['8h', '8s']
"""

from __future__ import annotations

from trainer.engine import Card
from trainer.engine.combine import lacks_partner, rank_counts
from trainer.engine.game.actions import Action, ActionKind


def lone_cards(hand: tuple[Card, ...]) -> tuple[Card, ...]:
    """The cards of ``hand`` left over from its 14-pairs (R-PAIR14): a joker, or a card whose
    rank the hand holds more of than its 14-partner rank (of two 8s beside one 6, either 8; an
    odd 7 among 7s). Letting one go breaks no 14-pair; any other card's partner is left
    alone."""
    counts = rank_counts(hand)
    return tuple(card for card in hand if lacks_partner(counts, card.rank))


def lone_discard(hand: tuple[Card, ...], goal: Action, action: Action) -> bool:
    """A discard asked as a goal — let go of a card left over from your 14-pairs, keeping
    them all (R-DISCARD, R-PAIR14) — is right with any such card of ``hand``, not one named
    card."""
    return goal.kind is ActionKind.DISCARD and action.kind is ActionKind.DISCARD and \
        action.cards[0] in lone_cards(hand)


def black_kept(hand: tuple[Card, ...], action: Action) -> Card | None:
    """A loose black card of ``hand`` where the discard ``action`` lets a loose red one go: any
    loose card breaks no pair, but the black one costs no red (R-RED) — the habit to take."""
    if action.kind is not ActionKind.DISCARD or not action.cards[0].is_red:
        return None
    return next((card for card in lone_cards(hand) if card.is_black), None)


def two_step_kong(goal: Action, action: Action) -> bool:
    """A pong of the claimed card where its kong is asked (both legal: a concealed triple and
    the fourth on offer): the kong stays open — right after the pong's draw the third card
    joins it — and the cards drawn are the same as the kong's at once (R-KONG, in two steps),
    so the move is as right as the kong."""
    return goal.kind is ActionKind.KONG and action.kind is ActionKind.PONG


def second_step(legal: list[Action]) -> Action | None:
    """The kong's second step among the moves ``legal`` right after a pong of
    :func:`two_step_kong`: a card of the pong's rank joins it — the one kept from the triple,
    or the one just drawn (R-KONG); None when the table does not offer it."""
    return next((action for action in legal if action.kind is ActionKind.KONG_DRAWN), None)
