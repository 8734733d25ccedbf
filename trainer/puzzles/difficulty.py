"""How hard a puzzle is, estimated before anyone has tried it: features a player finds hard,
weighted into a starting rating on the Glicko scale. The weights are fitted so the starting
rating falls as simulated solvers of several skills (``trainer.puzzles.solvers``) solve the
puzzle more often; ``dou14 puzzles stats`` reports that correlation. Learners' answers then move
the rating (Glicko-2)."""

from __future__ import annotations

from collections.abc import Mapping

WEIGHTS: dict[str, dict[str, float]] = {
    "win": {
        "base": 1496.6, "colour_decides": 33.4, "concealed": -11.3, "fan": -5.5,
        "near_red": 198.8, "own_flip": 467.0, "says_yes": -96.4, "special": 148.2,
        "three_players": 1.2, "triple": -69.3},
    "safe_set": {
        "base": 1368.2, "candidates": -9.4, "dangerous": -109.2, "far_dealers": 224.8,
        "partner_decoys": 24.2, "red_decoys": 263.7},
    "least_risk": {
        "base": 1237.7, "candidates": 50.4, "colour": 39.9, "partners_only_fails": 275.9,
        "red": -0.0, "small_margin": -5.9},
}
"""Fitted by ``tools/fit_difficulty.py`` (least squares of the simulated solvers' success on
the features, scaled so a puzzle they fail more often starts higher)."""


def start_rating(kind: str, features: Mapping[str, float]) -> float:
    """The starting rating: a weighted sum of the features, rounded to a tenth."""
    weights = WEIGHTS[kind]
    total = weights["base"] + sum(
        weights.get(name, 0.0) * value for name, value in features.items())
    return round(min(2600.0, max(600.0, total)), 1)
