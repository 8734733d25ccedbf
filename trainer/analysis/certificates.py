"""The certificates of safety in words a player can check at the table (R-SAFE, R-READ): the
proof by the visible cards, opponent by opponent, and the proof by the table's history, which
names the card that passed and says that it rests on players taking every win open to them."""

from __future__ import annotations

from collections.abc import Sequence

from trainer.analysis.chance import Chance
from trainer.analysis.safety import DealInCount, SafetyTable, certificate, seat_words
from trainer.engine.messages import Message


def history_certificate(table: SafetyTable, opponent: int, chance: Chance) -> Message | None:
    """Why ``chance.card`` is safe against ``opponent`` by the history, if it is (R-READ)."""
    for other, passed in chance.history_proofs:
        if other == opponent:
            key = "safety.cert_history" if passed.is_red == chance.card.is_red else \
                "safety.cert_history_colour"
            return Message.of(key, ("R-READ", "R-SAFE"), card=chance.card, passed=passed,
                              seat=seat_words(opponent, table.seat, table.rules.players))
    return None


def certificates_of_proof(table: SafetyTable, chance: Chance,
                          counts: Sequence[DealInCount]) -> tuple[Message, ...]:
    """One line per opponent for a proven-safe card: the history's proof where the visible cards
    give none, else the visible cards' (each line once)."""
    lines = []
    for count in counts:
        by_history = None if count.provably_safe else \
            history_certificate(table, count.opponent, chance)
        lines.append(by_history or certificate(table, count))
    return tuple(dict.fromkeys(lines))
