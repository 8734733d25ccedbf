"""The chance that a discard deals in, written once (R-SAFE, R-READ, R-WIN, R-PRIORITY).

One definition: the chance that **at least one** opponent can win on the card, their concealed
hands dealt *jointly* from the cards the discarder cannot see, and — in the models that read the
table's history — no opponent holding a hand that would have won on a card that passed them
since their hand last changed (R-READ: a player takes every win open to them).

Three models, one function (:func:`deal_in_chances`):

- :attr:`Model.VISIBLE` — the visible cards only, every deal of the unseen cards equally likely;
- :attr:`Model.HISTORY` — the same, less the deals the passes rule out;
- :attr:`Model.PLAY` — the passes, and deals weighted by how players keep their cards: a hand is
  ``exp(-w)`` times less likely for each card in it without a 14-partner (players keep their
  14-pairs and throw the rest), ``w`` growing with the cards played (:func:`pair_weight`), fitted
  on simulated play.

Exact where the deals can be counted (every joint deal enumerated, small tables), otherwise
sampled with its 95% error said; the sample's seed is drawn from the public table alone, so
nothing the discarder cannot see changes any figure. A card proven safe — by the visible cards
(:func:`trainer.analysis.counting.deal_in_count`) or by the history (a card of its rank and colour
passed that opponent) — has chance 0 and says which proof.
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from enum import StrEnum
from functools import cache
from typing import TYPE_CHECKING, Any

from trainer.analysis.counting import deal_in_count
from trainer.analysis.seeds import SEPARATOR, public_seed
from trainer.analysis.table import SafetyTable
from trainer.engine.cards import COLOUR_OF, RANK_OF, RED_OF, Card, partner_rank, red_total
from trainer.engine.melds import Meld

PAIR_WEIGHT = 0.2
"""Model.PLAY: log-weight lost per unpaired card in an opponent's hand at the deal …"""
PAIR_WEIGHT_PER_CARD = 0.03
"""… and more for every card played since (on the table or laid in sets): the longer a hand is
played, the more of its 14-pairs a player has kept. Both fitted on 2,000 simulated hands
(``benchmarks/fit_play_model.py``; seed 11, not the seed ``benchmarks/risk.py`` scores on)."""
PAIR_WEIGHT_AT_MOST = 2.5
EXACT_LIMIT = 20_000
"""Count every joint deal when there are at most this many; sample otherwise."""
SAMPLES = 4096
"""Deals sampled by default (the error bound is said with each figure)."""

if TYPE_CHECKING:
    import numpy as np
    import numpy.typing as npt

    Int = npt.NDArray[np.int64]
    Bool = npt.NDArray[np.bool_]


class Model(StrEnum):
    VISIBLE = "visible"
    HISTORY = "history"
    PLAY = "play"


class Proof(StrEnum):
    """How a card is proven safe against every opponent."""

    VISIBLE = "visible"
    """By the visible cards: no hand consistent with them wins on it (R-SAFE)."""
    HISTORY = "history"
    """By the passes, for at least one opponent the visible cards leave open (R-READ)."""


@dataclass(frozen=True, slots=True)
class Chance:
    """The chance that discarding ``card`` deals in, with its 95% error (0 when exact)."""

    card: Card
    value: float
    error: float
    exact: bool
    proof: Proof | None
    history_proofs: tuple[tuple[int, Card], ...] = ()
    """(opponent, the card that passed them) for each opponent the history proves it safe
    against, when the visible cards alone do not."""

    @property
    def safe(self) -> bool:
        return self.proof is not None


@dataclass
class _Deals:
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


def _deals(table: SafetyTable, samples: int) -> _Deals:
    np, _LOW, _HIGH = _numpy()
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
    return _Deals(counts, needed, red, colour, exact)


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
def _numpy() -> tuple[Any, Int, Int]:
    """numpy, imported when a chance is first counted (the content loads without it), and the
    low and high ranks of the six partner groups (A+K … 6+8)."""
    import numpy

    return (numpy, numpy.arange(1, 7),
            numpy.array([partner_rank(rank) for rank in range(1, 7)]))


def _needed(counts: Int) -> Int:
    """Per deal: the one rank whose card would combine the hand into 14-pairs, −1 for none
    (a concealed joker, or more than one card short) — :func:`trainer.engine.waiting.needed_rank`
    on arrays (R-PAIR14)."""
    np, _LOW, _HIGH = _numpy()
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


def _wins(needed: Int, red: Int, colours: Int, card: Card, threshold: int,
          first_discard: bool) -> Bool:
    """Per deal: does this opponent's hand win on ``card`` (R-WIN, R-SPECIAL)? The same rule as
    :func:`trainer.engine.win_rule.judge`, on arrays (tests check them against each other)."""
    np, _LOW, _HIGH = _numpy()
    rank = RANK_OF[card.index]
    if rank == 0:
        never: Bool = np.zeros(len(red), dtype=np.bool_)
        return never
    combined = needed == rank
    colour = colours | COLOUR_OF[card.index]
    special = (colour == 1) | (colour == 2) | first_discard
    wins: Bool = combined & (special | (red + RED_OF[card.index] >= threshold))
    return wins


def _unpaired(counts: Int) -> Int:
    """Per deal: :func:`trainer.engine.combine.unpaired` of the hand."""
    np, _LOW, _HIGH = _numpy()
    found: Int = counts[:, 0] + counts[:, 7] % 2 + \
        np.abs(counts[:, _LOW] - counts[:, _HIGH]).sum(axis=1)
    return found


def deal_in_chances(table: SafetyTable, cards: Sequence[Card] | None = None, *,
                    model: Model = Model.PLAY, samples: int = SAMPLES,
                    proofs: bool = True) -> dict[Card, Chance]:
    """The chance that each of ``cards`` (default: every candidate) deals in, under ``model``.
    Without ``proofs`` (a bot in a hurry) no card is proven safe: the chance alone is read,
    which a proof would only confirm (0 for a card no consistent deal wins on)."""
    np, _LOW, _HIGH = _numpy()
    cards = list(table.candidates() if cards is None else cards)
    opponents = table.opponents()
    unseen = table.unseen()
    threshold = table.rules.red_threshold
    passes = table.passed if model is not Model.VISIBLE and table.passed is not None else None
    visible_safe = {card: [proofs and deal_in_count(table, other, card, unseen).provably_safe
                           for other in opponents] for card in cards}
    found: dict[Card, Chance] = {}
    open_cards = []
    for card in cards:
        history_cards = tuple(
            (other, twin) for other, safe in zip(opponents, visible_safe[card], strict=True)
            if not safe and passes is not None
            and (twin := history_twin(card, passes[other], table.melds[other])) is not None)
        covered = {other for other, _ in history_cards}
        if proofs and all(safe or other in covered
                          for other, safe in zip(opponents, visible_safe[card], strict=True)):
            proof = Proof.VISIBLE if all(visible_safe[card]) else Proof.HISTORY
            found[card] = Chance(card, 0.0, 0.0, True, proof, history_cards)
        else:
            open_cards.append(card)
    if not open_cards:
        return {card: found[card] for card in cards}
    deals = _deals(table, samples)
    weight = np.ones(len(deals.red[0]), dtype=np.float64)
    for i, other in enumerate(opponents):
        for passed in (passes[other] if passes is not None else ()):
            weight[_wins(deals.needed[i], deals.red[i], deals.colours[i], passed, threshold,
                         False)] = 0.0
    if model is Model.PLAY:
        for counts in deals.counts:
            weight *= np.exp(-pair_weight(table) * _unpaired(counts))
    total = weight.sum()
    if total <= 0:  # the sample holds no deal the history allows: read the visible cards only
        return deal_in_chances(table, cards, model=Model.VISIBLE, samples=samples)
    effective = total * total / float((weight * weight).sum())
    for card in open_cards:
        hit = np.zeros(len(weight), dtype=np.bool_)
        for i in range(len(opponents)):
            if not visible_safe[card][i]:
                hit |= _wins(deals.needed[i], deals.red[i], deals.colours[i], card, threshold,
                             table.first_discard)
        value = float((weight * hit).sum() / total)
        error = 0.0 if deals.exact else 1.96 * math.sqrt(
            max(value * (1 - value), 1 / effective) / effective)
        found[card] = Chance(card, value, error, deals.exact, None)
    return {card: found[card] for card in cards}


def pair_weight(table: SafetyTable) -> float:
    """Model.PLAY's log-weight per unpaired card, by how far the hand has been played."""
    return play_weight(len(table.table_cards) + sum(len(meld.cards) for melds in table.melds
                                                    for meld in melds))


def play_weight(played: int) -> float:
    """Model.PLAY's log-weight per unpaired card with ``played`` cards on the table and in
    sets — the one weight the chance and the coach's deals both read."""
    return min(PAIR_WEIGHT_AT_MOST, PAIR_WEIGHT + PAIR_WEIGHT_PER_CARD * played)


def history_twin(card: Card, passed: Sequence[Card], melds: Sequence[Meld] = ()) -> Card | None:
    """A card that passed an opponent and proves ``card`` safe against them (R-READ), if any.

    Only a card of the same rank can: a hand that wins on ``card`` combines with it, and then
    with no card of another rank. Same rank and colour: the same verdict (the red total and
    全红/全黑 see only rank and colour). A red card of the rank passed and ``card`` is black:
    ``card`` brings less red, so it wins only as 全黑 — impossible once the opponent shows a red
    card laid down."""
    if card.rank is None:
        return None
    same = [p for p in passed if p.rank == card.rank]
    twin = next((p for p in same if p.is_red == card.is_red), None)
    if twin is not None:
        return twin
    if card.is_black and any(c.is_red for meld in melds for c in meld.cards):
        return next((p for p in same if p.is_red), None)
    return None


class Band(StrEnum):
    """How a discard's chance is coloured (R-SAFE): proven safe, or its place within the
    decision's own range — nothing under :data:`NEVER_RISKY` is coloured as risky."""

    SAFE = "safe"
    LOW = "low"
    MID = "mid"
    HIGH = "high"


NEVER_RISKY = 0.01
"""Below this chance a card is coloured low, whatever the others' chances."""


def bands(chances: dict[Card, Chance]) -> dict[Card, Band]:
    """The bands of one decision's candidates, defined once for every page."""
    unsafe = [chance.value for chance in chances.values() if not chance.safe]
    low, high = (min(unsafe), max(unsafe)) if unsafe else (0.0, 0.0)
    found = {}
    for card, chance in chances.items():
        if chance.safe:
            found[card] = Band.SAFE
        elif chance.value < NEVER_RISKY:
            found[card] = Band.LOW
        elif high - low < 1e-9:
            found[card] = Band.LOW if high < 0.02 else Band.MID
        else:
            found[card] = (Band.LOW, Band.MID, Band.HIGH)[
                min(2, int(3 * (chance.value - low) / (high - low)))]
    return found
