"""Seeded random positions for tests, benchmarks and puzzle generation.

Random hands almost never combine, so a plain shuffle flatters any check; these positions are
built from 14-pairs (R-PAIR14) and then, with some probability, spoiled by one card, so most are
complete or one card away. Every position respects the deck (R-DECK) and the concealed-count
invariant of a real hand: 7 − 2 × (sets and chi pairs laid) while waiting (R-DEAL, R-PARITY),
and no chi beside 接地 — each passes ``trainer.engine.reachability`` (tested).
"""

from __future__ import annotations

import random

from trainer.engine import partners_of
from trainer.engine.cards import JOKER, Card, deck
from trainer.engine.melds import Meld, MeldKind
from trainer.engine.position import Position
from trainer.engine.rules import DEFAULT_RULES, RuleSet, Scoring
from trainer.engine.sources import Source


def take_pair(rng: random.Random, pool: list[Card]) -> tuple[Card, Card] | None:
    """Two cards of ``pool`` that make 14 (R-PAIR14), taken out of it at random; None when
    no two do."""
    ranked = [card for card in pool if card.rank is not None]
    rng.shuffle(ranked)
    for card in ranked:
        partners = partners_of(card, ranked)
        if partners:
            partner = rng.choice(partners)
            pool.remove(card)
            pool.remove(partner)
            return card, partner
    return None


def _take_set(rng: random.Random, pool: list[Card], size: int) -> tuple[Card, ...] | None:
    by_rank: dict[int | None, list[Card]] = {}
    for card in pool:
        by_rank.setdefault(card.rank, []).append(card)
    ranks = [rank for rank, cards in by_rank.items() if len(cards) >= size]
    if not ranks:
        return None
    rank = rng.choice(sorted(ranks, key=lambda r: r or 0))
    chosen = rng.sample(by_rank[rank], size)
    for card in chosen:
        pool.remove(card)
    return tuple(chosen)


def random_position(rng: random.Random, rules: RuleSet = DEFAULT_RULES, *,
                    with_card: bool = True, spoil: float = 0.35,
                    joker_in_hand: float = 0.05) -> Position:
    """A seeded position. ``with_card=False`` gives a waiting hand (for waits). With probability
    ``spoil`` one concealed card is swapped for a random one (a near miss)."""
    pool = deck(rules.jokers)
    rng.shuffle(pool)
    melds: list[Meld] = []
    for _ in range(rng.choice((0, 0, 1, 1, 2, 3))):
        kind = rng.choice((MeldKind.CHI, MeldKind.CHI, MeldKind.PONG, MeldKind.PONG,
                           MeldKind.KONG))
        cards: tuple[Card, ...] | None
        cards = take_pair(rng, pool) if kind is MeldKind.CHI else _take_set(
            rng, pool, 3 if kind is MeldKind.PONG else 4)
        if cards is not None:
            melds.append(Meld(kind, cards))
    for _ in range(rng.choice((0, 0, 0, 1, 1, 2))):
        if JOKER in pool:
            pool.remove(JOKER)
            melds.append(Meld(MeldKind.JOKER, (JOKER,)))
    concealed_size = 7 - 2 * sum(1 for meld in melds if meld.kind is not MeldKind.JOKER)
    combined: list[Card] = []
    while len(combined) < concealed_size + 1:
        pair = take_pair(rng, pool)
        if pair is None:
            break
        combined.extend(pair)
    rng.shuffle(combined)
    if rng.random() < spoil and pool:
        index = rng.randrange(len(combined))
        replacement = rng.choice(pool)
        pool.remove(replacement)
        pool.append(combined[index])
        combined[index] = replacement
    if rng.random() < joker_in_hand and JOKER in pool:
        pool.remove(JOKER)
        combined[rng.randrange(len(combined))] = JOKER
    if with_card:
        card = combined.pop()
        source = Source.FLIP if rng.random() < 1 / 3 else Source.DISCARD
        # 接地 only on a discard and never beside a chi: none exists before the first discard.
        no_chi = all(meld.kind is not MeldKind.CHI for meld in melds)
        first = source is Source.DISCARD and no_chi and rng.random() < 0.05
        return Position(tuple(combined), tuple(melds), card, source, first, rules)
    combined.pop()
    return Position(tuple(combined), tuple(melds), None, None, False, rules)


def random_rules(rng: random.Random) -> RuleSet:
    """A random house-rule set among docs/rules.md's options."""
    scoring: Scoring = "ladder" if rng.random() < 0.5 else "doubling"
    return RuleSet(players=rng.choice((3, 4)), jokers=rng.choice((2, 4, 6)),
                   scoring=scoring)
