"""``dou14 simulate``: bots play many hands; a summary, and optionally one JSON line per hand with
its replay and, for each win, the winner's final position (docs/format.md) with the engine's verdict."""

from __future__ import annotations

import json
import statistics
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import IO, Any

from tqdm import tqdm

from trainer.analysis.chance import Model, deal_in_chances
from trainer.analysis.table import table_from_view
from trainer.bots.base import Bot
from trainer.bots.table import play_match_hand
from trainer.coach.players import bot_of
from trainer.engine.game.actions import Action, ActionKind
from trainer.engine.game.events import EventKind, EventReason, ResultKind
from trainer.engine.game.match import Match
from trainer.engine.game.replay import Replay
from trainer.engine.game.state import HandState
from trainer.engine.game.view import view_of
from trainer.engine.priority import ClaimKind
from trainer.engine.rules import RuleSet


@dataclass
class Summary:
    hands: int = 0
    kinds: Counter[str] = field(default_factory=Counter)
    deal_ins: int = 0
    fans: list[int] = field(default_factory=list)
    wins_by_seat: Counter[int] = field(default_factory=Counter)
    scores: list[int] = field(default_factory=list)
    bots: list[str] = field(default_factory=list)
    actions: int = 0
    kongs: Counter[str] = field(default_factory=Counter)
    """Kongs made, by how (R-KONG): ``dealt`` (case 1 at once), ``claimed`` (case 2 at once),
    ``drawn`` (case 3, 巴起), ``two_step`` (case 1 or 2 in two steps), ``gathered`` (four
    gathered in play, where the table allows it)."""

    def add(self, state: HandState) -> None:
        result = state.result
        assert result is not None
        self.hands += 1
        self.actions += len(state.history)
        kind: str = result.kind
        if result.verdict is not None and result.kind is ResultKind.WIN:
            kind = "deal_in" if result.discarder is not None else "flip"
            specials = [s.value for s in result.verdict.specials]
            if specials:
                self.kinds.update(f"special:{s}" for s in specials)
            self.fans.append(result.verdict.fan)
            self.deal_ins += result.discarder is not None
        elif result.verdict is not None:
            self.fans.append(result.verdict.fan)
        self.kinds[kind] += 1
        if result.winner is not None:
            self.wins_by_seat[result.winner] += 1
        self.kongs.update(kong_kinds(state))

    def to_json(self) -> dict[str, Any]:
        wins = sum(self.wins_by_seat.values())
        return {
            "hands": self.hands, "wins": wins, "draws": self.kinds["drawn"],
            "by_kind": dict(sorted(self.kinds.items())), "deal_ins": self.deal_ins,
            "average_fan": round(statistics.fmean(self.fans), 3) if self.fans else 0.0,
            "seats": [{"seat": seat, "bot": self.bots[seat], "wins": self.wins_by_seat[seat],
                       "win_rate": round(self.wins_by_seat[seat] / max(1, self.hands), 4),
                       "score": self.scores[seat]} for seat in range(len(self.scores))],
            "actions": self.actions,
            "kongs": {name: self.kongs[name] for name in KONG_KINDS},
        }

    def lines(self) -> list[str]:
        data = self.to_json()
        out = [f"{data['hands']} hands: {data['wins']} wins, {data['draws']} drawn (流局), "
               f"{data['deal_ins']} deal-ins (点炮), average fan {data['average_fan']}"]
        out.append("  by kind: " + ", ".join(f"{k} {v}" for k, v in data["by_kind"].items()))
        out.append("  kongs (杠): " + ", ".join(f"{k} {v}" for k, v in data["kongs"].items()))
        for seat in data["seats"]:
            out.append(f"  seat {seat['seat']} ({seat['bot']}): {seat['wins']} wins "
                       f"({seat['win_rate']:.1%}), score {seat['score']:+d}")
        return out


KONG_KINDS = ("dealt", "claimed", "drawn", "two_step", "gathered")


def kong_kinds(state: HandState) -> list[str]:
    """How each kong of the hand was made (R-KONG), from its events: a kong laid down before the
    first discard is case 1, one laid later a gathered four; a card added to a fresh pong is the
    card drawn (case 3) or a fourth held from before (two steps)."""
    found: list[str] = []
    discarded = False
    for event in state.events:
        if event.kind is EventKind.DISCARD:
            discarded = True
        elif event.kind is EventKind.LAY_DOWN and len(event.cards) == 4:
            found.append("gathered" if discarded else "dealt")
        elif event.kind is EventKind.TAKE and event.claim is ClaimKind.KONG:
            found.append("claimed")
        elif event.kind is EventKind.KONG_DRAWN:
            found.append("drawn" if event.reason is EventReason.DRAWN else "two_step")
    return found


def hand_record(number: int, state: HandState) -> dict[str, Any]:
    result = state.result
    assert result is not None
    record: dict[str, Any] = {
        "hand": number, "seed": state.seed, "dealer": state.dealer, "kind": result.kind,
        "winner": result.winner, "discarder": result.discarder,
        "payments": list(result.payments), "replay": Replay.of(state).to_json(),
    }
    if result.position is not None and result.verdict is not None:
        record["position"] = result.position.to_json()
        record["verdict"] = result.verdict.to_json()
    return record


class RiskRecorder:
    """``dou14 simulate --risk``: one JSON line per discard, the discarder's three readings of
    its chance of dealing in (docs/format.md), computed from their view only."""

    def __init__(self, out: IO[str]) -> None:
        self.out = out
        self.hand = 0

    def __call__(self, state: HandState, action: Action) -> None:
        if action.kind is not ActionKind.DISCARD:
            return
        card = action.cards[0]
        table = table_from_view(view_of(state, action.seat))
        risks = {model: deal_in_chances(table, [card], model=model)[card] for model in Model}
        proof = risks[Model.VISIBLE].proof or risks[Model.HISTORY].proof
        line = {"hand": self.hand, "action": len(state.history), "seat": action.seat,
                "card": str(card), "risk": round(risks[Model.PLAY].value, 6),
                "risk_history": round(risks[Model.HISTORY].value, 6),
                "risk_visible": round(risks[Model.VISIBLE].value, 6),
                "proof": None if proof is None else proof.value}
        self.out.write(json.dumps(line) + "\n")


def simulate(hands: int, seed: int, players: int = 4, bot_names: Sequence[str] = ("heuristic",),
             jsonl: IO[str] | None = None, progress: bool = True,
             rules: RuleSet | None = None, risk: IO[str] | None = None) -> Summary:
    rules = rules or RuleSet(players=players)
    names = list(bot_names)
    names = (names * players)[:players] if len(names) < players else names[:players]
    bots: list[Bot] = [bot_of(name) for name in names]
    match = Match(seed, rules)
    summary = Summary(bots=names)
    recorder = None if risk is None else RiskRecorder(risk)
    for number in tqdm(range(hands), disable=not progress or hands < 200, unit="hand",
                       desc="simulating", leave=False):
        if recorder is not None:
            recorder.hand = number
        state = play_match_hand(match, bots, match.rng, recorder)
        summary.add(state)
        if jsonl is not None:
            jsonl.write(json.dumps(hand_record(number, state), ensure_ascii=False) + "\n")
    summary.scores = list(match.scores)
    return summary
