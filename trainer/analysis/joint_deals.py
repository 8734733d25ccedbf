"""Joint deals of the cards one player cannot see, as arrays (R-PUBLIC, R-WIN, R-PAIR14).

The unseen cards shared out to the other players' concealed hands — every joint deal when they
can be counted (:data:`EXACT_LIMIT`), else a sample whose seed is drawn from the public table
alone, so that nothing the player cannot see changes it — and, per deal and opponent, what the
win rule reads of the hand: the one rank that would combine it, its red with their sets, the
colours it shows. :mod:`trainer.analysis.chance` weighs these deals into the chance of dealing in.
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from functools import cache
from typing import TYPE_CHECKING, Any

from trainer.analysis.seeds import SEPARATOR, public_seed
from trainer.analysis.table import SafetyTable
from trainer.engine.cards import COLOUR_OF, RANK_OF, RED_OF, Card, partner_rank, red_total

EXACT_LIMIT = 20_000
"""Count every joint deal when there are at most this many; sample otherwise."""

if TYPE_CHECKING:
    import numpy as np
    import numpy.typing as npt

    Int = npt.NDArray[np.int64]
    Bool = npt.NDArray[np.bool_]


@dataclass
class Deals:
    """Joint deals of the unseen cards to the opponents, as arrays: per opponent the rank
    counts of their concealed hand, the one rank that would combine it (−1: none), its red with
    their melds, and the colours it shows with their melds."""

    counts: list[Int]
    needed: list[Int]
    red: list[Int]
    colours: list[Int]
    exact: bool


def _seed(table: SafetyTable) -> int:
    """A seed drawn from the public table alone (the discarder's hand included)."""
    parts = [table.seat, table.rules.players, table.rules.jokers, int(table.first_discard),
             *table.hand_sizes, SEPARATOR, *(card.index for card in table.hand), SEPARATOR,
             *(card.index for card in table.table_cards), SEPARATOR,
             *(card.index for melds in table.melds for meld in melds for card in meld.cards)]
    for passed in table.passed or ():
        parts.extend((SEPARATOR, *(card.index for card in passed)))
    return public_seed(parts)


def _deal_count(pool: int, sizes: Sequence[int]) -> int:
    total = 1
    left = pool
    for size in sizes:
        total *= math.comb(left, size)
        left -= size
    return total


def deal_arrays(table: SafetyTable, samples: int) -> Deals:
    np, _LOW, _HIGH = numpy_parts()
    pool = list(table.unseen().elements())
    opponents = table.opponents()
    sizes = [table.hand_sizes[other] for other in opponents]
    ranks = np.array([RANK_OF[c.index] for c in pool], dtype=np.int64)
    reds = np.array([RED_OF[c.index] for c in pool], dtype=np.int64)
    colours = np.array([COLOUR_OF[c.index] for c in pool], dtype=np.int64)
    exact = _deal_count(len(pool), sizes) <= min(EXACT_LIMIT, 4 * samples)
    if exact:
        rows = []
        for chosen in _joint(list(range(len(pool))), sizes):
            rows.append([i for hand in chosen for i in hand])
        order = np.array(rows, dtype=np.int64).reshape(len(rows), sum(sizes))
    else:
        rng = np.random.default_rng(_seed(table))
        order = np.argsort(rng.random((samples, len(pool))), axis=1)[:, :sum(sizes)]
    counts, needed, red, colour = [], [], [], []
    start = 0
    for other, size in zip(opponents, sizes, strict=True):
        hand = order[:, start:start + size]
        start += size
        counts.append((ranks[hand][:, :, None] == np.arange(15)).sum(axis=1))
        needed.append(_needed(counts[-1]))
        melds = table.melds[other]
        red.append(reds[hand].sum(axis=1) + red_total(melds))
        laid = 0
        for meld in melds:
            for card in meld.cards:
                laid |= COLOUR_OF[card.index]
        colour.append(np.bitwise_or.reduce(colours[hand], axis=1) | laid)
    return Deals(counts, needed, red, colour, exact)


def _joint(indices: list[int], sizes: Sequence[int]) -> Iterator[tuple[tuple[int, ...], ...]]:
    """Every joint deal: one hand of each size, from ``indices``, in order."""
    if not sizes:
        yield ()
        return
    for hand in itertools.combinations(indices, sizes[0]):
        rest = [i for i in indices if i not in hand]
        for others in _joint(rest, sizes[1:]):
            yield (hand, *others)


@cache
def numpy_parts() -> tuple[Any, Int, Int]:
    """numpy, imported when a chance is first counted (the content loads without it), and the
    low and high ranks of the six partner groups (A+K … 6+8)."""
    import numpy

    return (numpy, numpy.arange(1, 7),
            numpy.array([partner_rank(rank) for rank in range(1, 7)]))


def _needed(counts: Int) -> Int:
    """Per deal: the one rank whose card would combine the hand into 14-pairs, −1 for none
    (a concealed joker, or more than one card short) — :func:`trainer.engine.waiting.needed_rank`
    on arrays (R-PAIR14)."""
    np, _LOW, _HIGH = numpy_parts()
    rows = np.arange(len(counts))
    short = counts[:, _LOW] - counts[:, _HIGH]
    off = (short != 0).sum(axis=1)
    group = np.abs(short).argmax(axis=1)
    surplus = short[rows, group]
    single = np.where(surplus == 1, _HIGH[group], _LOW[group])
    odd_seven = counts[:, 7] % 2 == 1
    found: Int = np.where(counts[:, 0] > 0, -1,
                          np.where(odd_seven, np.where(off == 0, 7, -1),
                                   np.where((off == 1) & (np.abs(surplus) == 1), single, -1)))
    return found


def wins_of(needed: Int, red: Int, colours: Int, card: Card, threshold: int,
          first_discard: bool) -> Bool:
    """Per deal: does this opponent's hand win on ``card`` (R-WIN, R-SPECIAL)? The same rule as
    :func:`trainer.engine.win_rule.judge`, on arrays (tests check them against each other)."""
    np, _LOW, _HIGH = numpy_parts()
    rank = RANK_OF[card.index]
    if rank == 0:
        never: Bool = np.zeros(len(red), dtype=np.bool_)
        return never
    combined = needed == rank
    colour = colours | COLOUR_OF[card.index]
    special = (colour == 1) | (colour == 2) | first_discard
    wins: Bool = combined & (special | (red + RED_OF[card.index] >= threshold))
    return wins


def unpaired_of(counts: Int) -> Int:
    """Per deal: :func:`trainer.engine.combine.unpaired` of the hand."""
    np, _LOW, _HIGH = numpy_parts()
    found: Int = counts[:, 0] + counts[:, 7] % 2 + \
        np.abs(counts[:, _LOW] - counts[:, _HIGH]).sum(axis=1)
    return found
