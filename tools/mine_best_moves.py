"""Mine the "best move" pool from simulated hands (heuristic bots, each decision from its own
view): moments where one discard beats the next by at least a point with non-overlapping 95%
intervals on the coach's search (:mod:`trainer.coach.best_moves`). Writes
``trainer/data/coach/best_moves.jsonl``, one moment per line; the 留哪张 lesson draws from it.

    python tools/mine_best_moves.py [--hands 240] [--seed 2026] [--players 4]
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from trainer.bots import HeuristicBot  # noqa: E402
from trainer.coach.best_moves import mine  # noqa: E402
from trainer.engine.rules import DEFAULT_RULES, RuleSet  # noqa: E402


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--hands", type=int, default=240)
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument("--players", type=int, choices=(3, 4), default=4)
    parser.add_argument("--out", type=Path, default=None,
                        help="default: trainer/data/coach/best_moves.jsonl (best_moves_3p.jsonl "
                             "for 3 players)")
    args = parser.parse_args()
    folder = ROOT / "trainer" / "data" / "coach"
    out = args.out or folder / ("best_moves.jsonl" if args.players == 4 else "best_moves_3p.jsonl")
    rules = DEFAULT_RULES if args.players == 4 else RuleSet(players=3)
    started = time.monotonic()
    lines = []
    for move in mine(args.hands, args.seed, rules,
                     lambda: [HeuristicBot() for _ in range(rules.players)]):
        lines.append(move.dumps())
        print(f"{len(lines)} moments, {time.monotonic() - started:.0f} s", file=sys.stderr)
    out.write_text("".join(line + "\n" for line in lines), encoding="utf-8")
    print(f"{len(lines)} moments from {args.hands} hands in {time.monotonic() - started:.0f} s "
          f"-> {out}")


if __name__ == "__main__":
    main()
