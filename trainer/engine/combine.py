"""The 14-pair combination (R-PAIR14, R-SET, R-WIN condition 1).

Concealed cards are combined when they split wholly into pairs whose ranks sum to 14. Jokers
never join a pair, and a concealed triple is no set, so each of its cards needs its own partner.
"""

from __future__ import annotations

from bisect import insort
from collections.abc import Iterable, Sequence
from operator import attrgetter

from trainer.engine.cards import Card

_INDEX = attrgetter("index")


def pairs_with(a: Card, b: Card) -> bool:
    """Two ranked cards whose ranks sum to 14 form a 14-pair (R-PAIR14); a joker never does.

    >>> from trainer.engine import parse_card
    >>> pairs_with(parse_card("6h"), parse_card("8s")), pairs_with(parse_card("7h"), parse_card("7d"))
    (True, True)
    >>> pairs_with(parse_card("X"), parse_card("7d"))
    False
    """
    return a.rank is not None and b.rank is not None and a.rank + b.rank == 14


def partners_of(card: Card, cards: Iterable[Card]) -> list[Card]:
    """The cards among ``cards`` that make a 14-pair with ``card`` (never ``card`` itself)."""
    return [other for other in cards if other is not card and other != card
            and pairs_with(card, other)]


def unpaired(counts: Sequence[int]) -> int:
    """How many cards of these rank ``counts`` cannot be paired into 14s as they stand: jokers,
    an odd 7, and each rank's surplus over its partner rank (R-PAIR14). 0 exactly when
    :func:`counts_combined`. The one measure of 14-pair balance (bots, hints, lessons).

    >>> from trainer.engine import parse_cards
    >>> unpaired(rank_counts(parse_cards("6h 8s 7h 7d"))), unpaired(rank_counts(parse_cards("6h 6s 8s X")))
    (0, 2)
    """
    return (counts[0] + counts[7] % 2 + abs(counts[1] - counts[13]) + abs(counts[2] - counts[12])
            + abs(counts[3] - counts[11]) + abs(counts[4] - counts[10])
            + abs(counts[5] - counts[9]) + abs(counts[6] - counts[8]))  # unrolled: every play-out runs it


def lacks_partner(counts: Sequence[int], rank: int | None) -> bool:
    """A card of ``rank`` is one too many for its partner rank in ``counts`` (jokers always):
    it has no partner left to pair with (R-PAIR14)."""
    if rank is None:
        return True
    if rank == 7:
        return counts[7] % 2 == 1
    return counts[rank] > counts[14 - rank]


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


def split_pairs(cards: Sequence[Card], claimed: Card | None = None, *,
                presorted: bool = False) -> tuple[tuple[tuple[Card, Card], ...], tuple[Card, ...]]:
    """Pair cards into 14-pairs as far as they go (R-PAIR14).

    Returns ``(pairs, leftovers)``: each pair is (lower rank, higher rank), pairs by their lower
    card, except that the pair holding ``claimed`` (added to ``cards``) comes first; leftovers are
    the cards with no partner (jokers always), sorted. ``presorted`` says ``cards`` are already
    in sort order. Two pointers from both ends of the sorted cards find a largest pairing, since
    each rank has exactly one partner rank.
    """
    ordered = list(cards) if presorted else sorted(cards, key=_INDEX)
    if claimed is not None:
        insort(ordered, claimed, key=_INDEX)
    pairs: list[tuple[Card, Card]] = []
    leftovers: list[Card] = []
    low = 0
    high = len(ordered) - 1
    while high >= 0 and ordered[high].rank is None:
        leftovers.append(ordered[high])
        high -= 1
    while low < high:
        a = ordered[low]
        b = ordered[high]
        total = (a.rank or 0) + (b.rank or 0)
        if total == 14:
            pairs.append((a, b))
            low += 1
            high -= 1
        elif total < 14:
            leftovers.append(a)
            low += 1
        else:
            leftovers.append(b)
            high -= 1
    if low == high:
        leftovers.append(ordered[low])
    if claimed is not None and pairs and claimed not in pairs[0]:
        for number, pair in enumerate(pairs):
            if claimed in pair:
                pairs.insert(0, pairs.pop(number))
                break
    if len(leftovers) > 1:
        leftovers.sort(key=_INDEX)
    return tuple(pairs), tuple(leftovers)
