"""What a player sees of their own waits (R-WAIT, R-PUBLIC): the cards that would win their hand
and that they have not seen anywhere on the table, with the copies still unseen — the figure a
player counts when choosing between two ready hands."""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass

from trainer.engine.cards import Card, deck, partner_rank
from trainer.engine.combine import lacks_partner, rank_counts
from trainer.engine.game.view import PlayerView
from trainer.engine.position import Position
from trainer.engine.sources import Source
from trainer.engine.waiting import waits


@dataclass(frozen=True)
class UnseenWaits:
    """The cards that would win the learner's hand and that the learner has not seen anywhere,
    with how many of each rank are still unseen."""

    ready: bool
    cards: tuple[Card, ...]
    copies_left: int


def unseen_waits(view: PlayerView) -> UnseenWaits | None:
    """For a hand waiting for a card (an odd number of concealed cards); None otherwise."""
    if len(view.hand) % 2 == 0:
        return None
    return waits_after(view, view.hand)


def waits_after(view: PlayerView, hand: tuple[Card, ...], *, passed: bool = False
                ) -> UnseenWaits:
    """The unseen cards that would win ``hand`` (with the learner's laid sets), as the learner
    sees the table. A card on offer that the learner may still claim is not gone: it counts as
    unseen (R-WAIT) — unless ``passed``, the learner's answer being to let it go."""
    result = waits(Position(hand, view.melds[view.seat], None, None, False, view.rules))
    if not result.ready:
        return UnseenWaits(False, (), 0)
    unseen = unseen_copies(view, passed=passed)
    cards = tuple(card for card in result.wins_on if unseen[card])
    return UnseenWaits(True, cards, sum(unseen[card] for card in set(cards)))


def unseen_copies(view: PlayerView, *, passed: bool = False) -> Counter[Card]:
    """The copies of each card the viewer has not seen (R-PUBLIC): the deck less every card in
    sight — the card on offer counted as unseen while the viewer may still claim it, unless
    ``passed`` (R-WAIT)."""
    unseen = Counter(deck(view.rules.jokers))
    unseen.subtract(view.visible_cards())
    offered = None if passed else _claimable_offer(view)
    if offered is not None:
        unseen[offered] += 1
    return +unseen


def pairing_outs(view: PlayerView, hand: tuple[Card, ...]) -> int:
    """How many cards the viewer has not seen would pair one of ``hand``'s loose cards (a card
    one too many for its 14-partner, R-PAIR14): for each such rank, the unseen copies of its
    partner rank — how a hand that is not yet ready (还没下叫) can still come together, the
    figure that tells two such discards apart. Jokers pair with nothing.

    >>> from trainer.engine import RuleSet
    >>> from trainer.engine.game.state import HandState
    >>> from trainer.engine.game.view import view_of
    >>> from trainer.engine.cards import parse_cards
    >>> view = view_of(HandState.deal(7, RuleSet()), 0)
    >>> aces_seen = sum(card.rank == 1 for card in view.visible_cards())
    >>> pairing_outs(view, parse_cards("Kd 6h 8s")) == 4 - aces_seen  # only K is loose
    True
    """
    counts = rank_counts(hand)
    seen = Counter(card.rank for card in view.visible_cards())
    loose = {rank for rank in range(1, 14) if lacks_partner(counts, rank)}
    return sum(4 - seen[partner_rank(rank)] for rank in loose)


def dead_ranks(view: PlayerView, hand: tuple[Card, ...] | list[Card]) -> frozenset[int]:
    """The ranks of ``hand``'s loose cards that nothing still unseen can use: no copy of their
    14-partner rank is unseen (R-PAIR14), and no copy of their own rank either where two alike
    are held, so no 扯 pong can take them (R-PONG). Such a card can only leave the hand as a
    discard — keeping it keeps the hand from ever being combined.

    >>> from trainer.engine import RuleSet
    >>> from trainer.engine.game.state import HandState
    >>> from trainer.engine.game.view import view_of
    >>> from trainer.engine.cards import parse_cards
    >>> view = view_of(HandState.deal(7, RuleSet()), 0)
    >>> dead_ranks(view, parse_cards("Kd Ah"))  # a K and an A: partners of each other
    frozenset()
    """
    counts = rank_counts(hand)
    unseen = Counter[int]()
    for card, copies in unseen_copies(view).items():
        if card.rank is not None:
            unseen[card.rank] += copies
    return frozenset(rank for rank in range(1, 14) if counts[rank] and
                     lacks_partner(counts, rank) and not unseen[partner_rank(rank)] and
                     (counts[rank] < 2 or not unseen[rank]))


def _claimable_offer(view: PlayerView) -> Card | None:
    """The card on offer, when the learner could still win on it: another player's discard or
    flip, or their own flip at a table that allows it (R-OWN-FLIP)."""
    offer = view.offer
    if offer is None:
        return None
    if offer.seat == view.seat and (offer.source is Source.DISCARD or
                                    not view.rules.win_pong_kong_on_own_flip):
        return None
    return offer.card
