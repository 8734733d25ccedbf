"""“Which discard is safe?” puzzles (R-SAFE, R-PUBLIC, R-PRIORITY, R-PAY), from simulated hands
where the player has just ponged, konged or flipped a joker and must discard."""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any

from trainer.analysis.safety import (
    SafetyTable,
    deal_in_count,
    hidden_analysis,
    open_analysis,
    table_from_view,
)
from trainer.bots import HeuristicBot, RandomBot
from trainer.bots.base import Bot
from trainer.engine.game.state import HandState, Phase
from trainer.engine.game.view import view_of
from trainer.engine.rules import RuleSet
from trainer.i18n import LANGUAGES, render, t
from trainer.puzzles.model import Puzzle, initial_rating


def _question(level: str) -> dict[str, str]:
    return {lang: t(f"puzzle.safe_question_{level}", lang) for lang in LANGUAGES}


def build(table: SafetyTable, level: str, source: str) -> Puzzle | None:
    """The puzzle of ``table`` at ``level`` (``open`` or ``hidden``), or None when it has no
    safe or no dangerous candidate (then it teaches nothing)."""
    candidates = table.candidates()
    risks: dict[str, Any] = {}
    explanation: dict[str, list[str]] = {lang: [] for lang in LANGUAGES}
    safe: list[str] = []
    if level == "open":
        for card in candidates:
            analysis = open_analysis(table, card)
            if analysis.safe:
                safe.append(str(card))
            first = analysis.deal_in
            risks[str(card)] = None if first is None else {
                "seat": first.seat, "fan": first.verdict.fan,
                "points": first.verdict.share * (table.rules.players - 1)}
            for lang in LANGUAGES:
                explanation[lang].extend(render(m, lang) for m in analysis.messages())
    else:
        unseen = table.unseen()
        if not any(all(deal_in_count(table, other, card, unseen).provably_safe
                       for other in table.opponents()) for card in candidates):
            return None  # nothing provably safe: not a puzzle (cheap early exit)
        for result in hidden_analysis(table, samples=0):
            name = str(result.card)
            if result.provably_safe:
                safe.append(name)
            risks[name] = {str(c.opponent): f"{c.winning}/{c.total}" for c in result.counts}
            for lang in LANGUAGES:
                explanation[lang].extend(render(m, lang) for m in result.certificates)
    if not safe or len(safe) == len(candidates):
        return None
    themes = ["safe-discard", level]
    rules = ["R-SAFE", "R-PUBLIC", "R-PAIR14", "R-WIN"]
    if level == "hidden":
        reasons = {line for line in explanation["en"]}
        if any("are visible, so" in line for line in reasons):
            themes.append("complement-exhausted")
        if any("reddest hand" in line for line in reasons):
            themes.append("red-unreachable")
    else:
        rules.extend(["R-PRIORITY", "R-PAY"])
    answer = {"safe": [str(c) for c in candidates if str(c) in safe],
              "candidates": [str(c) for c in candidates], "risk": risks}
    opponents = [table.hand_sizes[o] for o in table.opponents()]
    estimate = 1100 + 40 * len(candidates) + (200 if level == "hidden" else 0) \
        - 15 * sum(opponents) + 60 * (len(candidates) - len(safe) == 1)
    difficulty = {"estimate": float(estimate),
                  "features": {"candidates": len(candidates), "safe": len(safe),
                               "opponent_cards": opponents, "level": level}}
    return Puzzle("safe", level, table.to_json(), _question(level), answer, explanation,
                  tuple(themes), tuple(rules), difficulty, source, initial_rating(estimate))


def _decision_points(rng: random.Random, rules: RuleSet) -> Iterator[tuple[HandState, int]]:
    """Play a seeded hand with a mix of bots; yield each moment a player has just taken a stock
    card after a pong, kong or flipped joker and must discard."""
    bots: list[Bot] = [HeuristicBot() if rng.random() < 0.7 else RandomBot()
                       for _ in range(rules.players)]
    state = HandState.deal(rng.getrandbits(40), rules)
    while not state.over:
        seat = state.to_act
        if state.phase is Phase.DISCARD and state.may_lay_down and state.dealer_discarded:
            yield state, seat
        state.apply(bots[seat].choose(view_of(state, seat), rng))


def generate(count: int, seed: int, level: str | None = None,
             rules: RuleSet | None = None) -> Iterator[Puzzle]:
    """Safe-discard puzzles from simulated hands; ``level`` None alternates open and hidden;
    ``rules`` None mixes four- and three-player tables."""
    rng = random.Random(seed)
    seen: set[str] = set()
    made = 0
    turn = 0
    fixed_rules = rules
    while made < count:
        rules = fixed_rules or (RuleSet(players=3) if rng.random() < 0.2 else RuleSet())
        for state, seat in _decision_points(rng, rules):
            want = level or ("open" if turn % 2 == 0 else "hidden")
            view = view_of(state, seat)
            hands = [tuple(h) for h in state.hands] if want == "open" else None
            table = table_from_view(view, open_hands=hands, first_discard=False)
            puzzle = build(table, want, "simulated")
            if puzzle is None or puzzle.id in seen:
                continue
            seen.add(puzzle.id)
            turn += 1
            made += 1
            yield puzzle
            if made >= count:
                return
