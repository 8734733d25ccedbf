"""The coach's speed (issue 29), on this machine, one core:

- play-outs: actions per second of the fast policy playing dealt-again hands to the end (the
  search's inner loop), beside whole hands of heuristic bots reading the table, same run;
- one decision valued at each budget (hint, expert, review): p50 and p95 over decisions of
  simulated hands [hint target p95 ≤ 300 ms];
- the review of a hand: seconds per decision at the review budget, and for 20 decisions
  [target ≤ 20 s].

Run by ``make bench``; ``--decisions N`` to sample more."""

from __future__ import annotations

import argparse
import copy
import platform
import random
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from trainer.bots import HeuristicBot  # noqa: E402
from trainer.coach.deals import deal_again, searchable  # noqa: E402
from trainer.coach.fast_hand import FastHand  # noqa: E402
from trainer.coach.fast_playout import play  # noqa: E402
from trainer.coach.search import BUDGETS, evaluate  # noqa: E402
from trainer.engine.game.state import HandState  # noqa: E402
from trainer.engine.game.view import PlayerView, view_of  # noqa: E402
from trainer.engine.rules import RuleSet  # noqa: E402


def decisions(count: int, seed: int) -> list[PlayerView]:
    """Views at discards with a choice, from simulated hands (at most three per hand)."""
    rng = random.Random(seed)
    found: list[PlayerView] = []
    bot = HeuristicBot()
    while len(found) < count:
        state = HandState.deal(rng.getrandbits(32), RuleSet(), rng.randrange(4))
        taken = 0
        while not state.over and len(found) < count:
            view = view_of(state, state.to_act)
            if taken < 3 and searchable(view) and len(view.legal) > 1 and rng.random() < 0.5:
                found.append(view)
                taken += 1
            state.apply(bot.choose(view, rng))
    return found


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(share * (len(ordered) - 1)))]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--decisions", type=int, default=30)
    parser.add_argument("--seed", type=int, default=3)
    args = parser.parse_args()
    print(f"coach benchmark — {platform.processor() or platform.machine()}, "
          f"Python {platform.python_version()}, one core")
    views = decisions(args.decisions, args.seed)

    rng = random.Random(1)
    actions = 0
    started = time.perf_counter()
    for view in views:
        for _ in range(8):
            hand = FastHand.of(deal_again(view, rng))
            play(hand, random.Random(rng.getrandbits(32)))
            actions += hand.actions
    playout_rate = actions / (time.perf_counter() - started)
    bots = [HeuristicBot()] * 4
    actions = 0
    started = time.perf_counter()
    for number in range(40):
        state = HandState.deal(number, RuleSet(), number % 4)
        while not state.over:
            state.apply(bots[state.to_act].choose(view_of(state, state.to_act), rng))
            actions += 1
    hand_rate = actions / (time.perf_counter() - started)
    print(f"play-outs (fast policy, dealing again included): {playout_rate:,.0f} actions/s; "
          f"whole hands of table-reading bots: {hand_rate:,.0f} actions/s "
          f"(ratio {playout_rate / hand_rate:.1f}x)")

    for name, deals in BUDGETS.items():
        times = []
        for view in views:
            began = time.perf_counter()
            evaluate(copy.copy(view), deals)
            times.append(time.perf_counter() - began)
        print(f"one decision at budget {name} ({deals} deals/option): "
              f"p50 {statistics.median(times) * 1000:.0f} ms, "
              f"p95 {percentile(times, 0.95) * 1000:.0f} ms over {len(times)} decisions")
        if name == "review":
            per = statistics.fmean(times)
            print(f"review: {per:.2f} s per decision on average -> a 20-decision hand "
                  f"{20 * per:.1f} s on one core [target <= 20 s]")


if __name__ == "__main__":
    main()
