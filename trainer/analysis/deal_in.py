"""One card against one opponent, counted: the result and its reason (R-SAFE). Written by
:func:`trainer.analysis.counting.deal_in_count`, put in words by
:func:`trainer.analysis.certificates.certificate`."""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum
from fractions import Fraction

from trainer.engine.cards import Card


class SafetyReason(StrEnum):
    """Why a card is safe against one opponent, or that it is not (the certificate's kind)."""

    JOKER = "joker"
    """A joker never joins a 14-pair: nobody wins on it (R-PAIR14)."""
    NO_PARTNER = "no_partner"
    """Every card of the partner rank is visible (R-PAIR14, R-PUBLIC)."""
    NONE_COMBINE = "none_combine"
    """No hand of the opponent's size drawn from the unseen cards combines with it."""
    RED = "red"
    """Hands combine, but none reaches the red threshold and no special win is possible."""
    DANGER = "danger"
    """Some consistent hand wins on it."""


@dataclass(frozen=True)
class DealInCount:
    """How many of the ``total`` equally likely hands of ``opponent`` win on ``card``."""

    opponent: int
    card: Card
    winning: int
    total: int
    hand_size: int
    max_red: int | None
    """The most red any hand of the opponent that combines with the card reaches (with the card
    and their melds), or None when no hand combines."""
    special_possible: bool
    reason: SafetyReason
    partners_unseen: int = 0
    melds_red: int = 0

    @property
    def probability(self) -> Fraction:
        return Fraction(self.winning, self.total) if self.total else Fraction(0)

    @property
    def provably_safe(self) -> bool:
        return self.winning == 0
