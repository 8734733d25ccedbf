"""Fit the play model (:mod:`trainer.analysis.risk_model`) on simulated hands and write
``trainer/data/risk/model.json`` (docs/format.md).

Heuristic bots play hands under the tables Play offers (most at the default table, the rest at
3 players, 2 and 6 jokers, own flip allowed). At each discard, every card the player may throw is
read against every opponent as the chance reads it (:func:`trainer.analysis.chance.model_rows`:
the two deal readings and what the table shows of that opponent, from the discarder's view
only), and labelled by the opponent's real hand: would they win on it (R-WIN)? Pairs a proof
covers are left out (the chance keeps them at 0). Boosted trees are fitted on those rows
(scikit-learn, the ``fit`` extra: ``pip install -e '.[fit]'``) and written as plain arrays; the
trainer evaluates them with numpy alone. The hands are seeded apart from ``benchmarks/risk.py``'s
(seed 1), which scores the result.

``--bootstrap`` lets the bots read ``Model.PAIRS`` (the reading the model refines) instead of the
model itself, for a first fit when there is no model yet; a refit after it lets the bots play
with the model as they then do.

    python tools/fit_risk_model.py [--hands 6000] [--seed 11] [--bootstrap]
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path
from typing import Any

import numpy as np

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from trainer.analysis.chance import Model, model_rows  # noqa: E402
from trainer.analysis.risk_features import FEATURES  # noqa: E402
from trainer.analysis.table import table_from_view  # noqa: E402
from trainer.bots import HeuristicBot  # noqa: E402
from trainer.bots.table import play_match_hand  # noqa: E402
from trainer.engine.game.actions import Action, ActionKind  # noqa: E402
from trainer.engine.game.match import Match  # noqa: E402
from trainer.engine.game.state import HandState  # noqa: E402
from trainer.engine.game.view import view_of  # noqa: E402
from trainer.engine.rules import RuleSet  # noqa: E402
from trainer.engine.win_rule import claim_wins  # noqa: E402

TABLES = (
    (0.5, RuleSet()),
    (0.15, RuleSet(players=3)),
    (0.1, RuleSet(jokers=2)),
    (0.1, RuleSet(jokers=6)),
    (0.1, RuleSet(win_pong_kong_on_own_flip=True)),
    (0.05, RuleSet(players=3, jokers=6)),
)
"""The share of hands played at each table."""
SAMPLES = 1024
"""Deals per reading while collecting (the bots read 256, the badges 4096)."""


def collect(hands: int, seed: int, rules: RuleSet) -> tuple[list[Any], list[int]]:
    """Feature rows and labels of every discard of ``hands`` hands at ``rules``."""
    match = Match(seed, rules)
    bots = [HeuristicBot()] * rules.players
    found: list[Any] = []
    labels: list[int] = []

    def watch(state: HandState, action: Action) -> None:
        if action.kind is not ActionKind.DISCARD:
            return
        table = table_from_view(view_of(state, action.seat))
        cards, opponents, rows, proven = model_rows(table, SAMPLES)
        row = 0
        for card in cards:
            for other in opponents:
                if not proven[row]:
                    found.append(rows[row])
                    labels.append(int(claim_wins(state.hands[other], state.melds[other], card,
                                                 table.first_discard, rules.red_threshold)))
                row += 1

    for _ in range(hands):
        play_match_hand(match, bots, match.rng, watch)
    return found, labels


def export(fitted: Any) -> dict[str, Any]:
    """The fitted trees as docs/format.md's risk model: per tree its nodes in order,
    ``[feature, threshold, left, right, value]`` (feature −1: a leaf)."""
    trees = []
    for (predictor,) in fitted._predictors:
        nodes = []
        for node in predictor.nodes:
            leaf = bool(node["is_leaf"])
            nodes.append([-1 if leaf else int(node["feature_idx"]),
                          0.0 if leaf else float(node["num_threshold"]),
                          0 if leaf else int(node["left"]), 0 if leaf else int(node["right"]),
                          float(node["value"]) if leaf else 0.0])
        trees.append(nodes)
    return {"features": list(FEATURES), "base": float(np.ravel(fitted._baseline_prediction)[0]),
            "trees": trees}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=6000)
    parser.add_argument("--seed", type=int, default=11)
    parser.add_argument("--bootstrap", action="store_true",
                        help="the bots read Model.PAIRS (a first fit, with no model yet)")
    parser.add_argument("--out", type=Path,
                        default=ROOT / "trainer" / "data" / "risk" / "model.json")
    args = parser.parse_args()
    from sklearn.ensemble import HistGradientBoostingClassifier

    from trainer.analysis.risk_model import TreeModel

    if args.bootstrap:
        HeuristicBot.reading = Model.PAIRS
    started = time.perf_counter()
    rows: list[Any] = []
    labels: list[int] = []
    for n, (share, rules) in enumerate(TABLES):
        found, marks = collect(max(1, round(args.hands * share)), args.seed * 100 + n, rules)
        rows.extend(found)
        labels.extend(marks)
        print(f"  {rules.players} players, {rules.jokers} jokers, own flip "
              f"{rules.win_pong_kong_on_own_flip}: {len(found):,} rows, "
              f"{sum(marks):,} wins", flush=True)
    x, y = np.array(rows), np.array(labels)
    fitted = HistGradientBoostingClassifier(max_leaf_nodes=7, learning_rate=0.1, max_iter=600,
                                            early_stopping=True, validation_fraction=0.1,
                                            random_state=0).fit(x, y)
    data = export(fitted)
    mine = TreeModel.from_json(data).chances(x[:2000])
    theirs = fitted.predict_proba(x[:2000])[:, 1]
    assert np.allclose(mine, theirs, atol=1e-9), "the exported trees differ from the fit"
    args.out.write_text(json.dumps(data, separators=(",", ":")) + "\n", encoding="utf-8")
    print(f"{len(rows):,} rows ({int(y.sum()):,} wins), {fitted.n_iter_} trees, "
          f"{sum(len(t) for t in data['trees']):,} nodes -> {args.out} "
          f"({time.perf_counter() - started:.0f} s)")


if __name__ == "__main__":
    main()
