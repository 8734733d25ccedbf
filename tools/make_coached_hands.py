"""Mine the hands of the 跟教练打一把 stage: real hands (heuristic bots, the coach's search in seat 0
playing its best at 192 deals per option) that the coach won, with at least ``--decisions``
decisions of its own to play, each priced at the same budget (:mod:`trainer.coach.coached_hands`)
— so every move the hand goes on with is the best the coach found there. Writes
``trainer/data/coach/coached_hands.jsonl``, one hand per line.

    python tools/make_coached_hands.py [--hands 12] [--seed 2028] [--decisions 6]
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from trainer.coach.coached_hands import play, price  # noqa: E402
from trainer.engine.rules import DEFAULT_RULES  # noqa: E402


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--hands", type=int, default=12)
    parser.add_argument("--seed", type=int, default=2028)
    parser.add_argument("--decisions", type=int, default=6)
    args = parser.parse_args()
    out = ROOT / "trainer" / "data" / "coach" / "coached_hands.jsonl"
    started = time.monotonic()
    lines: list[str] = []
    seed = args.seed
    while len(lines) < args.hands:
        replay = play(seed, DEFAULT_RULES)
        seed += 1
        if replay is None:
            continue
        hand = price(replay, 0)
        if len(hand.decisions) >= args.decisions and hand.played_best:
            lines.append(hand.dumps())
            print(f"{len(lines)} hands (seed {seed - 1}, {len(hand.decisions)} decisions), "
                  f"{time.monotonic() - started:.0f} s", file=sys.stderr, flush=True)
    out.write_text("".join(line + "\n" for line in lines), encoding="utf-8")
    print(f"{len(lines)} hands in {time.monotonic() - started:.0f} s -> {out}")


if __name__ == "__main__":
    main()
