"""First reasoning tools for safe discards (R-SAFE, R-PAIR14, R-PUBLIC).

A card wins for another player only by pairing with one of their concealed cards of the partner
rank (R-WIN 1: the claimed card always makes a 14-pair with one concealed card). So when every
copy of the partner rank is visible to the discarder — in their own hand or face up on the table —
nobody can win on the card: it is provably safe. The full count is ``trainer.analysis.counting``.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from trainer.engine.cards import Card, partner_rank, rank_name
from trainer.engine.messages import Message


@dataclass(frozen=True, slots=True)
class PartnerCount:
    """How many of the cards that could pair with ``card`` are visible: the four of the partner
    rank, or for a 7 the other three 7s."""

    card: Card
    partner: int
    visible: int
    total: int

    @property
    def exhausted(self) -> bool:
        """Every partner is visible: the discard is provably safe (R-SAFE). A joker is never
        claimed for a win (R-PAIR14), so it is always safe."""
        return self.card.is_joker or self.visible >= self.total

    def messages(self) -> list[Message]:
        if self.card.is_joker:
            return [Message.of("safety.joker_safe", ("R-PAIR14", "R-SAFE"))]
        key = "safety.partners_gone" if self.exhausted else "safety.partners_hidden"
        return [Message.of(key, ("R-SAFE", "R-PAIR14"), card=self.card,
                           partner=rank_name(self.partner), visible=self.visible,
                           total=self.total, hidden=self.total - self.visible)]



def partner_count(card: Card, visible: Iterable[Card]) -> PartnerCount:
    """Count the visible cards that could pair with ``card`` (R-PAIR14)."""
    if card.rank is None:
        return PartnerCount(card, 0, 0, 0)
    partner = partner_rank(card.rank)
    seen = sum(1 for other in set(visible) if other.rank == partner and other != card)
    return PartnerCount(card, partner, seen, 3 if partner == card.rank else 4)
