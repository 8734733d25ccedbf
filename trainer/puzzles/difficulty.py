"""How hard a puzzle is, estimated before anyone has tried it: features a player finds hard,
weighted into a starting rating on the Glicko scale. The weights were chosen so the starting
rating falls as simulated solvers of several skills (``trainer.puzzles.solvers``) solve the
puzzle more often; ``dou14 puzzles stats`` reports that correlation. Learners' answers then move
the rating (Glicko-2)."""

from __future__ import annotations

from collections.abc import Mapping

WEIGHTS: dict[str, dict[str, float]] = {
    "win": {"base": 1250.0, "near_red": 180.0, "colour_decides": 160.0, "special": 140.0,
            "triple": 150.0, "melds": 25.0, "concealed": 12.0, "three_players": 60.0,
            "says_yes": -60.0, "fan": 30.0},
    "safe_set": {"base": 1200.0, "candidates": 35.0, "dangerous": 60.0, "open_cards": 4.0,
                 "needs_red": 120.0},
    "least_risk": {"base": 1300.0, "candidates": 40.0, "partners_only_fails": 260.0,
                   "colour": 160.0, "red": 120.0, "small_margin": 90.0},
}


def start_rating(kind: str, features: Mapping[str, float]) -> float:
    """The starting rating: a weighted sum of the features, rounded to a tenth."""
    weights = WEIGHTS[kind]
    total = weights["base"] + sum(weights.get(name, 0.0) * value
                                  for name, value in features.items())
    return round(min(2600.0, max(600.0, total)), 1)
