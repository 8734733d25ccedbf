"""防守 — the discard least likely to deal in (R-SAFE, R-READ): a "least risk" puzzle of the shipped
bank, played as a level. The hands are hidden; each candidate's risk is the chance that some
opponent wins on it, counted exactly from everything public (the passes included), and the
least beats the next by a clear margin. The learner taps the card to let go; a miss is told the
risk of the card chosen and what to weigh, never which card is least.

A step names a puzzle by ``puzzle`` (its id) and ``theme``: a fresh variant is another puzzle of
the bank with that theme — ``lowest-risk`` where nothing is proven safe and the least risk is a
judgement, ``read-the-table`` where the passes decide."""

from __future__ import annotations

import random
from functools import cache
from typing import Any

from trainer.analysis.table import SafetyTable
from trainer.engine import Message
from trainer.lessons.answers import CardsAnswer, LessonAnswer, Shape
from trainer.lessons.kinds._shared import instruction_one
from trainer.lessons.kinds.safety import board_of_table
from trainer.lessons.task import StepData, Task, TaskError, TaskKind, cards_answer
from trainer.puzzles import Puzzle, PuzzleKind, bank_file
from trainer.puzzles.check import read_puzzles
from trainer.puzzles.model import LeastRiskAnswer
from trainer.puzzles.safe import why_shown, working
from trainer.puzzles.safe_hints import least_risk_hint

RULES = ("R-SAFE", "R-READ")
THEMES = ("lowest-risk", "read-the-table")


@cache
def bank() -> dict[str, Puzzle]:
    """The shipped "least risk" puzzles by id."""
    text = bank_file(PuzzleKind.LEAST_RISK.value).read_text(encoding="utf-8")
    return {puzzle.id: puzzle for puzzle in read_puzzles(text.splitlines(), shipped=True)}


def _puzzle(data: StepData) -> tuple[Puzzle, LeastRiskAnswer, str]:
    puzzle = bank().get(data.text("puzzle"))
    if puzzle is None:
        raise TaskError("'puzzle' must be the id of a puzzle in the least-risk bank")
    theme = data.choice("theme", THEMES, THEMES[0])
    if theme not in puzzle.themes:
        raise TaskError(f"the puzzle is not of the theme {theme!r}")
    assert isinstance(puzzle.answer, LeastRiskAnswer)
    return puzzle, puzzle.answer, theme


def least_risk(data: StepData) -> Task:
    puzzle, answer, theme = _puzzle(data)
    table = puzzle.board
    assert isinstance(table, SafetyTable)
    best = table.hand.index(answer.card)

    def hint(given: LessonAnswer) -> Message:
        chosen = sorted(given.indices) if isinstance(given, CardsAnswer) else []
        return least_risk_hint(puzzle, table.hand[chosen[0]] if chosen else None)

    return Task("least_risk", Shape.ONE_CARD, board_of_table(table), cards_answer({best}),
                instruction_one(Message.of("task.least_risk.what")),
                (why_shown(puzzle), *working(puzzle)), RULES, hint,
                prompt=Message.of("task.least_risk.prompt" if theme == "lowest-risk"
                                  else "task.least_risk.prompt_read"))


def _variant(rng: random.Random, data: StepData) -> dict[str, Any]:
    theme = data.choice("theme", THEMES, THEMES[0])
    here = data.text("puzzle")
    players = bank()[here].players if here in bank() else 4
    choices = sorted(pid for pid, p in bank().items()
                     if pid != here and theme in p.themes and p.players == players)
    if not choices:
        raise TaskError(f"no other puzzle of the theme {theme!r}")
    return {"puzzle": rng.choice(choices), "theme": theme}


KINDS = (TaskKind("least_risk", least_risk, _variant, frozenset({"puzzle", "theme"})),)
