"""Ratings of learners and puzzles: Glicko-2, in the project's own small typed module."""

from trainer.rating.glicko2 import Rating, expected, play, update

__all__ = ["Rating", "expected", "play", "update"]
