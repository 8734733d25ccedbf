"""Re-validating puzzles against the engine: every answer, explanation, theme and rule id is
recomputed from the puzzle's own board and must agree; the id must match the content."""

from __future__ import annotations

import json
from collections.abc import Iterable, Iterator
from dataclasses import dataclass

from trainer.analysis.safety import SafetyTable
from trainer.engine import Dou14Error, Position
from trainer.puzzles import safe, win
from trainer.puzzles.model import Puzzle, PuzzleError


@dataclass(frozen=True)
class Problem:
    line: int
    puzzle_id: str
    message: str


def rebuild(puzzle: Puzzle) -> Puzzle:
    """The puzzle as the engine makes it from the same board."""
    if puzzle.kind == "win":
        return win.build(Position.from_json(puzzle.board), puzzle.source)
    rebuilt = safe.build(SafetyTable.from_json(puzzle.board), puzzle.level, puzzle.source)
    if rebuilt is None:
        raise PuzzleError("this table has no safe or no dangerous discard")
    return rebuilt


def check_puzzle(puzzle: Puzzle) -> list[str]:
    """Disagreements between the puzzle and the engine (empty when it is right)."""
    try:
        rebuilt = rebuild(puzzle)
    except Dou14Error as error:
        return [f"the board is not valid: {error}"]
    problems = []
    for name in ("answer", "explanation", "themes", "rules", "question"):
        if getattr(rebuilt, name) != getattr(puzzle, name):
            problems.append(f"{name} disagrees with the engine: the engine says "
                            f"{json.dumps(getattr(rebuilt, name), ensure_ascii=False)[:300]}")
    return problems


def check_lines(lines: Iterable[str]) -> Iterator[Problem]:
    for number, line in enumerate(lines, start=1):
        if not line.strip():
            continue
        try:
            puzzle = Puzzle.from_json(line)
        except Dou14Error as error:
            yield Problem(number, "?", str(error))
            continue
        for message in check_puzzle(puzzle):
            yield Problem(number, puzzle.id, message)


def read_puzzles(lines: Iterable[str]) -> list[Puzzle]:
    """Puzzles from JSON lines; :class:`PuzzleError` names the line of the first bad one."""
    puzzles = []
    for number, line in enumerate(lines, start=1):
        if line.strip():
            try:
                puzzles.append(Puzzle.from_json(line))
            except Dou14Error as error:
                raise PuzzleError(f"line {number}: {error}") from None
    return puzzles
