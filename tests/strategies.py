"""Hypothesis strategies that draw cards, melds and whole positions from the deck, so a failing
example shrinks to a small hand (rather than to a seed fed to the engine's own sampler).

Every position drawn is one a real hand can reach: concealed 7 − 2·s cards for a player facing a
claimed card (s = chi pairs, pongs and kongs laid), no chi before the dealer's first discard.
"""

from __future__ import annotations

from hypothesis import assume
from hypothesis import strategies as st

from trainer.engine import JOKER, RANKED_CARDS, Card, Meld, MeldKind, Position, Relation, RuleSet

RULES = st.builds(
    RuleSet,
    players=st.sampled_from((4, 3)),
    jokers=st.sampled_from((4, 2, 6)),
    scoring=st.sampled_from(("doubling", "ladder")),
)


@st.composite
def rule_sets(draw: st.DrawFn) -> RuleSet:
    """House rules, with a base and a cap sometimes set by the table."""
    base = draw(RULES)
    options = base.to_json()
    if draw(st.booleans()):
        options["base"] = draw(st.integers(1, 10))
    if draw(st.booleans()):
        options["fan_cap"] = draw(st.none() | st.integers(0, 8))
    options["win_pong_kong_on_own_flip"] = draw(st.integers(0, 4)) == 0
    return RuleSet.from_json(options)


class Pool:
    """The cards not yet drawn, so no position uses a card more often than the deck holds."""

    def __init__(self, jokers: int) -> None:
        self.ranked = list(RANKED_CARDS)
        self.jokers = jokers

    def take(self, draw: st.DrawFn, rank: int | None = None, colour: bool | None = None) -> Card | None:
        """One card (of ``rank`` / red when ``colour``), or None when none is left."""
        if rank is None and colour is None and draw(st.integers(0, 20)) == 0 and self.jokers:
            self.jokers -= 1
            return JOKER
        choices = [c for c in self.ranked if (rank is None or c.rank == rank)
                   and (colour is None or c.is_red == colour)]
        if not choices:
            return None
        card = draw(st.sampled_from(choices))
        self.ranked.remove(card)
        return card

    def take_joker(self) -> Card | None:
        if not self.jokers:
            return None
        self.jokers -= 1
        return JOKER


@st.composite
def melds(draw: st.DrawFn, pool: Pool, allow_chi: bool = True) -> list[Meld]:
    """Up to three sets or chi pairs, and up to two single jokers."""
    laid: list[Meld] = []
    for _ in range(draw(st.integers(0, 3))):
        kinds = [MeldKind.PONG, MeldKind.KONG] + ([MeldKind.CHI] if allow_chi else [])
        kind = draw(st.sampled_from(kinds))
        if kind is MeldKind.CHI:
            first = pool.take(draw)
            if first is None or first.is_joker:
                continue
            assert first.rank is not None
            second = pool.take(draw, 14 - first.rank)
            if second is None:
                pool.ranked.append(first)
                continue
            laid.append(Meld(MeldKind.CHI, (first, second)))
            continue
        size = 3 if kind is MeldKind.PONG else 4
        if draw(st.integers(0, 8)) == 0 and pool.jokers >= size:
            pool.jokers -= size
            laid.append(Meld(kind, (JOKER,) * size))
            continue
        rank = draw(st.integers(1, 13))
        cards = [c for c in pool.ranked if c.rank == rank]
        if len(cards) < size:
            continue
        chosen = cards[:size]
        for card in chosen:
            pool.ranked.remove(card)
        laid.append(Meld(kind, tuple(chosen)))
    for _ in range(draw(st.integers(0, 2))):
        joker = pool.take_joker()
        if joker is not None:
            laid.append(Meld(MeldKind.JOKER, (joker,)))
    return laid


def sets_laid(laid: list[Meld]) -> int:
    return sum(1 for meld in laid if meld.kind is not MeldKind.JOKER)


@st.composite
def hands(draw: st.DrawFn, pool: Pool, size: int) -> list[Card]:
    """``size`` concealed cards, mostly built from 14-pairs (so many hands combine), sometimes
    spoiled, sometimes one colour."""
    colour = draw(st.sampled_from((None, None, None, True, False)))
    cards: list[Card] = []
    while len(cards) < size:
        if size - len(cards) >= 2 and draw(st.integers(0, 4)) > 0:
            first = pool.take(draw, colour=colour)
            if first is None:
                break
            if first.is_joker:
                cards.append(first)
                continue
            assert first.rank is not None
            second = pool.take(draw, 14 - first.rank, colour)
            cards.append(first)
            if second is not None:
                cards.append(second)
            continue
        card = pool.take(draw, colour=colour) or pool.take(draw)
        if card is None:
            break
        cards.append(card)
    return draw(st.permutations(cards[:size]))


@st.composite
def claim_positions(draw: st.DrawFn) -> Position:
    """A player facing a discarded or flipped card, in a reachable position."""
    rules = draw(rule_sets())
    pool = Pool(rules.jokers)
    jiedi = draw(st.integers(0, 6)) == 0
    laid = draw(melds(pool, allow_chi=not jiedi))
    size = 7 - 2 * sets_laid(laid)
    hand_and_card = draw(hands(pool, size + 1))
    assume(len(hand_and_card) == size + 1)
    hand, card = tuple(hand_and_card[:-1]), hand_and_card[-1]
    source = "discard" if jiedi else draw(st.sampled_from(("discard", "flip")))
    others = [Relation.LOWER, Relation.UPPER] + ([Relation.OPPOSITE] if rules.players == 4 else [])
    offered_by = draw(st.sampled_from([None, *others, *([Relation.YOU] if source == "flip" else [])]))
    return Position(hand, tuple(laid), card, source, jiedi, rules, offered_by)


@st.composite
def waiting_positions(draw: st.DrawFn) -> Position:
    """A player waiting for a card (7 − 2·s concealed), as ``dou14 waits`` reads it."""
    rules = draw(rule_sets())
    pool = Pool(rules.jokers)
    laid = draw(melds(pool))
    size = 7 - 2 * sets_laid(laid)
    hand = draw(hands(pool, size))
    assume(len(hand) == size)
    return Position(tuple(hand), tuple(laid), None, None, False, rules)


@st.composite
def dealer_hands(draw: st.DrawFn) -> Position:
    """The dealer before the first discard: 8 − 2·s concealed, no chi (天走 is judged here)."""
    rules = draw(rule_sets())
    pool = Pool(rules.jokers)
    laid = draw(melds(pool, allow_chi=False))
    size = 8 - 2 * sets_laid(laid)
    hand = draw(hands(pool, size))
    assume(len(hand) == size)
    return Position(tuple(hand), tuple(laid), None, None, False, rules)
