"""Whole hands per second and actions per second, with random and with heuristic bots, each bot
deciding from its own view (R-PUBLIC), as `dou14 simulate` plays. Run by ``make bench``.
Targets (one core): ≥ 1,000 hands/s with random bots; ≥ 40,000 actions/s (ten times the ~4,000
actions/s of RLCard's mahjong environment with random agents)."""

from __future__ import annotations

import platform
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from trainer.bots import HeuristicBot, RandomBot
from trainer.bots.table import play_hand
from trainer.engine.game.state import HandState


def run(label: str, bots: list[object], hands: int, rounds: int = 3) -> None:
    best = float("inf")
    actions = 0
    for _ in range(rounds):
        actions = 0
        start = time.perf_counter()
        for seed in range(hands):
            state = play_hand(HandState.deal(seed), bots, random.Random(seed))  # type: ignore[arg-type]
            actions += len(state.history)
        best = min(best, time.perf_counter() - start)
    print(f"  {label:<22} {hands / best:>8,.0f} hands/s  {actions / best:>9,.0f} actions/s "
          f"({actions / hands:.1f} actions a hand)")


def main() -> None:
    print(f"whole hands — Python {platform.python_version()} on {platform.machine()}, one core, "
          "best of 3 runs over seeds 0..N-1:")
    run("random bots", [RandomBot()] * 4, 2000)
    run("heuristic bots", [HeuristicBot()] * 4, 1000)
    run("2 heuristic + 2 random", [HeuristicBot(), RandomBot()] * 2, 1000)


if __name__ == "__main__":
    main()
