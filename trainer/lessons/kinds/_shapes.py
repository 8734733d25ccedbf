"""Fresh hands of a step's own shape (issue 31): the same kinds of laid sets — a chi and a pong,
a joker laid singly, a joker pong — with new ranks and cards, so that a variant of "count the
red of your hand and the sets you laid" or "how many fan with a pong and a kong" asks about the
same sets. Every hand keeps the concealed count of a real one (R-PARITY: 7 − 2·s while waiting)
and the deck (R-DECK); no chi stands beside 接地 (R-SPECIAL)."""

from __future__ import annotations

import random
from collections.abc import Sequence

from trainer.content.sampling import take_pair
from trainer.engine import JOKER, Card, Meld, Position, Relation, RuleSet
from trainer.engine.cards import deck
from trainer.engine.melds import MeldKind
from trainer.engine.reachability import Moment, concealed_count
from trainer.engine.sources import Source

Shape = tuple[str, ...]
"""The laid sets of a hand by kind, sorted: ``("chi", "joker", "pong")``; a set of jokers is
``joker_pong`` or ``joker_kong``."""


def shape_of(melds: Sequence[Meld]) -> Shape:
    return tuple(sorted(f"joker_{m.kind.value}" if m.is_joker_set else m.kind.value
                        for m in melds))


def _take_set(rng: random.Random, pool: list[Card], size: int, *, jokers: bool) -> \
        tuple[Card, ...] | None:
    if jokers:
        found = [card for card in pool if card.is_joker][:size]
    else:
        ranks = sorted({c.rank for c in pool if c.rank is not None
                        and sum(1 for d in pool if d.rank == c.rank) >= size})
        if not ranks:
            return None
        rank = rng.choice(ranks)
        found = rng.sample([c for c in pool if c.rank == rank], size)
    if len(found) < size:
        return None
    for card in found:
        pool.remove(card)
    return tuple(found)


def melds_of_shape(rng: random.Random, shape: Shape, pool: list[Card]) -> tuple[Meld, ...] | None:
    """Laid sets of ``shape`` drawn from ``pool`` (taken out of it), or None when it runs dry."""
    melds = []
    for item in shape:
        jokers = item.startswith("joker_")
        kind = MeldKind(item.removeprefix("joker_"))
        if kind is MeldKind.JOKER:
            if JOKER not in pool:
                return None
            pool.remove(JOKER)
            melds.append(Meld(kind, (JOKER,)))
            continue
        cards = take_pair(rng, pool) if kind is MeldKind.CHI else \
            _take_set(rng, pool, 3 if kind is MeldKind.PONG else 4, jokers=jokers)
        if cards is None:
            return None
        melds.append(Meld(kind, cards))
    rng.shuffle(melds)
    return tuple(melds)


def waiting_like(rng: random.Random, shape: Shape, rules: RuleSet) -> Position:
    """A waiting hand with laid sets of ``shape`` and random concealed cards (no joker): a hand
    whose red is to be counted."""
    pool, melds = _dealt_with(rng, shape, rules)
    size = concealed_count(Moment.WAITING, melds)
    hand = [card for card in pool if not card.is_joker][:size]
    return Position(tuple(hand), melds, rules=rules)


def _dealt_with(rng: random.Random, shape: Shape, rules: RuleSet) -> tuple[list[Card],
                                                                           tuple[Meld, ...]]:
    """A shuffled deck with laid sets of ``shape`` taken out of it (dealt again until the sets
    can be made)."""
    while True:
        pool = deck(rules.jokers)
        rng.shuffle(pool)
        melds = melds_of_shape(rng, shape, pool)
        if melds is not None:
            return pool, melds


def winning_like(rng: random.Random, shape: Shape, rules: RuleSet, *, source: Source,
                 first: bool, origin: Relation) -> Position:
    """A hand with laid sets of ``shape`` whose concealed cards and the card on offer split into
    14-pairs, the card offered as the step's was (discarded or flipped, by whom, 接地 or not);
    whether it wins — the red, the specials — is the caller's to check."""
    while True:
        pool, melds = _dealt_with(rng, shape, rules)
        size = concealed_count(Moment.WAITING, melds) + 1
        combined: list[Card] = []
        while len(combined) < size:
            pair = take_pair(rng, pool)
            if pair is None:
                break
            combined.extend(pair)
        if len(combined) < size:
            continue
        rng.shuffle(combined)
        card = combined.pop()
        return Position(tuple(combined), melds, card, source, first, rules, origin)
