"""Fit the starting-rating weights of ``trainer/puzzles/difficulty.py`` on simulated solvers.

For each kind, generate a sample of puzzles (a seed the shipped bank does not use), compute each
puzzle's features and the share of the simulated solvers (``trainer.puzzles.solvers``) that
answer it right, fit that share linearly on the features (least squares), and print weights
that turn a lower expected share into a higher starting rating:

    rating = 1500 + SCALE · (mean share − predicted share)

Paste the printed table into ``WEIGHTS``, regenerate the bank (``make puzzles``) and read the
correlation in ``dou14 puzzles stats``.

    python tools/fit_difficulty.py [--count 600]
"""

from __future__ import annotations

import argparse
import json

import numpy as np

from trainer.puzzles.bank import generate
from trainer.puzzles.model import PuzzleKind
from trainer.puzzles.solvers import solve_rate

SCALE = 800.0
SAMPLE_SEED = 99


def fit(kind: PuzzleKind, count: int) -> dict[str, float]:
    puzzles, _ = generate(kind, count, SAMPLE_SEED)
    names = sorted(puzzles[0].features)
    features = np.array([[p.features[n] for n in names] for p in puzzles])
    rates = np.array([solve_rate(p) for p in puzzles])
    design = np.column_stack([np.ones(len(puzzles)), features])
    beta, *_ = np.linalg.lstsq(design, rates, rcond=None)
    weights = {"base": round(1500.0 + SCALE * (rates.mean() - beta[0]), 1)}
    weights.update({name: round(-SCALE * b, 1) for name, b in zip(names, beta[1:], strict=True)})
    return weights


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--count", type=int, default=600)
    args = parser.parse_args()
    table = {kind.value: fit(kind, args.count if kind is PuzzleKind.WIN else args.count // 3)
             for kind in PuzzleKind}
    print(json.dumps(table, indent=4))


if __name__ == "__main__":
    main()
