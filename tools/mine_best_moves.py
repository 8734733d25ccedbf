"""Mine the "best move" pool from simulated hands (heuristic bots, each decision from its own
view): moments where one discard (with ``--claims``, one answer to an offered card) beats the
next by at least a point with non-overlapping 95% intervals on the coach's search
(:mod:`trainer.coach.best_moves`). Writes ``trainer/data/coach/best_moves.jsonl`` (or
``best_claims.jsonl``; ``_3p`` for three players), one moment per line; the 留哪张 and
吃扯还是不要 stages draw from them.

    python tools/mine_best_moves.py [--hands 240] [--seed 2026] [--players 4] [--claims]
    python tools/mine_best_moves.py --revalue [--players 4] [--claims]
    python tools/mine_best_moves.py --claims --rare --hands 400 --seed 3031

``--rare`` appends to the pool only moments of the claim classes a pool holds few of (a pass
that beats a claim, a choice of two chis: :data:`RARE`) whose best a lesson question explains,
so that a re-ask of such a step finds fresh cards; the lines already there keep their numbers.
The 4-player claim pool's lines from 165 on were appended so (400 hands, seed 3031); lines
189 to 211 are pongs best passed (``pong_pass``), mined the same way from 6,000 hands (seed
7071) with only the moments where a pong is open screened.

``--revalue`` values the pool's moments again by today's search (budget and salt as stored) and
keeps those whose best is still clear, in their order (after a change to the search).
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from trainer.bots import HeuristicBot  # noqa: E402
from trainer.coach.best_moves import BestMove, claim_moments, clear_best, discard_moments, mine, recompute  # noqa: E402
from trainer.engine.rules import DEFAULT_RULES, RuleSet  # noqa: E402
from trainer.lessons.kinds.best_move import explains, move_class  # noqa: E402
from trainer.lessons.table_tasks import TableScene  # noqa: E402

RARE = frozenset({"own_flip_pass", "plain_pass", "pong_pass", "two_chi", "two_chi_pass"})
"""The claim classes (:func:`move_class`) a mined pool holds only a handful of."""


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--hands", type=int, default=240)
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument("--players", type=int, choices=(3, 4), default=4)
    parser.add_argument("--claims", action="store_true",
                        help="moments answering an offered card (chi, pong, pass), not discards")
    parser.add_argument("--revalue", action="store_true",
                        help="value the pool's moments again; keep the clear ones")
    parser.add_argument("--rare", action="store_true",
                        help="with --claims: append only explained moments of the rare classes")
    parser.add_argument("--out", type=Path, default=None,
                        help="default: trainer/data/coach/best_moves.jsonl (best_moves_3p.jsonl "
                             "for 3 players)")
    args = parser.parse_args()
    folder = ROOT / "trainer" / "data" / "coach"
    name = "best_claims" if args.claims else "best_moves"
    out = args.out or folder / (f"{name}.jsonl" if args.players == 4 else f"{name}_3p.jsonl")
    rules = DEFAULT_RULES if args.players == 4 else RuleSet(players=3)
    started = time.monotonic()
    if args.revalue:
        revalue(out)
        return
    lines = []
    for move in mine(args.hands, args.seed, rules,
                     lambda: [HeuristicBot() for _ in range(rules.players)],
                     moments=claim_moments if args.claims else discard_moments):
        if args.rare and not rare(move):
            continue
        lines.append(move.dumps())
        print(f"{len(lines)} moments, {time.monotonic() - started:.0f} s", file=sys.stderr)
    if args.rare:
        lines = out.read_text(encoding="utf-8").splitlines() + lines
    out.write_text("".join(line + "\n" for line in lines), encoding="utf-8")
    print(f"{len(lines)} moments from {args.hands} hands in {time.monotonic() - started:.0f} s "
          f"-> {out}")


def rare(move: BestMove) -> bool:
    """A moment of a :data:`RARE` class whose best the lessons' questions explain
    (:func:`explains`, as a re-ask's draw reads it)."""
    case = move_class(TableScene(move.replay.state_at(), move.seat), move.best.action)
    return case in RARE and explains(move)


def revalue(pool: Path) -> None:
    kept, dropped = [], []
    for number, line in enumerate(pool.read_text(encoding="utf-8").splitlines()):
        move = BestMove.from_json(json.loads(line))
        fresh = BestMove(move.replay, move.seat, recompute(move), move.salt)
        if clear_best(fresh.decision):
            kept.append(fresh.dumps())
        else:
            dropped.append(number)
    pool.write_text("".join(line + "\n" for line in kept), encoding="utf-8")
    print(f"{len(kept)} moments kept, lines {dropped} no longer clear -> {pool}")


if __name__ == "__main__":
    main()
