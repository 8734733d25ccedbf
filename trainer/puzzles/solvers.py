"""Simulated solvers of several skills, to check that a puzzle's starting rating measures how
hard it is: each solver makes one of the mistakes learners make — ignoring the red total,
ignoring colour (全红/全黑), treating a concealed triple as a set, miscounting red near the
threshold, forgetting that one's own flip cannot be won on (R-OWN-FLIP), judging safety by
partners in sight only. A puzzle more of them fail should start
higher. Used by ``dou14 puzzles stats`` and the tests, never to grade a learner."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable

from trainer.analysis.table import SafetyTable
from trainer.engine import Card, Position, Reason, is_combined, partners_of, verdict
from trainer.engine.sources import Source
from trainer.engine.win_rule import red_reached
from trainer.puzzles.model import LeastRiskAnswer, Puzzle, SafeSetAnswer, WinAnswer, WinBoard

WinSolver = Callable[[Position], WinAnswer]


def _truth(position: Position) -> WinAnswer:
    judged = verdict(position)
    return WinAnswer(judged.win, judged.fan if judged.win else 0, judged.reason)


def _ignores_red(position: Position) -> WinAnswer:
    """Forgets the red total: every combined hand wins."""
    judged = verdict(position)
    if judged.combined:
        return WinAnswer(True, judged.fan if judged.win else position.melds_fan, Reason.WIN)
    return _truth(position)


def _ignores_colour(position: Position) -> WinAnswer:
    """Forgets 全红/全黑: only red (or 接地) makes a combined hand win."""
    judged = verdict(position)
    if not judged.combined:
        return _truth(position)
    wins = position.dealer_first_discard or red_reached(judged.red, judged.threshold)
    fan = position.melds_fan + (3 if position.dealer_first_discard else 0)
    return WinAnswer(wins, fan if wins else 0, Reason.WIN if wins else Reason.RED_SHORT)


def _triple_is_a_set(position: Position) -> WinAnswer:
    """Treats a concealed triple as a set (it is not, R-SET)."""
    card = position.card
    assert card is not None
    counts = Counter(c.rank for c in (*position.hand, card))
    rest = [c for c in (*position.hand, card) if counts[c.rank] < 3]
    if len(rest) < len(position.hand) + 1 and is_combined(rest):
        judged = verdict(position)
        return WinAnswer(judged.red >= judged.threshold, position.melds_fan,
                         Reason.WIN if judged.red >= judged.threshold else Reason.RED_SHORT)
    return _truth(position)


def _miscounts_near(position: Position) -> WinAnswer:
    """Counts red a little off: within 2 of the threshold, judges the other way."""
    judged = verdict(position)
    if judged.combined and not judged.specials and abs(judged.red - judged.threshold) <= 2:
        wins = not judged.win
        return WinAnswer(wins, position.melds_fan if wins else 0,
                         Reason.WIN if wins else Reason.RED_SHORT)
    return _truth(position)


def _forgets_whose_flip(position: Position) -> WinAnswer:
    """Judges the card as if another player had flipped it (forgets R-OWN-FLIP)."""
    return _truth(position.with_card(position.card, position.source,
                                     position.dealer_first_discard, None))


WIN_SOLVERS: dict[str, WinSolver] = {"ignores red": _ignores_red,
                                     "ignores colour": _ignores_colour,
                                     "triple as a set": _triple_is_a_set,
                                     "miscounts near 20": _miscounts_near,
                                     "forgets whose flip": _forgets_whose_flip}


def _partners_in_open_hands(table: SafetyTable, card: Card) -> bool:
    """Safe unless some opponent holds a card of the partner rank (red and pairs ignored)."""
    assert table.hands is not None and card.rank is not None
    return not any(partners_of(card, table.hands[other]) for other in table.opponents())


def _combination_only(table: SafetyTable, card: Card) -> bool:
    """Safe unless some opponent's hand combines with it (the red total forgotten)."""
    assert table.hands is not None
    return not any(is_combined((*table.hands[other], card)) for other in table.opponents())


def _next_player_only(table: SafetyTable, card: Card) -> bool:
    """Watches only the next player (the lower seat): safe unless they win on it."""
    assert table.hands is not None
    lower = (table.seat + 1) % table.rules.players
    return not verdict(Position(table.hands[lower], table.melds[lower], card, Source.DISCARD,
                                table.first_discard, table.rules)).win


SAFE_SET_SOLVERS: dict[str, Callable[[SafetyTable, Card], bool]] = {
    "partner in a hand": _partners_in_open_hands, "ignores red": _combination_only,
    "next player only": _next_player_only}


def _most_partners_visible(table: SafetyTable) -> Card:
    def seen(card: Card) -> int:
        return len(partners_of(card, table.visible()))

    return max(table.candidates(), key=lambda c: (seen(c), -c.index))


def _least_red(table: SafetyTable) -> Card:
    return min(table.candidates(), key=lambda c: (c.red, c.index))


def _fewest_copies_left(table: SafetyTable) -> Card:
    """Discards a card whose own rank is mostly in sight (a mahjong habit, wrong here)."""
    def seen(card: Card) -> int:
        return sum(1 for c in table.visible() if c.rank == card.rank)

    return max(table.candidates(), key=lambda c: (seen(c), -c.index))


LEAST_RISK_SOLVERS: dict[str, Callable[[SafetyTable], Card]] = {
    "partners in sight": _most_partners_visible, "least red": _least_red,
    "own rank in sight": _fewest_copies_left}


def solve_rate(puzzle: Puzzle) -> float:
    """The share of the simulated solvers that answer ``puzzle`` right."""
    answer = puzzle.answer
    board = puzzle.board
    if isinstance(board, WinBoard):
        assert isinstance(answer, WinAnswer)
        results = [solver(board.position) == answer for solver in WIN_SOLVERS.values()]
    elif isinstance(answer, SafeSetAnswer):
        results = [frozenset(c for c in board.candidates() if solver(board, c)) == answer.safe
                   for solver in SAFE_SET_SOLVERS.values()]
    else:
        assert isinstance(answer, LeastRiskAnswer)
        results = [solver(board) == answer.card for solver in LEAST_RISK_SOLVERS.values()]
    return sum(results) / len(results)
