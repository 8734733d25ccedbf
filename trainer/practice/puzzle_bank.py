"""The puzzle bank: the shipped puzzles (read once per process, ids checked on load), the
learner's own puzzles, puzzles mined fresh, and each puzzle's rating now."""

from __future__ import annotations

import random
import threading
from collections import Counter
from collections.abc import Mapping
from functools import cache

from trainer.analysis.table import SafetyTable
from trainer.engine import RuleSet
from trainer.puzzles import KINDS, Puzzle, bank_file, read_puzzle
from trainer.puzzles.bank import fresh as mine_fresh
from trainer.puzzles.check import read_puzzles
from trainer.puzzles.model import Provenance, PuzzleKind
from trainer.puzzles.rejection import Rejection
from trainer.puzzles.safe import build_hidden
from trainer.puzzles.themes import practice_themes
from trainer.rating import Rating
from trainer.store.progress_store import ProgressStore
from trainer.store.rows import PuzzleStanding

START_RD = 250.0
"""The deviation of a starting rating: an estimate from features, less sure than a measured
rating, surer than none (350)."""


_BANK_LOCK = threading.Lock()
_BANK: list[tuple[Puzzle, ...]] = []


def bank() -> tuple[Puzzle, ...]:
    """The shipped puzzle bank, read once per process: sessions arriving together on a cold
    server wait for the one reading it instead of each reading their own copy."""
    if not _BANK:
        with _BANK_LOCK:
            if not _BANK:
                puzzles: list[Puzzle] = []
                for kind in KINDS:
                    puzzles.extend(read_puzzles(
                        bank_file(kind).read_text(encoding="utf-8").splitlines(), shipped=True))
                _BANK.append(tuple(puzzles))
    return _BANK[0]


@cache
def bank_index() -> dict[str, Puzzle]:
    return {puzzle.id: puzzle for puzzle in bank()}


def themes() -> list[str]:
    """The themes offered for practice: at least ten bank puzzles, none that names the answer
    (:func:`trainer.puzzles.themes.practice_themes`), most common first."""
    return practice_themes(Counter(theme for puzzle in bank() for theme in puzzle.themes))


def start_rating(puzzle: Puzzle) -> Rating:
    return Rating(puzzle.rating, START_RD, 0.06)


def puzzle_rating(puzzle: Puzzle, stored: Mapping[str, PuzzleStanding]) -> Rating:
    """The puzzle's rating now: moved by learners' first attempts, else its starting one."""
    return stored[puzzle.id].rating if puzzle.id in stored else start_rating(puzzle)


def fresh(kind: str, rules: RuleSet, rng: random.Random) -> Puzzle:
    """A puzzle mined just now from a simulated hand under the learner's house rules."""
    return mine_fresh(PuzzleKind(kind), rules, rng)


def own_puzzle_of(table: SafetyTable) -> Puzzle | Rejection:
    """A flagged moment of the learner's hand as a least-risk puzzle of their own, or why it
    makes none (no clear best discard teaches nothing as a puzzle)."""
    return build_hidden(table, Provenance.OWN)


def keep_own_puzzle(store: ProgressStore, learner_id: int, puzzle: Puzzle) -> None:
    """The puzzle joins the learner's review set (the Puzzles page's "missed" mode)."""
    store.own_puzzles.save(learner_id, puzzle.id, puzzle.dumps())


def own_puzzles(store: ProgressStore, learner_id: int) -> dict[str, Puzzle]:
    """The learner's review set: puzzles made from flagged moments of their own hands (a
    stored puzzle that no longer reads is left out, not shown broken)."""
    found = {}
    for text in store.own_puzzles.all(learner_id):
        try:
            puzzle = read_puzzle(text)
        except ValueError:
            continue
        found[puzzle.id] = puzzle
    return found
