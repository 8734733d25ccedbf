"""Puzzles generated, validated and explained by the engine; the shipped bank is package data
(``trainer/data/puzzles``, linked from the repository's top-level ``puzzles``). No Streamlit here."""

from importlib.resources.abc import Traversable

from trainer.data import data_folder
from trainer.puzzles.model import Puzzle, PuzzleError

KINDS = ("win", "safe")


def bank_file(kind: str) -> Traversable:
    """The shipped bank file of ``kind`` (``win`` or ``safe``)."""
    if kind not in KINDS:
        raise PuzzleError(f"unknown puzzle kind {kind!r} (use {' or '.join(KINDS)})")
    return data_folder("puzzles").joinpath(f"{kind}.jsonl")


__all__ = ["KINDS", "Puzzle", "PuzzleError", "bank_file"]
