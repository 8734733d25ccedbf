"""``dou14 simulate --duplicate``: every deal played once with the bot under test in each seat
and the baseline bot in the others, so that a bot's points can be set beside the baseline's in
the same seats of the same deals (the cards' luck cancels). One record per hand, carrying
``deal``, ``seed``, ``dealer`` (shared by a deal's hands) and ``bots`` (docs/format.md)."""

from __future__ import annotations

import json
import math
import random
import statistics
from dataclasses import dataclass, field
from typing import IO, Any

from tqdm import tqdm

from trainer.bots.table import play_hand
from trainer.coach.players import bot_of
from trainer.engine.game.state import HandState
from trainer.engine.rules import RuleSet
from trainer.simulate import hand_record

PROGRESS_FROM = 20
"""Deals from which a terminal shows a progress bar."""


@dataclass
class Level:
    """One bot's hands in the seats it played."""

    hands: int = 0
    points: int = 0
    wins: int = 0
    deal_ins: int = 0
    fans: list[int] = field(default_factory=list)

    def add(self, state: HandState, seat: int) -> None:
        result = state.result
        assert result is not None
        self.hands += 1
        self.points += result.payments[seat]
        if result.winner == seat:
            self.wins += 1
            if result.verdict is not None:
                self.fans.append(result.verdict.fan)
        if result.discarder == seat:
            self.deal_ins += 1

    def to_json(self) -> dict[str, Any]:
        hands = max(1, self.hands)
        return {"hands": self.hands, "mean_points": round(self.points / hands, 4),
                "win_rate": round(self.wins / hands, 4),
                "deal_in_rate": round(self.deal_ins / hands, 4),
                "mean_fan": round(statistics.fmean(self.fans), 3) if self.fans else 0.0}


@dataclass
class DuplicateSummary:
    tested: str
    baseline: str
    levels: dict[str, Level]
    differences: list[float] = field(default_factory=list)
    """Per deal: the tested bot's mean points over its seats less the baseline's mean in the
    same seats (the other hands of the deal)."""

    def to_json(self) -> dict[str, Any]:
        n = len(self.differences)
        mean = statistics.fmean(self.differences) if n else 0.0
        error = statistics.stdev(self.differences) / math.sqrt(n) if n > 1 else 0.0
        return {"deals": n, "tested": self.tested, "baseline": self.baseline,
                "difference": round(mean, 4),
                "interval95": [round(mean - 1.96 * error, 4), round(mean + 1.96 * error, 4)],
                "levels": {name: level.to_json() for name, level in self.levels.items()}}

    def lines(self) -> list[str]:
        data = self.to_json()
        low, high = data["interval95"]
        out = [f"{data['deals']} deals, each played with {self.tested} in every seat: "
               f"{self.tested} − {self.baseline} in the same seats {data['difference']:+.3f} "
               f"points per hand (95% {low:+.3f} … {high:+.3f})"]
        for name, level in data["levels"].items():
            out.append(f"  {name}: {level['hands']} hands, {level['mean_points']:+.3f} points, "
                       f"wins {level['win_rate']:.1%}, deal-ins {level['deal_in_rate']:.1%}, "
                       f"mean fan {level['mean_fan']}")
        return out


def simulate_duplicate(deals: int, seed: int, tested: str, baseline: str, rules: RuleSet,
                       jsonl: IO[str] | None = None, progress: bool = True) -> DuplicateSummary:
    """Play ``deals`` deals, each ``rules.players`` times (see the module)."""
    players = rules.players
    rng = random.Random(seed)
    summary = DuplicateSummary(tested, baseline, {tested: Level(), baseline: Level()})
    test_bot, base_bot = bot_of(tested), bot_of(baseline)
    for deal in tqdm(range(deals), disable=not progress or deals < PROGRESS_FROM, unit="deal",
                     desc="simulating", leave=False):
        deal_seed = rng.getrandbits(63)
        paid: list[tuple[int, ...]] = []
        for seat in range(players):
            bots = [test_bot if other == seat else base_bot for other in range(players)]
            state = play_hand(HandState.deal(deal_seed, rules), bots, random.Random(deal_seed))
            assert state.result is not None
            paid.append(state.result.payments)
            for other in range(players):
                summary.levels[tested if other == seat else baseline].add(state, other)
            if jsonl is not None:
                record = hand_record(deal * players + seat, state)
                record.update(deal=deal, bots=[tested if other == seat else baseline
                                               for other in range(players)])
                jsonl.write(json.dumps(record, ensure_ascii=False) + "\n")
        test_points = statistics.fmean(paid[seat][seat] for seat in range(players))
        base_points = statistics.fmean(paid[j][seat] for seat in range(players)
                                       for j in range(players) if j != seat)
        summary.differences.append(test_points - base_points)
    return summary
