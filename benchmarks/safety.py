"""Safe-discard analysis per position (exact counts; with the sampled joint risk) and puzzle
mining per second (accepted puzzles, with candidates rejected per accepted one), on fixed seeds.
Run by ``make bench``. Target: the whole shipped bank regenerates in under 10 minutes on one
core."""

from __future__ import annotations

import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from trainer.analysis import counting
from trainer.analysis.chance import SAMPLES, deal_in_chances
from trainer.analysis.counting import hidden_analysis, open_analysis
from trainer.analysis.table import SafetyTable, table_from_view
from trainer.bots import HeuristicBot
from trainer.engine.game.hand_parts import Phase
from trainer.engine.game.state import HandState
from trainer.engine.game.view import view_of
from trainer.puzzles.bank import generate
from trainer.puzzles.model import PuzzleKind


def tables(count: int) -> list[tuple[SafetyTable, SafetyTable]]:
    found = []
    seed = 0
    bot = HeuristicBot()
    while len(found) < count:
        state = HandState.deal(seed)
        rng = random.Random(seed)
        seed += 1
        while not state.over:
            if state.phase is Phase.DISCARD and state.dealer_discarded and state.may_lay_down:
                view = view_of(state, state.to_act)
                found.append((table_from_view(view, first_discard=False),
                              table_from_view(view, open_hands=state.hands, first_discard=False)))
                break
            state.apply(bot.choose(view_of(state, state.to_act), rng))
    return found


def timed(label: str, count: int, work: object) -> None:
    start = time.perf_counter()
    work()  # type: ignore[operator]
    elapsed = time.perf_counter() - start
    print(f"  {label:<44} {count / elapsed:>8,.0f} /s   {elapsed / count * 1000:7.2f} ms each")


def decision_reads(sample: list[tuple[SafetyTable, SafetyTable]]) -> None:
    """A Play decision read whole: every candidate's chance (the play model, proofs included),
    as the badges and hints ask it; target ≤ 50 ms median, ≤ 150 ms p95."""
    times = []
    for hidden, _ in sample:
        counting._combining_hands_cached.cache_clear()
        start = time.perf_counter()
        deal_in_chances(hidden)
        times.append(time.perf_counter() - start)
    times.sort()
    print(f"  one decision's chances (play model, {SAMPLES:,} deals)   median "
          f"{times[len(times) // 2] * 1000:.1f} ms, p95 {times[int(len(times) * 0.95)] * 1000:.1f} ms")


def main() -> None:
    sample = tables(200)
    print("safe-discard analysis per position (after a pong, kong or flipped joker):")
    timed("open hands (every candidate)", len(sample),
          lambda: [open_analysis(t[1], c) for t in sample for c in t[1].candidates()])

    def counts_cold() -> None:
        for hidden, _ in sample:
            counting._combining_hands_cached.cache_clear()
            hidden_analysis(hidden, samples=0)

    timed("hidden hands, exact counts (cold cache)", len(sample), counts_cold)
    timed("hidden hands, + joint risk (1,000 deals)", 50,
          lambda: [hidden_analysis(t[0], samples=1000) for t in sample[:50]])
    decision_reads(sample)
    print("puzzle mining from simulated hands (seeds fixed):")
    for kind, count in ((PuzzleKind.WIN, 600), (PuzzleKind.SAFE_SET, 300),
                        (PuzzleKind.LEAST_RISK, 100)):
        _, report = generate(kind, count, 1)
        print("  " + report.line())


if __name__ == "__main__":
    main()
