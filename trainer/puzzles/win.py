"""“Can you win on this card?” puzzles (R-WIN, R-SPECIAL, R-FAN, R-SCORE, R-PAY)."""

from __future__ import annotations

import random
from collections.abc import Iterator

from trainer.engine import Position, RuleSet, verdict
from trainer.engine.cards import ALL_CARDS
from trainer.engine.sampling import random_position
from trainer.i18n import LANGUAGES, t
from trainer.puzzles.model import Puzzle, initial_rating

QUESTION = {lang: t("puzzle.win_question", lang) for lang in LANGUAGES}


def _themes(position: Position) -> tuple[list[str], list[str]]:
    judged = verdict(position)
    themes: list[str] = []
    rules = ["R-WIN", "R-PAIR14", "R-RED"]
    reason = judged.reason.value
    themes.append({"win": "wins", "red_short": "red-short", "not_combined": "not-combined",
                   "joker_in_hand": "joker-in-hand"}[reason])
    if reason == "red_short" and judged.threshold - judged.red <= 2:
        themes.append("near-miss")
    card = position.card
    if card is not None and judged.combined:
        base = (card.rank or 1) - 1
        others = [ALL_CARDS[base * 4 + k] for k in range(4)]
        own = set(position.all_cards)
        flipped = {verdict(position.with_card(other, position.source,
                                              position.dealer_first_discard)).win
                   for other in others if other not in own or other == card}
        if len(flipped) > 1:
            themes.append("colour-matters")
            rules.append("R-WAIT")
    counts = [0] * 14
    for held in position.hand:
        counts[held.rank or 0] += 1
    if any(c >= 3 for c in counts[1:]):
        themes.append("concealed-triple")
        rules.append("R-SET")
    if judged.specials:
        themes.append("special-win")
        themes.extend(s.value.replace("_", "-") for s in judged.specials)
        rules.append("R-SPECIAL")
    if any(m.kind.value == "kong" for m in position.melds):
        themes.append("kong")
    if position.rules.players == 3:
        themes.append("three-players")
    if judged.win:
        rules.extend(["R-FAN", "R-SCORE", "R-PAY"])
        if judged.fan:
            themes.append("fan")
    return themes, rules


def difficulty(position: Position) -> dict[str, object]:
    """A first estimate from features a learner finds hard; stored with the features so learner
    results can tune it later."""
    judged = verdict(position)
    cards = len(position.all_cards)
    melds = len(position.melds)
    red_gap = abs(judged.red - judged.threshold)
    special = bool(judged.specials)
    triple = any(sum(1 for c in position.hand if c.rank == r) >= 3 for r in range(1, 14))
    joker = any(c.is_joker for c in position.hand)
    estimate = (1000 + 25 * cards + 40 * melds + max(0, 150 - 30 * red_gap) + 150 * special
                + 120 * triple + 60 * (position.rules.players == 3) - 80 * joker)
    features = {"cards": cards, "melds": melds, "red_gap": red_gap, "special": special,
                "triple": triple, "joker": joker, "players": position.rules.players}
    return {"estimate": float(estimate), "features": features}


def build(position: Position, source: str) -> Puzzle:
    """The puzzle of ``position``: everything computed by the engine."""
    judged = verdict(position)
    themes, rules = _themes(position)
    answer = {"win": judged.win, "reason": judged.reason.value, "red": judged.red,
              "fan": judged.fan if judged.win else 0, "share": judged.share if judged.win else 0,
              "payments": judged.payments() if judged.win else [0] * position.rules.players}
    explanation = {lang: judged.explain(lang) for lang in LANGUAGES}
    estimate = difficulty(position)
    return Puzzle("win", "open", position.to_json(), dict(QUESTION), answer, explanation,
                  tuple(themes), tuple(dict.fromkeys(rules)), estimate, source,
                  initial_rating(float(estimate["estimate"])))  # type: ignore[arg-type]


TARGETS = ("near-miss", "colour-matters", "concealed-triple", "joker-in-hand", "special-win",
           "three-players", "wins", "not-combined", "fan")


def generate(count: int, seed: int) -> Iterator[Puzzle]:
    """Puzzles from seeded positions built from 14-pairs (complete or one card off), with quotas
    per theme so every kind of trap appears: near misses on red, the right rank in the wrong
    colour, concealed triples, jokers in hand, 全红/全黑/接地, three-player tables."""
    rng = random.Random(seed)
    seen: set[str] = set()
    made = 0
    quota = {theme: 0 for theme in TARGETS}
    while made < count:
        want = min(quota, key=quota.__getitem__)
        rules = RuleSet(players=3) if want == "three-players" or rng.random() < 0.15 else RuleSet()
        position = random_position(rng, rules, spoil=0.5 if want == "not-combined" else 0.25,
                                   joker_in_hand=0.3 if want == "joker-in-hand" else 0.03)
        if want == "concealed-triple":
            position = _with_triple(rng, position) or position
        puzzle = build(position, "constructed")
        if want not in puzzle.themes and rng.random() < 0.7:
            continue
        if puzzle.id in seen:
            continue
        seen.add(puzzle.id)
        for theme in puzzle.themes:
            if theme in quota:
                quota[theme] += 1
        made += 1
        yield puzzle


def _with_triple(rng: random.Random, position: Position) -> Position | None:
    """Swap cards so the hand holds three of a rank (a concealed triple, R-SET)."""
    from collections import Counter

    from trainer.engine.errors import Dou14Error

    hand = list(position.hand)
    counts = Counter(c.rank for c in hand if c.rank is not None)
    if not counts:
        return None
    rank = rng.choice(sorted(counts))
    used = set(position.all_cards)
    spare = [c for c in ALL_CARDS[:52] if c.rank == rank and c not in used]
    others = [i for i, c in enumerate(hand) if c.rank != rank]
    while counts[rank] < 3 and spare and others:
        hand[others.pop()] = spare.pop()
        counts[rank] += 1
    try:
        return Position(tuple(hand), position.melds, position.card, position.source,
                        position.dealer_first_discard, position.rules)
    except Dou14Error:
        return None
