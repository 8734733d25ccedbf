"""Puzzles mined from simulated play, validated and explained by the engine; the shipped bank
is package data (``trainer/data/puzzles``, linked from the repository's top-level ``puzzles``),
one JSON-lines file per kind. No Streamlit, no language here: explanations are stored as message
keys with typed parameters and rendered by the app."""

from importlib.resources.abc import Traversable

from trainer.data import data_folder
from trainer.puzzles.model import KINDS, Puzzle, PuzzleError, PuzzleKind, read_puzzle


def bank_file(kind: str) -> Traversable:
    """The shipped bank file of ``kind`` (``win``, ``safe_set`` or ``least_risk``)."""
    if kind not in KINDS:
        raise PuzzleError(f"unknown puzzle kind {kind!r} (use {', '.join(KINDS)})")
    return data_folder("puzzles").joinpath(f"{kind}.jsonl")


__all__ = ["KINDS", "Puzzle", "PuzzleError", "PuzzleKind", "bank_file", "read_puzzle"]
