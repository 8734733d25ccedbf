"""The hint after a first miss on a puzzle: aimed at what the answer got wrong, from the
reasoning, never naming the answer (the lessons' hints, R-WIN, R-SAFE, R-READ). The page then
offers one more try before it shows the answer."""

from __future__ import annotations

from trainer.content.win_hints import checks_hint, reason_hint, why_not_hint
from trainer.engine import Reason
from trainer.engine.messages import Message
from trainer.practice.puzzle_answers import CardGiven, Given, Grade, SetGiven, WinGiven
from trainer.puzzles import Puzzle
from trainer.puzzles.model import LeastRiskAnswer, WinAnswer, WinBoard
from trainer.puzzles.safe_hints import least_risk_hint
from trainer.puzzles.themes import Theme

SAFETY_RULES = ("R-SAFE", "R-READ")


def hint(puzzle: Puzzle, given: Given, graded: Grade) -> Message:
    """What to look at again after ``given`` missed (graded ``graded``)."""
    answer, board = puzzle.answer, puzzle.board
    if isinstance(answer, WinAnswer) and isinstance(board, WinBoard):
        said = given if isinstance(given, WinGiven) else None
        if said is None or said.win != answer.win:
            if said is not None and not said.win and said.reason not in (None, Reason.RED_SHORT):
                return reason_hint(board.position, said.reason)  # the check it named passes
            if said is not None and said.win:  # the reason comes next: no check singled out
                return checks_hint(board.position, first_only=False)  # any failing check
            return why_not_hint(board.position, said_win=False)
        if answer.win:  # the yes is right, the fan is not
            return Message.of("hint.fan_list", ("R-FAN",))
        assert said.reason is not None  # a no whose reason fails is right: this one passes
        return reason_hint(board.position, said.reason)
    if isinstance(given, SetGiven):
        if _counts_tell(puzzle, given, graded):
            return Message.of("hint.set_look", ("R-SAFE", "R-WIN"))
        missed, extra = len(graded.missed), len(graded.extra)
        key = "hint.set_counts" if missed and extra else \
            "hint.set_counts_extra" if extra else "hint.set_counts_missed"
        return Message.of(key, ("R-SAFE", "R-WIN"), missed=missed, extra=extra)
    if isinstance(answer, LeastRiskAnswer):
        return least_risk_hint(puzzle, given.card if isinstance(given, CardGiven) else None)
    if Theme.READ_THE_TABLE.value in puzzle.themes:
        return Message.of("hint.safe_history", SAFETY_RULES)
    return Message.of("hint.least_risk_weigh", SAFETY_RULES)


def _counts_tell(puzzle: Puzzle, given: SetGiven, graded: Grade) -> bool:
    """Whether a count would name cards: safe cards left out as many as the cards left out
    (each of them is safe), or dangerous cards tapped as many as the cards tapped (each of them
    deals in). The hint then says only where to look."""
    left_out = len(set(puzzle.candidates) - given.cards)
    missed, extra = len(graded.missed), len(graded.extra)
    return 0 < missed == left_out or 0 < extra == len(given.cards)
