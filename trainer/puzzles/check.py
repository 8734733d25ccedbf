"""Re-validating puzzles against the engine: each puzzle is rebuilt from its own board and every
field — answer, the one-line reason and the working, themes, rule ids, difficulty features and
starting rating — must agree; the id must match the canonical board (``read_puzzle``)."""

from __future__ import annotations

import json
from collections.abc import Iterable, Iterator
from dataclasses import dataclass

from trainer.analysis.table import SafetyTable
from trainer.engine import Dou14Error
from trainer.puzzles import safe, win
from trainer.puzzles.model import Puzzle, PuzzleError, PuzzleKind, WinBoard, read_puzzle
from trainer.puzzles.rejection import Rejection

CHECKED_FIELDS = ("answer", "why", "details", "themes", "rules", "features", "rating")


@dataclass(frozen=True)
class Problem:
    line: int
    puzzle_id: str
    message: str


def rebuild(puzzle: Puzzle) -> Puzzle:
    """The puzzle as the engine makes it from the same board; :class:`PuzzleError` when the
    engine would not make a puzzle of it at all, and says why."""
    board = puzzle.board
    if puzzle.kind is PuzzleKind.WIN:
        assert isinstance(board, WinBoard)
        reason = win.rejection(board.position)
        if reason is not None:
            raise PuzzleError(f"not a puzzle: {reason}")
        built = win.build(board.position, board.origin, puzzle.provenance)
        assert built is not None
        return built
    assert isinstance(board, SafetyTable)
    made = (safe.build_open(board, puzzle.provenance) if puzzle.kind is PuzzleKind.SAFE_SET
            else safe.build_hidden(board, puzzle.provenance))
    if isinstance(made, Rejection):
        raise PuzzleError(f"not a puzzle: {made}")
    return made


def check_puzzle(puzzle: Puzzle) -> list[str]:
    """Disagreements between the puzzle and the engine (empty when it is right)."""
    try:
        rebuilt = rebuild(puzzle)
    except Dou14Error as error:
        return [str(error)]
    stored, fresh = puzzle.to_json(), rebuilt.to_json()
    return [f"{name} disagrees with the engine, which says "
            f"{json.dumps(fresh[name], ensure_ascii=False, sort_keys=True)[:300]}"
            for name in CHECKED_FIELDS if stored[name] != fresh[name]]


def check_lines(lines: Iterable[str]) -> Iterator[Problem]:
    """Every problem of a JSON-lines bank, by line number (blank lines skipped)."""
    for number, line in enumerate(lines, start=1):
        if not line.strip():
            continue
        try:
            puzzle = read_puzzle(line)
        except Dou14Error as error:
            yield Problem(number, "?", str(error))
            continue
        for message in check_puzzle(puzzle):
            yield Problem(number, puzzle.id, message)


def read_puzzles(lines: Iterable[str], *, shipped: bool = False) -> list[Puzzle]:
    """Puzzles from JSON lines; :class:`PuzzleError` names the line of the first bad one.
    ``shipped``: the bank shipped with the trainer (see :func:`read_puzzle`)."""
    puzzles = []
    for number, line in enumerate(lines, start=1):
        if line.strip():
            try:
                puzzles.append(read_puzzle(line, shipped=shipped))
            except Dou14Error as error:
                raise PuzzleError(f"line {number}: {error}") from None
    return puzzles
