"""Counting on a safety table (R-SAFE, R-WIN, R-PRIORITY, R-PAY).

- **open hands** (teaching mode, the opponents' concealed hands shown): for each candidate
  discard, who would win on it, in claim order, and for how many fan and points;
- **hidden hands**: for each candidate and each opponent, whether it is *provably safe* (no
  concealed hand consistent with the table could win on it) and the exact probability that it
  deals in, each opponent's concealed cards a uniformly random set of the unseen cards of the
  size the table shows. The count runs over ranks and colours (never over hands); the tests
  check it against enumerating hands. The joint chance that *someone* wins is
  :func:`trainer.analysis.chance.deal_in_chances`; :func:`hidden_analysis` samples it for the
  older summary, with its 95% error bound.

Every verdict carries a certificate in words (:mod:`trainer.analysis.certificates`).
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field
from functools import lru_cache
from math import comb, sqrt

from trainer.analysis.certificates import certificate
from trainer.analysis.deal_in import DealInCount, SafetyReason
from trainer.analysis.table import SafetyTable, seat_words
from trainer.engine.cards import Card, Suit, partner_rank, red_total, red_value
from trainer.engine.errors import Dou14Error
from trainer.engine.messages import Amount, Message
from trainer.engine.position import Position
from trainer.engine.sources import Source
from trainer.engine.verdicts import Verdict, verdict
from trainer.engine.win_rule import HandValue, claim_wins, colour_flags, judge


@dataclass(frozen=True)
class OpenClaim:
    seat: int
    verdict: Verdict


@dataclass(frozen=True)
class OpenAnalysis:
    """Who would win on ``card`` with every hand open, in claim order; ``deal_in`` is the first."""

    card: Card
    winners: tuple[OpenClaim, ...]
    discarder: int = 0
    players: int = 4

    @property
    def safe(self) -> bool:
        return not self.winners

    @property
    def deal_in(self) -> OpenClaim | None:
        return self.winners[0] if self.winners else None

    def messages(self) -> list[Message]:
        if not self.winners:
            return [Message.of("safety.open_safe", ("R-SAFE",), card=self.card)]
        first = self.winners[0]
        messages = [Message.of("safety.open_deal_in", ("R-PRIORITY", "R-PAY"), card=self.card,
                               seat=seat_words(first.seat, self.discarder, self.players),
                               fan=first.verdict.fan,
                               points=first.verdict.share * (first.verdict.position.rules.players - 1))]
        messages.extend(Message.of("safety.open_also", ("R-PRIORITY",),
                                   seat=seat_words(w.seat, self.discarder, self.players))
                        for w in self.winners[1:])
        return messages


def open_analysis(table: SafetyTable, card: Card) -> OpenAnalysis:
    """R-SAFE with open hands: each opponent's verdict on ``card`` as the discarder's discard."""
    if table.hands is None:
        raise Dou14Error("open-hand analysis needs the opponents' hands")
    winners = []
    for other in table.opponents():
        position = Position(table.hands[other], table.melds[other], card, Source.DISCARD,
                            table.first_discard, table.rules)
        judged = verdict(position)
        if judged.win:
            winners.append(OpenClaim(other, judged))
    return OpenAnalysis(card, tuple(winners), table.seat, table.rules.players)


# -- hidden hands: exact counting over ranks and colours ----------------------------------------


def _groups(unseen: Counter[Card]) -> tuple[list[int], list[int], int]:
    reds = [0] * 14
    blacks = [0] * 14
    jokers = 0
    for card, count in unseen.items():
        if card.rank is None:
            jokers += count
        elif card.is_red:
            reds[card.rank] += count
        else:
            blacks[card.rank] += count
    return reds, blacks, jokers


def _rank_options(rank: int, count: int, reds: list[int], blacks: list[int],
                  cap: int) -> list[tuple[int, int, int]]:
    """(ways, red, colour flags: 1 red, 2 black) for taking ``count`` cards of ``rank`` from the
    unseen cards."""
    options = []
    red_cards, black_cards = reds[rank], blacks[rank]
    value = red_value(rank, Suit.HEARTS)
    for taken_red in range(max(0, count - black_cards), min(count, red_cards) + 1):
        taken_black = count - taken_red
        ways = comb(red_cards, taken_red) * comb(black_cards, taken_black)
        if ways:
            red = taken_red * value
            options.append((ways, red if red < cap else cap,
                            (1 if taken_red else 0) | (2 if taken_black else 0)))
    return options


def _combining_hands(card: Card, size: int, reds: list[int], blacks: list[int],
                     cap: int) -> dict[tuple[int, bool, bool], int]:
    """Hands of ``size`` unseen ranked cards that, with ``card``, split into 14-pairs:
    {(red capped at ``cap``, has red, has black): number of hands}."""
    assert card.rank is not None
    return _combining_hands_cached(card.rank, size, tuple(reds), tuple(blacks), cap)


@lru_cache(maxsize=4096)
def _combining_hands_cached(rank0: int, size: int, reds_t: tuple[int, ...],
                            blacks_t: tuple[int, ...],
                            cap: int) -> dict[tuple[int, bool, bool], int]:
    """A dynamic programme over the seven partner groups (A+K … 6+8, 7+7): each group's rank
    counts must balance with the card added (R-PAIR14); the state is (cards used, red capped,
    colour flags) and its value the number of ways."""
    reds, blacks = list(reds_t), list(blacks_t)
    states: dict[tuple[int, int, int], int] = {(0, 0, 0): 1}
    for low in range(1, 8):
        high = partner_rank(low)
        combos: list[tuple[int, int, int, int]] = []
        if low == 7:
            extra = 1 if rank0 == 7 else 0
            for n7 in range(0, min(size, reds[7] + blacks[7]) + 1):
                if (n7 + extra) % 2 == 0:
                    combos.extend((n7, w, r, f) for w, r, f in
                                  _rank_options(7, n7, reds, blacks, cap))
        else:
            d_low = 1 if rank0 == low else 0
            d_high = 1 if rank0 == high else 0
            for n_low in range(0, min(size, reds[low] + blacks[low]) + 1):
                n_high = n_low + d_low - d_high
                if n_high < 0 or n_high > reds[high] + blacks[high] or n_low + n_high > size:
                    continue
                highs = _rank_options(high, n_high, reds, blacks, cap)
                for w1, r1, f1 in _rank_options(low, n_low, reds, blacks, cap):
                    for w2, r2, f2 in highs:
                        red = r1 + r2
                        combos.append((n_low + n_high, w1 * w2, red if red < cap else cap,
                                       f1 | f2))
        combos.sort()
        step: dict[tuple[int, int, int], int] = {}
        get = step.get
        for (used, red, flags), ways in states.items():
            room = size - used
            for n, w, r, f in combos:
                if n > room:
                    break
                total = red + r
                key = (used + n, total if total < cap else cap, flags | f)
                step[key] = get(key, 0) + ways * w
        states = step
    return {(red, bool(flags & 1), bool(flags & 2)): ways
            for (used, red, flags), ways in states.items() if used == size}


def deal_in_count(table: SafetyTable, opponent: int, card: Card,
                  unseen: Counter[Card] | None = None) -> DealInCount:
    """The exact number of ``opponent``'s possible concealed hands that win on ``card``
    (R-WIN, R-SPECIAL), out of all hands of their size drawn from the unseen cards."""
    size = table.hand_sizes[opponent]
    if unseen is None:
        unseen = table.unseen()
    total = comb(sum(unseen.values()), size)
    melds = table.melds[opponent]
    melds_red = red_total(melds)
    if card.rank is None:
        return DealInCount(opponent, card, 0, total, size, None, False, SafetyReason.JOKER, 0,
                           melds_red)
    reds, blacks, _jokers = _groups(unseen)
    partner = partner_rank(card.rank)
    partners_unseen = reds[partner] + blacks[partner]
    if partners_unseen == 0:
        return DealInCount(opponent, card, 0, total, size, None, False,
                           SafetyReason.NO_PARTNER, 0, melds_red)
    threshold = table.rules.red_threshold
    meld_flags = colour_flags(c for m in melds for c in m.cards)
    # Red beyond what the threshold needs changes nothing (a capped hand already wins), so the
    # count runs with red capped there; the certificate's "best" is exact below the threshold.
    hands = _combining_hands(card, size, reds, blacks,
                             cap=max(0, threshold - card.red - melds_red))
    winning = 0
    max_red: int | None = None
    special_possible = False
    for (red, has_r, has_b), ways in hands.items():
        total_red = red + card.red + melds_red
        max_red = total_red if max_red is None else max(max_red, total_red)
        value = HandValue(0, True, total_red, *colour_flags((card,), has_r or meld_flags[0],
                                                            has_b or meld_flags[1]))
        judged = judge(value, threshold, first_discard=table.first_discard)
        special_possible = special_possible or bool(
            judge(HandValue(0, True, 0, value.has_red, value.has_black), threshold,
                  first_discard=table.first_discard).specials)
        if judged.win:
            winning += ways
    if winning:
        reason = SafetyReason.DANGER
    elif max_red is None:
        reason = SafetyReason.NONE_COMBINE
    else:
        reason = SafetyReason.RED
    return DealInCount(opponent, card, winning, total, size, max_red, special_possible, reason,
                       partners_unseen, melds_red)


# -- certificates -------------------------------------------------------------------------------


@dataclass(frozen=True)
class CandidateSafety:
    """One candidate discard against every opponent, with the sampled joint risk."""

    card: Card
    counts: tuple[DealInCount, ...]
    joint: float
    joint_error: float
    samples: int
    certificates: tuple[Message, ...] = field(default=())

    @property
    def provably_safe(self) -> bool:
        return all(c.provably_safe for c in self.counts)

    def messages(self) -> list[Message]:
        lines = list(self.certificates)
        if not self.provably_safe:
            lines.append(Message.of("safety.joint", ("R-SAFE",), card=self.card,
                                    percent=Amount(self.joint * 100, 1),
                                    error=Amount(self.joint_error * 100, 1), samples=self.samples))
        return lines



def _sample_joint(table: SafetyTable, cards: Sequence[Card], samples: int,
                  rng: random.Random) -> dict[Card, int]:
    """Deal the unseen cards to the opponents at random ``samples`` times; count, for each
    candidate, the deals where someone wins on it."""
    pool = list(table.unseen().elements())
    others = table.opponents()
    hits = dict.fromkeys(cards, 0)
    for _ in range(samples):
        rng.shuffle(pool)
        start = 0
        dealt: list[tuple[int, tuple[Card, ...]]] = []
        for other in others:
            size = table.hand_sizes[other]
            dealt.append((other, tuple(pool[start:start + size])))
            start += size
        for card in cards:
            for other, hand in dealt:
                if claim_wins(hand, table.melds[other], card, table.first_discard,
                              table.rules.red_threshold):
                    hits[card] += 1
                    break
    return hits


def hidden_analysis(table: SafetyTable, *, samples: int = 2000,
                    seed: int = 0) -> list[CandidateSafety]:
    """R-SAFE against hidden hands, for every candidate discard."""
    cards = table.candidates()
    rng = random.Random(seed)
    risky = []
    counted: dict[Card, tuple[DealInCount, ...]] = {}
    unseen = table.unseen()
    for card in cards:
        counted[card] = tuple(deal_in_count(table, other, card, unseen)
                              for other in table.opponents())
        if not all(c.provably_safe for c in counted[card]):
            risky.append(card)
    hits = _sample_joint(table, risky, samples, rng) if risky and samples else {}
    result = []
    for card in cards:
        counts = counted[card]
        if card in hits:
            p = hits[card] / samples
            error = 1.96 * sqrt(max(p * (1 - p), 1 / samples) / samples)
            joint, used = p, samples
        else:
            joint, error, used = 0.0, 0.0, 0
        result.append(CandidateSafety(card, counts, joint, error, used,
                                      tuple(certificate(table, c) for c in counts)))
    return result
