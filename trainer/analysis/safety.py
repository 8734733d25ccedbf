"""Safe-discard analysis (R-SAFE, R-PUBLIC, R-WIN, R-PRIORITY, R-PAY).

For a player who must discard, given only what that player can see:

- **open hands** (teaching mode, the opponents' concealed hands shown): for each candidate discard,
  who would win on it, in claim order, and for how many fan and points;
- **hidden hands**: for each candidate and each opponent, whether it is *provably safe* (no
  concealed hand consistent with the table could win on it) and the exact probability that it
  deals in, with each opponent's concealed cards a uniformly random set of the unseen cards of
  the size the table shows. The count runs over ranks and colours (never over hands), and a
  brute-force enumeration agrees with it in the tests. The joint probability that *someone* wins
  is estimated by sampling, with its 95% error bound.

Every safety verdict carries a certificate in words a player can check at the table.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field
from enum import StrEnum
from fractions import Fraction
from functools import lru_cache
from math import comb, sqrt
from typing import Any

from trainer.engine.cards import (
    Card,
    Suit,
    deck,
    format_cards,
    parse_card,
    parse_cards,
    partner_rank,
    rank_name,
    red_total,
    red_value,
)
from trainer.engine.errors import Dou14Error, PositionError
from trainer.engine.game.view import PlayerView
from trainer.engine.melds import Meld
from trainer.engine.messages import Message
from trainer.engine.position import Position
from trainer.engine.rules import RuleSet
from trainer.engine.seats import relation
from trainer.engine.sources import Source
from trainer.engine.verdicts import Verdict, verdict
from trainer.engine.win_rule import HandValue, claim_wins, colour_flags, judge


def seat_words(seat: int, viewer: int, players: int) -> Message:
    """A seat named as the discarding player sees it: your lower player (下家), the player
    opposite (对家), your upper player (上家) — as the table draws them (R-SEAT)."""
    return Message.of(f"seat.{relation(seat, viewer, players).value}")


@dataclass(frozen=True)
class SafetyTable:
    """What the discarding player sees (R-PUBLIC), plus — for open-hand teaching — the others'
    concealed hands. ``seat`` must discard from ``hand``; ``table_cards`` are the cards lying
    between neighbours; ``first_discard`` marks the dealer's first discard (接地)."""

    rules: RuleSet
    seat: int
    hand: tuple[Card, ...]
    melds: tuple[tuple[Meld, ...], ...]
    table_cards: tuple[Card, ...]
    hand_sizes: tuple[int, ...]
    first_discard: bool = False
    hands: tuple[tuple[Card, ...], ...] | None = None
    piles: tuple[tuple[tuple[Card, Source], ...], ...] | None = None
    """Per seat, the cards lying between that seat and its lower player with how each got there
    (``discard`` or ``flip``, R-PUBLIC); when given, ``table_cards`` are exactly these cards."""
    passed: tuple[tuple[Card, ...], ...] | None = None
    """Per seat, the cards that passed that player since their concealed hand last changed
    (R-READ; empty for the discarder). None: the history is not known (no proof by it)."""

    def __post_init__(self) -> None:
        players = self.rules.players
        if self.piles is not None:
            if len(self.piles) != players:
                raise PositionError("piles need one list per seat")
            for pile in self.piles:
                for _card, source in pile:
                    if source not in ("discard", "flip"):
                        raise PositionError(f"a pile card is discarded or flipped, not {source!r}")
            laid = sorted((card for pile in self.piles for card, _ in pile), key=lambda c: c.index)
            if laid != sorted(self.table_cards, key=lambda c: c.index):
                raise PositionError("the table cards must be the cards of the piles")
        if not 0 <= self.seat < players:
            raise PositionError(f"seat {self.seat} is not 0..{players - 1}")
        if self.passed is not None:
            if len(self.passed) != players:
                raise PositionError("passed needs one list per seat")
            if self.passed[self.seat]:
                raise PositionError("nothing passes the discarder: their hand just changed")
            if any(card.is_joker for cards in self.passed for card in cards):
                raise PositionError("a joker is never won on, so it never counts as passed")
        if len(self.melds) != players or len(self.hand_sizes) != players:
            raise PositionError(f"a table of {players} players needs melds and hand sizes for each")
        if self.hand_sizes[self.seat] != len(self.hand):
            raise PositionError("the discarder's hand size must match their hand")
        if len(self.hand) % 2:
            raise PositionError(f"a player about to discard holds an even number of cards, not "
                                f"{len(self.hand)} (R-PARITY)")
        for other, size in enumerate(self.hand_sizes):
            if other != self.seat and (size % 2 == 0 or not 1 <= size <= 7):
                raise PositionError(f"seat {other} waits with an odd 1..7 cards, not {size} "
                                    "(R-PARITY)")
        if self.hands is not None:
            if len(self.hands) != players:
                raise PositionError("open hands need one hand per seat")
            for other, cards in enumerate(self.hands):
                if other != self.seat and len(cards) != self.hand_sizes[other]:
                    raise PositionError(f"seat {other}'s open hand has {len(cards)} cards, the "
                                        f"table shows {self.hand_sizes[other]}")
        seen = Counter(self.visible())
        if self.hands is not None:
            for other, cards in enumerate(self.hands):
                if other != self.seat:
                    seen.update(cards)
        for card, count in seen.items():
            allowed = self.rules.jokers if card.is_joker else 1
            if count > allowed:
                raise PositionError(f"{str(card)!r} appears {count} times (R-DECK)")

    def visible(self) -> list[Card]:
        """Every card the discarder can see: own hand, all melds, the cards on the table."""
        cards = list(self.hand)
        for melds in self.melds:
            for meld in melds:
                cards.extend(meld.cards)
        cards.extend(self.table_cards)
        return cards

    def unseen(self) -> Counter[Card]:
        """The cards the discarder cannot see (the others' hands and the stock)."""
        pool = Counter(deck(self.rules.jokers))
        pool.subtract(self.visible())
        return +pool

    def opponents(self) -> list[int]:
        """The other seats in claim order, counterclockwise from the discarder (R-PRIORITY)."""
        players = self.rules.players
        return [(self.seat + step) % players for step in range(1, players)]

    def candidates(self) -> list[Card]:
        """The distinct cards the player may discard, in sort order."""
        return sorted(set(self.hand), key=lambda c: c.index)

    # -- JSON -------------------------------------------------------------------------------
    def to_json(self) -> dict[str, Any]:
        data: dict[str, Any] = {
            "rules": self.rules.to_json(), "seat": self.seat, "hand": format_cards(self.hand),
            "melds": [[m.to_json() for m in melds] for melds in self.melds],
            "table": format_cards(self.table_cards), "hand_sizes": list(self.hand_sizes),
            "first_discard": self.first_discard,
        }
        if self.hands is not None:
            data["hands"] = [format_cards(h) for h in self.hands]
        if self.piles is not None:
            data["piles"] = [[[str(card), source] for card, source in pile] for pile in self.piles]
        if self.passed is not None:
            data["passed"] = [format_cards(cards) for cards in self.passed]
        return data

    @classmethod
    def from_json(cls, data: Any) -> SafetyTable:
        if not isinstance(data, dict):
            raise PositionError("a table is a JSON object")
        known = {"rules", "seat", "hand", "melds", "table", "hand_sizes", "first_discard", "hands",
                 "piles", "passed"}
        unknown = sorted(set(data) - known)
        if unknown:
            raise PositionError(f"unknown table key {unknown[0]!r}")
        try:
            rules = RuleSet.from_json(data.get("rules"))
            melds = tuple(tuple(Meld.from_json(m) for m in seat_melds)
                          for seat_melds in data.get("melds", []))
            hands = data.get("hands")
            piles_data = data.get("piles")
            piles = None if piles_data is None else tuple(
                tuple((parse_card(str(card)), Source.read(source)) for card, source in pile)
                for pile in piles_data)
            passed_data = data.get("passed")
            passed = None if passed_data is None else tuple(
                parse_cards(str(cards)) for cards in passed_data)
            return cls(rules, int(data["seat"]), parse_cards(data["hand"]), melds,
                       parse_cards(data.get("table", "")),
                       tuple(int(size) for size in data["hand_sizes"]),
                       bool(data.get("first_discard", False)),
                       None if hands is None else tuple(parse_cards(h) for h in hands), piles,
                       passed)
        except (KeyError, TypeError, ValueError) as error:
            if isinstance(error, Dou14Error):
                raise
            raise PositionError(f"a table needs seat, hand, melds and hand_sizes: {error}") from None


# -- open hands ---------------------------------------------------------------------------------

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

def certificate(table: SafetyTable, count: DealInCount) -> Message:
    """The reason, in words a player can check at the table, that ``count.card`` is safe against
    ``count.opponent`` — or why it is not."""
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
        return Message.of("safety.cert_red", ("R-SAFE", "R-WIN"), card=card, seat=seat,
                          shown=count.melds_red, size=count.hand_size,
                          best=count.max_red or 0, threshold=table.rules.red_threshold)
    percent = f"{float(count.probability) * 100:.2f}"
    return Message.of("safety.cert_danger", ("R-SAFE", "R-WIN"), card=card, seat=seat,
                      winning=f"{count.winning:,}", total=f"{count.total:,}", percent=percent,
                      partners=count.partners_unseen, partner=partner)


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
                                    percent=f"{self.joint * 100:.1f}",
                                    error=f"{self.joint_error * 100:.1f}", samples=self.samples))
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


def table_from_view(view: PlayerView, *, open_hands: Sequence[Sequence[Card]] | None = None,
                    first_discard: bool | None = None) -> SafetyTable:
    """The safety table of a player's view of a game (R-PUBLIC), piles with their origin."""
    table_cards = tuple(entry.card for pile in view.piles for entry in pile)
    first = (view.seat == view.dealer and not view.dealer_discarded) if first_discard is None \
        else first_discard
    piles = tuple(tuple((entry.card, entry.source) for entry in pile) for pile in view.piles)
    history = view.history
    passed = None if history is None else tuple(
        () if seat == view.seat else history.passed_cards(seat)
        for seat in range(view.rules.players))
    return SafetyTable(view.rules, view.seat, view.hand, view.melds, table_cards,
                       view.hand_sizes, first,
                       None if open_hands is None else tuple(tuple(h) for h in open_hands),
                       piles, passed)
