"""Which argument proves a discard safe (R-SAFE), as a player would make it at the table:

- **partners**: every card of the partner rank is visible, so nobody can pair with it;
- **red**: hands could pair with it, but none consistent with the table reaches the red threshold
  (what each opponent shows, and how few concealed cards they hold, caps their red);
- **colour**: the red argument holds only because the card is black — its red twin would deal in
  (R-WAIT: whether a card of the right rank wins can depend on its colour);
- **no hand**: no hand of the opponent's size combines with it at all;
- **history**: the visible cards leave some opponent able to win on it, but a card of its rank
  and colour passed each such opponent since their hand last changed, and they did not win on
  it (R-READ, assuming a player takes every win open to them);
- **joker**: nobody ever wins on a joker.

Computed from the exact counts' own reason codes, never from words.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from enum import StrEnum

from trainer.analysis.certificates import certificate, history_certificate
from trainer.analysis.chance import passed_twin
from trainer.analysis.counting import deal_in_count
from trainer.analysis.deal_in import DealInCount, SafetyReason
from trainer.analysis.table import SafetyTable, seat_words
from trainer.engine import ALL_CARDS, Card, Message


class Argument(StrEnum):
    JOKER = "joker"
    PARTNERS = "partners"
    RED = "red"
    COLOUR = "colour"
    NO_HAND = "no_hand"
    HISTORY = "history"


def counts_for(table: SafetyTable, card: Card,
               unseen: Counter[Card] | None = None) -> tuple[DealInCount, ...]:
    """The exact deal-in count of ``card`` against each opponent, in claim order."""
    pool = table.unseen() if unseen is None else unseen
    return tuple(deal_in_count(table, other, card, pool) for other in table.opponents())


def argument_for(table: SafetyTable, card: Card,
                 counts: tuple[DealInCount, ...] | None = None) -> Argument | None:
    """The argument that proves ``card`` safe, or None when some consistent hand wins on it."""
    counts = counts if counts is not None else counts_for(table, card)
    if any(not count.provably_safe for count in counts):
        return Argument.HISTORY if history_proof(table, card, counts) is not None else None
    reasons = {count.reason for count in counts}
    if reasons == {SafetyReason.JOKER}:
        return Argument.JOKER
    if reasons == {SafetyReason.NO_PARTNER}:
        return Argument.PARTNERS
    if SafetyReason.RED not in reasons:
        return Argument.NO_HAND
    if card.is_black and _red_twin_deals_in(table, card):
        return Argument.COLOUR
    return Argument.RED


@dataclass(frozen=True)
class HistoryProof:
    """``card`` proven safe by the history (R-READ): for each opponent the visible cards leave
    able to win on it, the card of its rank and colour that passed them."""

    card: Card
    history_proofs: tuple[tuple[int, Card], ...]


def history_proof(table: SafetyTable, card: Card,
                  counts: tuple[DealInCount, ...]) -> HistoryProof | None:
    """The history's proof that ``card`` is safe against every opponent the counts leave open,
    or None when some such opponent let no card like it pass (no numpy needed: lessons load
    without it)."""
    if table.passed is None:
        return None
    proofs = []
    for other, count in zip(table.opponents(), counts, strict=True):
        if count.provably_safe:
            continue
        twin = passed_twin(table, other, card)
        if twin is None:
            return None
        proofs.append((other, twin))
    return HistoryProof(card, tuple(proofs))


def proof_against(table: SafetyTable, opponent: int, card: Card,
                  unseen: Counter[Card] | None = None) -> Message:
    """Whether ``opponent`` alone can win on ``card``, said as a certificate: safe by the visible
    cards, safe because a card like it passed them (R-READ), or able to win on it — reading one
    player's wait from their sets, their hand size and what passed them."""
    count, proof = _reading(table, opponent, card, unseen)
    return certificate(table, count) if proof is None else proof


def safe_proof(table: SafetyTable, opponent: int, card: Card,
               unseen: Counter[Card] | None = None) -> Message | None:
    """The certificate that ``opponent`` cannot win on ``card`` (:func:`proof_against` where it
    proves), or None where they may: one reading for "is it safe, and why"."""
    return _reading(table, opponent, card, unseen)[1]


def _reading(table: SafetyTable, opponent: int, card: Card, unseen: Counter[Card] | None
             ) -> tuple[DealInCount, Message | None]:
    """``opponent``'s count for ``card`` and the certificate proving it safe against them, if
    any: the visible cards', else the history's."""
    count = deal_in_count(table, opponent, card, table.unseen() if unseen is None else unseen)
    if count.provably_safe:
        return count, certificate(table, count)
    twin = passed_twin(table, opponent, card)
    proof = None if twin is None else \
        history_certificate(table, opponent, HistoryProof(card, ((opponent, twin),)))
    return count, proof


def safe_against(table: SafetyTable, opponent: int, card: Card,
                 unseen: Counter[Card] | None = None) -> bool:
    """``opponent`` cannot win on ``card``: by the visible cards, or by what passed them."""
    count = deal_in_count(table, opponent, card, table.unseen() if unseen is None else unseen)
    if count.provably_safe:
        return True
    return passed_twin(table, opponent, card) is not None


def unproven_twin(table: SafetyTable, opponent: int, card: Card) -> Message | None:
    """Where a card of ``card``'s rank but the other colour passed ``opponent`` and yet proves
    nothing (R-READ): said, so that the pass is not read as a proof. A black one leaves a red
    card open (it brings more red); a red one leaves a black card open while the opponent shows
    no red laid down (全黑 is still theirs to make)."""
    if card.rank is None or safe_against(table, opponent, card):
        return None
    passed = table.passed[opponent] if table.passed is not None else ()
    other = next((p for p in passed if p.rank == card.rank and p.is_red != card.is_red), None)
    if other is None:
        return None
    key = "safety.twin_black_open" if card.is_red else "safety.twin_red_open"
    return Message.of(key, ("R-READ", "R-RED"), card=card, passed=other,
                      seat=seat_words(opponent, table.seat, table.rules.players))


def _red_twin_deals_in(table: SafetyTable, card: Card) -> bool:
    """Would a red card of the same rank (one the discarder could be holding) deal in?"""
    assert card.rank is not None
    base = (card.rank - 1) * 4
    twins = [ALL_CARDS[base + order] for order in (1, 3)]  # hearts, diamonds
    return any(not count.provably_safe for twin in twins for count in counts_for(table, twin))
