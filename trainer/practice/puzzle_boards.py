"""A puzzle's board as the card table draws it (R-SEAT, R-PUBLIC): you at the bottom, the
others around you by how they sit from your chair, every table card with its origin (discarded
or flipped, in front of the player who put it there), the card in question with who discarded
or flipped it. Plain data: the Puzzles page draws it, the tests read it."""

from __future__ import annotations

from trainer.analysis.table import SafetyTable
from trainer.engine import relation
from trainer.engine.sources import TableCard
from trainer.lessons.board import Board, SeatPicture
from trainer.puzzles.model import Puzzle, WinBoard


def board_of(puzzle: Puzzle) -> Board:
    """The table of ``puzzle`` from the solver's seat."""
    board = puzzle.board
    if isinstance(board, WinBoard):
        position = board.position
        return Board(hand=position.hand, melds=position.melds, offer=position.card,
                     offer_from=board.origin, offer_source=position.source,
                     first_discard=position.dealer_first_discard, rules=position.rules)
    assert isinstance(board, SafetyTable)
    return _table_board(board)


def _pile(table: SafetyTable, seat: int) -> tuple[TableCard, ...]:
    return () if table.piles is None else table.piles[seat]


def _table_board(table: SafetyTable) -> Board:
    players = table.rules.players
    seats = []
    for other in table.opponents():
        open_hand = table.hands[other] if table.hands is not None else ()
        seats.append(SeatPicture(
            relation=relation(other, table.seat, players),
            hidden=None if table.hands is not None else table.hand_sizes[other],
            melds=table.melds[other], pile=_pile(table, other), open_hand=tuple(open_hand),
            passed=() if table.passed is None else table.passed[other]))
    return Board(hand=table.hand, melds=table.melds[table.seat], pile=_pile(table, table.seat),
                 seats=tuple(seats), rules=table.rules)
