"""Puzzles generated, validated and explained by the engine; the shipped bank is in
``puzzles/`` at the top of the repository. No Streamlit here."""

from pathlib import Path

from trainer.puzzles.model import Puzzle, PuzzleError

BANK_DIR = Path(__file__).resolve().parent.parent.parent / "puzzles"

__all__ = ["BANK_DIR", "Puzzle", "PuzzleError"]
