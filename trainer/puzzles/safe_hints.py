"""The hint after a first miss at "which discard has the least risk?" — in a lesson or a puzzle
alike (R-SAFE, R-READ): the card chosen, how likely it is to deal in and where on this board
that comes from (whose hand, how many of its partners are unseen), read from the puzzle's own
working line for that card; then what to weigh in the others. It never names the answer, nor
any card but the one chosen."""

from __future__ import annotations

from trainer.engine import Card
from trainer.engine.messages import Amount, Message
from trainer.puzzles.model import LeastRiskAnswer, Puzzle
from trainer.puzzles.themes import Theme

RULES = ("R-SAFE", "R-READ")
RISK_LINES = {"pz.line_risk": "hint.least_risk_from", "pz.line_risk_only": "hint.least_risk_only_from"}
"""A working's line giving a card's chance and the player it comes from — mostly, or only (the
others proven safe against) —, with the hint's words for the same."""


def least_risk_hint(puzzle: Puzzle, chosen: Card | None) -> Message:
    """What to look at again after ``chosen`` (None: no card of the hand) missed the least-risk
    card of ``puzzle``: a puzzle the passes decide (``read-the-table``) points to them, another
    to the counts, not the same checklist on every board."""
    answer = puzzle.answer
    assert isinstance(answer, LeastRiskAnswer)
    weigh = Message.of("hint.safe_history" if Theme.READ_THE_TABLE.value in puzzle.themes
                       else "hint.least_risk_weigh")
    risk = dict(answer.risks).get(chosen) if chosen is not None else None
    if chosen is None or risk is None:
        return Message.of(weigh.key, RULES)
    percent = Amount(float(risk) * 100, 1)
    line = next((line for line in puzzle.details
                 if line.key in RISK_LINES and line.param("card") == chosen), None)
    if line is None:
        return Message.of("hint.least_risk_not", RULES, card=chosen, percent=percent, then=weigh)
    where = {name: value for name, value in line.params if name in ("seat", "unseen", "partner")}
    return Message.of(RISK_LINES[line.key], RULES, card=chosen, percent=percent, then=weigh,
                      **where)
