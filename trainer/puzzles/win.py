"""“Can you win on this card?” puzzles (R-WIN, R-SPECIAL, R-FAN, R-SCORE, R-PAY)."""

from __future__ import annotations

import random
from collections.abc import Iterator

from trainer.content.sampling import random_position
from trainer.engine import Position, RuleSet, verdict
from trainer.engine.cards import ALL_CARDS, Card
from trainer.i18n import LANGUAGES, explain, t
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
    explanation = {lang: explain(judged, lang) for lang in LANGUAGES}
    estimate = difficulty(position)
    return Puzzle("win", "open", position.to_json(), dict(QUESTION), answer, explanation,
                  tuple(themes), tuple(dict.fromkeys(rules)), estimate, source,
                  initial_rating(float(estimate["estimate"])))  # type: ignore[arg-type]


TARGETS = ("near-miss", "colour-matters", "concealed-triple", "joker-in-hand", "special-win",
           "all-red", "all-black", "jiedi", "three-players", "wins", "not-combined", "fan",
           "simulated")


def generate(count: int, seed: int) -> Iterator[Puzzle]:
    """Puzzles from simulated hands (each moment a player could claim a card) and from targeted
    constructions, with quotas per theme so every kind of trap appears: near misses on red, the
    right rank in the wrong colour, concealed triples, jokers in hand, 全红/全黑 with low red, 接地,
    three-player tables."""
    rng = random.Random(seed)
    seen: set[str] = set()
    made = 0
    quota = dict.fromkeys(TARGETS, 0)
    simulated = _simulated_positions(rng)
    while made < count:
        want = min(quota, key=quota.__getitem__)
        if want == "simulated":
            position, source = next(simulated), "simulated"
        else:
            position, source = _constructed(rng, want), "constructed"
        puzzle = build(position, source)
        themes = (*puzzle.themes, "simulated") if source == "simulated" else puzzle.themes
        if want not in themes and rng.random() < 0.7:
            continue
        if puzzle.id in seen:
            continue
        seen.add(puzzle.id)
        for theme in themes:
            if theme in quota:
                quota[theme] += 1
        made += 1
        yield puzzle


def _constructed(rng: random.Random, want: str) -> Position:
    rules = RuleSet(players=3) if want == "three-players" or rng.random() < 0.15 else RuleSet()
    if want in ("all-red", "all-black"):
        made = _single_colour(rng, rules, red=want == "all-red")
        if made is not None:
            return made
    position = random_position(rng, rules, spoil=0.5 if want == "not-combined" else 0.25,
                               joker_in_hand=0.3 if want == "joker-in-hand" else 0.03)
    if want == "concealed-triple":
        position = _with_triple(rng, position) or position
    if want == "jiedi" and position.source == "discard":
        position = Position(position.hand, (), position.card, "discard", True, position.rules)
    return position


def _simulated_positions(rng: random.Random) -> Iterator[Position]:
    """Every moment of seeded bot games where a player holds a partner of the card on the table:
    their position facing it (R-WIN)."""
    from trainer.bots import HeuristicBot, RandomBot
    from trainer.engine.game.state import HandState, Phase
    from trainer.engine.game.view import view_of

    while True:
        rules = RuleSet(players=3) if rng.random() < 0.2 else RuleSet()
        bots = [HeuristicBot() if rng.random() < 0.6 else RandomBot()
                for _ in range(rules.players)]
        state = HandState.deal(rng.getrandbits(40), rules)
        while not state.over:
            offer = state.offer
            if state.phase is Phase.CLAIM and offer is not None and offer.card.rank is not None:
                for seat in range(rules.players):
                    if seat == offer.seat:
                        continue
                    hand = state.hands[seat]
                    if any((c.rank or 0) + offer.card.rank == 14 for c in hand) and \
                            rng.random() < 0.5:
                        yield Position(tuple(hand), tuple(state.melds[seat]), offer.card,
                                       "discard" if offer.source == "discard" else "flip",
                                       offer.dealer_first_discard, rules)
            seat = state.to_act
            state.apply(bots[seat].choose(view_of(state, seat), rng))


def _single_colour(rng: random.Random, rules: RuleSet, *, red: bool) -> Position | None:
    """A hand of one colour built from 14-pairs, low in red (A+K, 2+Q, 3+J first): 全红 or 全黑
    must win without the red total (R-SPECIAL)."""
    from trainer.engine.errors import Dou14Error

    colour = [c for c in ALL_CARDS[:52] if c.is_red == red]
    low_first = sorted(colour, key=lambda c: (min(c.rank or 0, 14 - (c.rank or 0)) > 3,
                                              rng.random()))
    cards: list[Card] = []
    for card in low_first:
        if card in cards:
            continue
        partner = next((p for p in colour if (p.rank or 0) + (card.rank or 0) == 14
                        and p != card and p not in cards), None)
        if partner is not None:
            cards.extend((card, partner))
        if len(cards) >= 8:
            break
    rng.shuffle(cards)
    size = rng.choice((3, 5, 7))
    hand = cards[:size]
    claimed = cards[size]
    try:
        return Position(tuple(hand), (), claimed, rng.choice(("discard", "flip")), False, rules)
    except Dou14Error:
        return None


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
