"""What counts as one move: the rules see a card's rank and colour only (R-PAIR14, R-RED,
R-SPECIAL), never its suit, so two discards of cards alike are the same move.

>>> from trainer.engine.cards import parse_card
>>> nine = lambda code: Action(0, ActionKind.DISCARD, (parse_card(code),))
>>> same_move(nine("9h"), nine("9d")), same_move(nine("9h"), nine("9s"))
(True, False)
>>> len(distinct_moves([nine("9h"), nine("9d"), nine("9s")]))
2
"""

from __future__ import annotations

from collections.abc import Iterable

from trainer.engine.game.actions import Action, ActionKind

WINS = (ActionKind.WIN, ActionKind.TIANZOU)
"""The moves that win the hand (R-WIN, R-SPECIAL 天走), the claim first."""


def same_move(a: Action, b: Action) -> bool:
    """Two discards of cards of one rank and colour are the same move; any other two actions
    are the same move only when equal."""
    if a.kind is not ActionKind.DISCARD or b.kind is not ActionKind.DISCARD:
        return a == b
    first, second = a.cards[0], b.cards[0]
    return first.rank == second.rank and first.is_red == second.is_red


def distinct_moves(actions: Iterable[Action]) -> list[Action]:
    """``actions`` with each move once (the first of the actions alike), in their order."""
    moves: list[Action] = []
    for action in actions:
        if not any(same_move(action, kept) for kept in moves):
            moves.append(action)
    return moves
