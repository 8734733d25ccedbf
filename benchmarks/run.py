"""Engine speed on fixed seeded inputs: ``make bench`` (or ``python benchmarks/run.py``).

Prints verdicts/s, yes-no win tests/s, waits/s and kong checks/s, beside the floor: the simplest
pure-Python check from a card list (count ranks, compare ``count[r]`` with ``count[14-r]``, sum
red). Inputs are built from 14-pairs, so most are complete or one card away (random hands fail
early and flatter any check). Targets: win test ≤ 2× floor, full verdict ≤ 8× floor, waits ≤ 10×
one verdict. Times are the best of several rounds; ratios are what to compare across machines.
"""

from __future__ import annotations

import argparse
import platform
import random
import sys
import time
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from trainer.content.sampling import random_position
from trainer.engine import Card, KongEvent, is_win, kong_eligibility, verdict, waits


def floor_check(concealed: Sequence[Card], laid: Sequence[Card], threshold: int) -> bool:
    """The simplest possible check from a card list."""
    count = [0] * 15
    red = 0
    for card in concealed:
        count[card.rank or 0] += 1
        red += card.red
    for card in laid:
        red += card.red
    if count[0]:
        return False
    for rank in range(1, 7):
        if count[rank] != count[14 - rank]:
            return False
    return count[7] % 2 == 0 and red >= threshold


def best_rate(label: str, items: Sequence[Any], call: Callable[[Any], object],
              rounds: int) -> float:
    best = float("inf")
    for _ in range(rounds):
        start = time.perf_counter()
        for item in items:
            call(item)
        best = min(best, time.perf_counter() - start)
    rate = len(items) / best
    print(f"  {label:<34} {rate:>12,.0f} /s   {best / len(items) * 1e6:8.2f} µs each")
    return rate


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--count", type=int, default=3000)
    parser.add_argument("--rounds", type=int, default=7)
    parser.add_argument("--seed", type=int, default=2026)
    args = parser.parse_args()

    rng = random.Random(args.seed)
    claims = [random_position(rng) for _ in range(args.count)]
    hands = [random_position(rng, with_card=False) for _ in range(args.count)]
    floor_inputs = [((p.card, *p.hand), [c for m in p.melds for c in m.cards],
                     p.rules.red_threshold) for p in claims]
    kong_inputs = []
    for p in hands:
        event = rng.choice([KongEvent.AFTER_DEAL, KongEvent.CLAIM, KongEvent.LATER_DRAW])
        card = None if event is KongEvent.AFTER_DEAL else p.hand[0]
        kong_inputs.append((p.hand[1:], p.melds, event, card))
    complete = sum(verdict(p).combined for p in claims)
    ready = sum(waits(p).ready for p in hands)
    agree = sum(floor_check(*f) == is_win(p) or bool(verdict(p).specials)
                for f, p in zip(floor_inputs, claims, strict=True))

    print(f"dou14 engine benchmark — Python {platform.python_version()} on {platform.machine()}, "
          f"{args.count} positions, seed {args.seed}")
    print(f"  inputs: {complete / len(claims):.0%} of claims combine; "
          f"{ready / len(hands):.0%} of waiting hands are ready; floor agrees on {agree}")
    floor = best_rate("floor (card-list check)", floor_inputs,
                      lambda f: floor_check(*f), args.rounds)
    yes_no = best_rate("is_win (yes/no)", claims, is_win, args.rounds)
    full = best_rate("verdict (split, red, specials, fan)", claims, verdict, args.rounds)
    wait = best_rate("waits", hands, waits, args.rounds)
    kong = best_rate("kong eligibility", kong_inputs, lambda k: kong_eligibility(*k),
                     args.rounds)
    print("ratios (lower is better; targets in brackets):")
    print(f"  is_win  / floor   {floor / yes_no:5.2f}×  [≤ 2]")
    print(f"  verdict / floor   {floor / full:5.2f}×  [≤ 8]")
    print(f"  waits   / verdict {full / wait:5.2f}×  [≤ 10]")
    print(f"  kong checks/s     {kong:,.0f}")


if __name__ == "__main__":
    main()
