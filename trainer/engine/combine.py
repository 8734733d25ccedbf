"""The 14-pair combination (R-PAIR14, R-SET, R-WIN condition 1).

Concealed cards are combined when they split wholly into pairs whose ranks sum to 14. Jokers
never join a pair, and a concealed triple is no set, so each of its cards needs its own partner.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from trainer.engine.cards import Card


def rank_counts(cards: Iterable[Card]) -> list[int]:
    """``counts[r]`` for ranks 1..13; ``counts[0]`` counts jokers."""
    counts = [0] * 15
    for card in cards:
        counts[card.rank or 0] += 1
    return counts


def counts_combined(counts: Sequence[int]) -> bool:
    """True when ranks balance: ``counts[r] == counts[14 - r]`` and an even number of 7s, no
    jokers (R-PAIR14)."""
    return (
        counts[0] == 0
        and counts[1] == counts[13]
        and counts[2] == counts[12]
        and counts[3] == counts[11]
        and counts[4] == counts[10]
        and counts[5] == counts[9]
        and counts[6] == counts[8]
        and counts[7] % 2 == 0
    )


def is_combined(cards: Iterable[Card]) -> bool:
    """Whether ``cards`` split wholly into 14-pairs (R-PAIR14, R-WIN 1)."""
    return counts_combined(rank_counts(cards))


def split_pairs(cards: Sequence[Card]) -> tuple[tuple[tuple[Card, Card], ...], tuple[Card, ...]]:
    """Pair cards into 14-pairs as far as they go.

    Returns ``(pairs, leftovers)``: each pair is (lower rank, higher rank), sorted; leftovers are
    the cards with no partner (jokers always, R-PAIR14). The first card of ``cards`` is paired
    first when it can be, so a claimed card placed first lands in the first pair.
    """
    by_rank: dict[int, list[Card]] = {}
    leftovers: list[Card] = []
    for card in sorted(cards[1:], key=lambda c: c.index):
        if card.rank is None:
            leftovers.append(card)
        else:
            by_rank.setdefault(card.rank, []).append(card)
    pairs: list[tuple[Card, Card]] = []
    if cards:
        first = cards[0]
        if first.rank is None:
            leftovers.insert(0, first)
        else:
            partners = by_rank.get(14 - first.rank)
            if partners:
                partner = partners.pop(0)
                pairs.append(_ordered(first, partner))
            else:
                by_rank.setdefault(first.rank, []).insert(0, first)
    for rank in range(1, 8):
        low = by_rank.get(rank, [])
        high = by_rank.get(14 - rank, []) if rank != 7 else low
        if rank == 7:
            while len(low) >= 2:
                pairs.append((low.pop(0), low.pop(0)))
            leftovers.extend(low)
            continue
        while low and high:
            pairs.append((low.pop(0), high.pop(0)))
        leftovers.extend(low)
        leftovers.extend(high)
    leftovers.sort(key=lambda c: c.index)
    return tuple(pairs), tuple(leftovers)


def _ordered(a: Card, b: Card) -> tuple[Card, Card]:
    return (a, b) if (a.rank or 0) <= (b.rank or 0) else (b, a)
