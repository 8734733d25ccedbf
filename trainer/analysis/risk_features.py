"""What the table shows about one opponent and one card, as numbers for the play model
(R-PUBLIC, R-READ, R-WIN, R-PAIR14, R-RED).

:mod:`trainer.analysis.risk_model` reads these to say how likely an opponent is to win on a card.
Every figure comes from the discarder's view alone — their hand, the sets, the table, the hand
sizes, the passes and every player's discards — and from the two deal readings of
:mod:`trainer.analysis.chance` (uniform deals less those the passes rule out, and the same
weighted by kept 14-pairs). They say what a good player reads off a table:

- how near the opponent is to a win: the concealed cards they hold, the red their sets carry
  against the threshold (R-WIN 2), the sets they made;
- whether the card's partner rank can still be in their hand: how many of that rank are unseen,
  and how many of the card's own rank;
- what their discards tell: a player keeps 14-pairs and red, and throws the rest, so a card of
  the partner rank they threw, or their last discard's red, says what they keep;
- what passed them since their hand last changed (R-READ): a card of the rank that passed and
  was not won on.

The order of :data:`FEATURES` is the model's (docs/format.md, the risk model file).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from typing import TYPE_CHECKING

from trainer.analysis.table import SafetyTable
from trainer.engine.cards import Card, Suit, partner_rank, red_total, red_value
from trainer.engine.melds import MeldKind

if TYPE_CHECKING:
    import numpy as np
    import numpy.typing as npt

    Floats = npt.NDArray[np.float64]

FEATURES: tuple[str, ...] = (
    "p_history", "p_pairs", "players", "jokers", "concealed", "seat_after", "rank", "red",
    "is_red", "partners_unseen", "red_partners_unseen", "rank_unseen", "jokers_unseen",
    "laid_red", "red_short", "passed_same", "passed_rank", "passed", "threw_partner",
    "threw_rank", "discards", "most_red_thrown", "partner_red", "chis", "pongs",
    "shows_red", "stock", "played", "first_discard", "last_red", "last_is_rank",
    "last_is_partner",
)
"""The model's inputs, one row per (opponent, card): see :func:`rows`."""

NONE = -1.0
"""A figure that does not apply (no discard yet)."""


def rows(table: SafetyTable, cards: Sequence[Card], opponents: Sequence[int],
         p_history: Floats, p_pairs: Floats) -> Floats:
    """One row of :data:`FEATURES` per card and opponent, card by card (row ``i × len(opponents)
    + j`` is ``cards[i]`` against ``opponents[j]``). ``p_history[i, j]`` and ``p_pairs[i, j]``
    are that opponent's chance to win on that card under the two deal readings."""
    import numpy

    rules = table.rules
    unseen = table.unseen()
    by_rank: Counter[int] = Counter()
    red_by_rank: Counter[int] = Counter()
    for card, count in unseen.items():
        by_rank[card.rank or 0] += count
        if card.is_red:
            red_by_rank[card.rank or 0] += count
    stock = sum(unseen.values()) - sum(table.hand_sizes[o] for o in opponents)
    played = len(table.table_cards) + sum(len(m.cards) for melds in table.melds for m in melds)
    found = numpy.empty((len(cards) * len(opponents), len(FEATURES)), dtype=numpy.float64)
    row = 0
    for i, card in enumerate(cards):
        rank = card.rank or 0
        partner = partner_rank(rank) if rank else 0
        for j, other in enumerate(opponents):
            melds = table.melds[other]
            laid_red = red_total(melds)
            passed = table.passed[other] if table.passed is not None else ()
            thrown = table.discards[other] if table.discards is not None else ()
            last = thrown[-1] if thrown else None
            found[row] = (
                p_history[i, j], p_pairs[i, j], rules.players, rules.jokers,
                table.hand_sizes[other], (other - table.seat) % rules.players, rank, card.red,
                card.is_red, by_rank[partner], red_by_rank[partner], by_rank[rank], by_rank[0],
                laid_red, rules.red_threshold - laid_red - card.red,
                sum(p.rank == rank and p.is_red == card.is_red for p in passed),
                sum(p.rank == rank for p in passed), len(passed),
                sum(t.rank == partner for t in thrown), sum(t.rank == rank for t in thrown),
                len(thrown), max((t.red for t in thrown), default=NONE),
                _red_of_rank(partner),
                sum(meld.kind is MeldKind.CHI for meld in melds),
                sum(meld.kind in (MeldKind.PONG, MeldKind.KONG) for meld in melds),
                any(c.is_red for meld in melds for c in meld.cards), stock, played,
                table.first_discard,
                NONE if last is None else last.red,
                NONE if last is None else last.rank == rank,
                NONE if last is None else last.rank == partner,
            )
            row += 1
    return found


def _red_of_rank(rank: int) -> int:
    """The red a red card of ``rank`` carries (R-RED), 0 for no rank."""
    return red_value(rank, Suit.HEARTS) if rank else 0
