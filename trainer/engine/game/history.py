"""The table's public history (R-PUBLIC, R-READ): what every player saw happen, and for each
player the cards that passed them since their concealed hand last changed.

A concealed hand changes only when its player takes a card (chi, pong, kong, a draw after a
pong, a kong, a lay-down or a flipped joker) or discards. Every card offered — a discard, or a
flip — and left to the table or taken by a chi or pong was offered to every player who could
claim it, and a win is asked first (R-PRIORITY). So, assuming that a player takes every win open
to them, a card that *passed* a player since their hand last changed did not win for them, and
neither would a card of its rank and colour now (R-READ). A player's own discard never passes
them; their own flip passes them only where the table lets one win on it (R-OWN-FLIP).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, replace

from trainer.engine.cards import Card
from trainer.engine.game.events import Event, EventKind
from trainer.engine.rules import RuleSet
from trainer.engine.sources import Source

_CHANGES = (EventKind.DRAW, EventKind.TAKE, EventKind.DISCARD, EventKind.LAY_DOWN,
            EventKind.KONG_DRAWN)
"""The events that change their seat's concealed hand."""


@dataclass(frozen=True, slots=True)
class Pass:
    """``card``, discarded or flipped by ``by`` (``source``) at action ``step``, was offered to a
    player and nobody won on it; ``first_discard`` marks the dealer's first discard (接地: it
    would have won without the red total); ``taken``, that a player then took it by chi, pong
    or kong — it passed the others all the same, since a win is asked first (R-PRIORITY)."""

    card: Card
    by: int
    source: Source
    step: int
    first_discard: bool = False
    taken: bool = False


@dataclass(frozen=True, slots=True)
class PublicHistory:
    """Per seat: the action count when their concealed hand last changed (0: since the deal),
    the cards that passed them since, and every card they discarded this hand, each oldest
    first (R-PUBLIC: a discard is seen by all, whether it then lies or is taken)."""

    last_change: tuple[int, ...]
    passed: tuple[tuple[Pass, ...], ...]
    discards: tuple[tuple[Card, ...], ...] = ()

    def passed_cards(self, seat: int) -> tuple[Card, ...]:
        return tuple(entry.card for entry in self.passed[seat])


class HistoryTracker:
    """Builds the :class:`PublicHistory` event by event (the hand state keeps one, so a view
    costs a copy, not a replay of the hand)."""

    def __init__(self, rules: RuleSet, dealer: int) -> None:
        self.rules = rules
        self.dealer = dealer
        self.last_change = [0] * rules.players
        self.passed: list[tuple[Pass, ...]] = [() for _ in range(rules.players)]
        self.discards: list[tuple[Card, ...]] = [() for _ in range(rules.players)]
        self.offer: Pass | None = None
        self.discarded = False
        self._snapshot: PublicHistory | None = None

    def add(self, event: Event) -> None:
        self._snapshot = None
        kind = event.kind
        if kind in (EventKind.DISCARD, EventKind.FLIP) and event.seat is not None and event.cards:
            first = kind is EventKind.DISCARD and not self.discarded and event.seat == self.dealer
            if kind is EventKind.DISCARD:
                self.discards[event.seat] = (*self.discards[event.seat], event.cards[0])
            self.discarded = self.discarded or kind is EventKind.DISCARD
            self.offer = Pass(event.cards[0], event.seat,
                              Source.DISCARD if kind is EventKind.DISCARD else Source.FLIP, event.step,
                              first)
        elif kind in (EventKind.TO_PILE, EventKind.TAKE) and self.offer is not None:
            offer = replace(self.offer, taken=True) if kind is EventKind.TAKE else self.offer
            if offer.card.rank is not None:
                for seat, passed in enumerate(self.passed):
                    if seat == offer.by and (offer.source is Source.DISCARD or
                                             not self.rules.win_pong_kong_on_own_flip):
                        continue
                    self.passed[seat] = (*passed, offer)
            self.offer = None
        elif kind in (EventKind.FLIPPED_JOKER, EventKind.WIN, EventKind.DRAWN):
            self.offer = None
        if kind in _CHANGES and event.seat is not None:
            self.last_change[event.seat] = event.step
            self.passed[event.seat] = ()

    def snapshot(self) -> PublicHistory:
        if self._snapshot is None:
            self._snapshot = PublicHistory(tuple(self.last_change), tuple(self.passed),
                                           tuple(self.discards))
        return self._snapshot


def public_history(events: Iterable[Event], rules: RuleSet, dealer: int) -> PublicHistory:
    """The history of ``events`` (public ones suffice: a draw's cards are never needed)."""
    tracker = HistoryTracker(rules, dealer)
    for event in events:
        tracker.add(event)
    return tracker.snapshot()
