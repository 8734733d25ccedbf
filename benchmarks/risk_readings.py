"""The three old readings of "how likely does this discard deal in?" beside the one chance, on the
shipped "least risk" bank (R-SAFE, R-READ): ``make bench`` runs it.

Before the one chance, the trainer read a risk three ways: the **sum** over opponents of each
one's chance (puzzles, the review: an upper bound, not a chance), **1 − Π(1 − p)** over
opponents (the hints: as if the opponents' hands were independent), and a **sampled joint**
chance over visible cards only (the analysis page, ``hidden_analysis``). For each bank puzzle
this prints how often each old reading orders the candidates differently from the one chance
(``deal_in_chances``, the play model), and how often it picks a different least-risk card.

    python benchmarks/risk_readings.py [--limit N]   (default: the first 300 puzzles)
"""

from __future__ import annotations

import argparse
import platform
import time
from collections.abc import Callable, Mapping

from trainer.analysis.chance import Model, deal_in_chances
from trainer.analysis.counting import deal_in_count, hidden_analysis
from trainer.analysis.table import SafetyTable
from trainer.engine.cards import Card
from trainer.practice.puzzle_service import bank
from trainer.puzzles.model import PuzzleKind

Reading = Callable[[SafetyTable], Mapping[Card, float]]


def _per_opponent(table: SafetyTable) -> dict[Card, list[float]]:
    unseen = table.unseen()
    return {card: [float(deal_in_count(table, other, card, unseen).probability)
                   for other in table.opponents()] for card in table.candidates()}


def summed(table: SafetyTable) -> dict[Card, float]:
    return {card: sum(ps) for card, ps in _per_opponent(table).items()}


def independent(table: SafetyTable) -> dict[Card, float]:
    result = {}
    for card, ps in _per_opponent(table).items():
        missed = 1.0
        for p in ps:
            missed *= 1 - p
        result[card] = 1 - missed
    return result


def sampled_joint(table: SafetyTable) -> dict[Card, float]:
    return {c.card: c.joint for c in hidden_analysis(table, samples=2000)}


def one_chance(table: SafetyTable) -> dict[Card, float]:
    return {card: c.value for card, c in deal_in_chances(table).items()}


def one_chance_visible(table: SafetyTable) -> dict[Card, float]:
    """The one chance without the passes: what conditioning on the history changes."""
    return {card: c.value for card, c in deal_in_chances(table, model=Model.VISIBLE).items()}


def order(risks: Mapping[Card, float]) -> list[Card]:
    return sorted(risks, key=lambda card: (round(risks[card], 9), card.index))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--limit", type=int, default=300,
                        help="the first N puzzles (0: all; about half a second each)")
    args = parser.parse_args()
    tables = [p.board for p in bank() if p.kind is PuzzleKind.LEAST_RISK
              and isinstance(p.board, SafetyTable)]
    if args.limit:
        tables = tables[:args.limit]
    old: dict[str, Reading] = {"sum over opponents": summed,
                               "1 - prod(1 - p)": independent,
                               "sampled joint, visible only": sampled_joint,
                               "one chance, visible only": one_chance_visible}
    orders = {name: 0 for name in old}
    picks = {name: 0 for name in old}
    start = time.perf_counter()
    for table in tables:
        reference = order(one_chance(table))
        for name, reading in old.items():
            mine = order(reading(table))
            orders[name] += mine != reference
            picks[name] += mine[0] != reference[0]
    seconds = time.perf_counter() - start
    print(f"risk readings on the shipped least-risk bank: {len(tables)} puzzles, "
          f"{seconds:.0f} s ({platform.machine()}, {platform.python_version()})")
    print(f"{'reading':<30}{'orders differently':>20}{'least-risk card differs':>26}")
    for name in old:
        print(f"{name:<30}{orders[name] / len(tables):>19.1%} {picks[name] / len(tables):>25.1%}")


if __name__ == "__main__":
    main()
