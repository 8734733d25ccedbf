"""How often a proof of safety is there to be had (R-SAFE, R-READ): ``make bench`` runs it.

``benchmarks/risk.py`` counts the discards the heuristic bots make that are proven safe, by the
visible cards or by the table's history. Those shares depend on what the bots choose; this says
what they could choose. At each discard of simulated heuristic hands it reads every card the
player may throw and counts the decisions where some card — some card left without a 14-partner
(a single, what a sound discard throws), or any card at all — is proven safe by each kind, and
how often the bot's own discard is. The last line is the ceiling on the proven share that
``risk.py`` reports as (visible + history) / visible: even a bot that threw a card proven by the
history whenever one was there, and otherwise what it throws now, could not pass it.

    python benchmarks/proof_availability.py [--hands 600] [--seed 1]
"""

from __future__ import annotations

import argparse
import platform
import time
from collections import Counter

from trainer.analysis.chance import Model, Proof, deal_in_chances
from trainer.analysis.table import table_from_view
from trainer.bots.table import play_match_hand
from trainer.coach.players import bot_of
from trainer.engine.combine import lacks_partner, rank_counts
from trainer.engine.game.actions import Action, ActionKind
from trainer.engine.game.match import Match
from trainer.engine.game.state import HandState
from trainer.engine.game.view import view_of
from trainer.engine.rules import RuleSet


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=600)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    started = time.perf_counter()
    counts: Counter[str] = Counter()

    def watch(state: HandState, action: Action) -> None:
        if action.kind is not ActionKind.DISCARD:
            return
        table = table_from_view(view_of(state, action.seat))
        proofs = {card: chance.proof for card, chance in
                  deal_in_chances(table, model=Model.HISTORY, samples=256).items()}
        ranks = rank_counts(table.hand)
        singles = [card for card in proofs if lacks_partner(ranks, card.rank)]
        counts["decisions"] += 1
        chosen = proofs[action.cards[0]]
        history_there = False
        for kind in Proof:
            in_singles = any(proofs[card] is kind for card in singles)
            counts[f"single {kind.value}"] += in_singles
            counts[f"any {kind.value}"] += any(proof is kind for proof in proofs.values())
            counts[f"thrown {kind.value}"] += chosen is kind
            history_there |= kind is Proof.HISTORY and in_singles
        # The ceiling: a history-proven single thrown whenever there is one, else as now.
        if history_there:
            counts["ceiling history"] += 1
        elif chosen is Proof.VISIBLE:
            counts["ceiling visible"] += 1

    match = Match(args.seed, RuleSet())
    bots = [bot_of("heuristic")] * 4
    for _ in range(args.hands):
        play_match_hand(match, bots, match.rng, watch)
    n = counts["decisions"]
    print(f"proofs to be had — Python {platform.python_version()} on {platform.machine()}, "
          f"{args.hands} hands, {n} discards, {time.perf_counter() - started:.0f} s")
    for kind in Proof:
        print(f"  {kind.value:8s}: some single proven {counts[f'single {kind.value}'] / n:6.2%}, "
              f"some card proven {counts[f'any {kind.value}'] / n:6.2%}, the bot's discard "
              f"{counts[f'thrown {kind.value}'] / n:6.2%}")
    visible, history = counts["thrown visible"], counts["thrown history"]
    ceiling_v, ceiling_h = counts["ceiling visible"], counts["ceiling history"]
    share = (visible + history) / max(1, visible)
    print(f"  proven share (visible + history) / visible: the bots {share:.2f}x; "
          f"a bot throwing a history-proven single whenever there is one "
          f"{(ceiling_v + ceiling_h) / max(1, ceiling_v):.2f}x")


if __name__ == "__main__":
    main()
