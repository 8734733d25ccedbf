"""The certificates of safety in words a player can check at the table (R-SAFE, R-READ): the
proof by the visible cards, opponent by opponent, and the proof by the table's history, which
names the card that passed and says that it rests on players taking every win open to them."""

from __future__ import annotations

from collections.abc import Sequence
from enum import StrEnum
from typing import Protocol

from trainer.analysis.deal_in import DealInCount, SafetyReason
from trainer.analysis.table import SafetyTable, seat_words
from trainer.engine.cards import Card, partner_rank, rank_name, red_total
from trainer.engine.messages import Amount, Message


class Proven(Protocol):
    """What a certificate reads of a chance (:class:`trainer.analysis.chance.Chance`, which
    uses these words: it is named here by its shape, not imported)."""

    @property
    def card(self) -> Card: ...

    @property
    def history_proofs(self) -> tuple[tuple[int, Card], ...]: ...


class TwinCase(StrEnum):
    """Why a card that passed an opponent proves a card of its rank safe against them (R-READ,
    :func:`trainer.analysis.chance.history_twin`): the same colour; a red one that passed and a
    black card, which cannot win 全黑 against their laid red; or a black one that passed where
    their laid red already reaches the total. The value ends the key of the words that say it."""

    SAME = ""
    RED_PASSED = "_colour"
    RED_LAID = "_red"


def twin_case(card: Card, twin: Card) -> TwinCase:
    """The case in which ``twin``, a card of ``card``'s rank that passed, proves ``card``."""
    if twin.is_red == card.is_red:
        return TwinCase.SAME
    return TwinCase.RED_PASSED if twin.is_red else TwinCase.RED_LAID


def history_certificate(table: SafetyTable, opponent: int, chance: Proven) -> Message | None:
    """Why ``chance.card`` is safe against ``opponent`` by the history, if it is (R-READ)."""
    for other, passed in chance.history_proofs:
        if other == opponent:
            key = f"safety.cert_history{twin_case(chance.card, passed).value}"
            return Message.of(key, ("R-READ", "R-SAFE"), card=chance.card, passed=passed,
                              seat=seat_words(opponent, table.seat, table.rules.players),
                              red=red_total(table.melds[opponent]),
                              threshold=table.rules.red_threshold)
    return None


def certificates_of_proof(table: SafetyTable, chance: Proven,
                          counts: Sequence[DealInCount]) -> tuple[Message, ...]:
    """One line per opponent for a proven-safe card: the history's proof where the visible cards
    give none, else the visible cards' (each line once)."""
    lines = []
    for count in counts:
        by_history = None if count.provably_safe else \
            history_certificate(table, count.opponent, chance)
        lines.append(by_history or certificate(table, count))
    return tuple(dict.fromkeys(lines))


def certificate(table: SafetyTable, count: DealInCount, read: float | None = None) -> Message:
    """The reason, in words a player can check at the table, that ``count.card`` is safe against
    ``count.opponent`` — or why it is not: with ``read``, that opponent's chance in the table's
    best reading (the figure shown beside the card's whole chance), else the share of the hands
    they could hold that win on it."""
    seat = seat_words(count.opponent, table.seat, table.rules.players)
    card = count.card
    if count.reason is SafetyReason.JOKER:
        return Message.of("safety.joker_safe", ("R-PAIR14", "R-SAFE"))
    partner = rank_name(partner_rank(card.rank or 0))
    if count.reason is SafetyReason.NO_PARTNER:
        total = 3 if card.rank == 7 else 4
        return Message.of("safety.cert_no_partner", ("R-SAFE", "R-PAIR14"), card=card,
                          partner=partner, total=total, seat=seat)
    if count.reason is SafetyReason.NONE_COMBINE:
        return Message.of("safety.cert_none_combine", ("R-SAFE", "R-WIN"), card=card, seat=seat,
                          size=count.hand_size)
    if count.reason is SafetyReason.RED:
        return Message.of("safety.cert_red_sum", ("R-SAFE", "R-WIN"), card=card, seat=seat,
                          shown=count.melds_red, size=count.hand_size,
                          hand_red=(count.max_red or 0) - count.melds_red - card.red,
                          card_red=card.red, best=count.max_red or 0,
                          threshold=table.rules.red_threshold)
    if read is not None:
        return Message.of("safety.cert_danger_read", ("R-SAFE", "R-READ"), card=card, seat=seat,
                          percent=Amount(round(read * 100, 4), 1),
                          partners=count.partners_unseen, partner=partner)
    percent = Amount(round(float(count.probability) * 100, 4), 1)
    return Message.of("safety.cert_danger", ("R-SAFE", "R-WIN"), card=card, seat=seat,
                      winning=count.winning, total=count.total, percent=percent,
                      partners=count.partners_unseen, partner=partner)


def said_once(messages: Sequence[Message]) -> tuple[Message, ...]:
    """A card's certificates as a reader wants them: "all four 4s are visible, so the upper
    player cannot be waiting on it", said of each opponent in turn, reads as the same sentence
    three times — it is said once, of them all (R-SAFE)."""
    if len(messages) > 1 and {m.key for m in messages} == {"safety.cert_no_partner"} and len(
            {tuple(p for p in m.params if p[0] != "seat") for m in messages}) == 1:
        first = messages[0]
        return (Message(first.key, tuple(
            (name, Message.of("safety.every_opponent") if name == "seat" else value)
            for name, value in first.params), first.rules),)
    return tuple(messages)

