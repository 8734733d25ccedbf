"""What happened at the table, in order: the events a hand's actions cause (R-PUBLIC).

An action is a decision (discard this card, pong, pass); an event is what everybody at the table
then sees happen — a discard, a flip, a card taken for a pong and with which cards, a claim that
lost to a higher one (R-PRIORITY), a card laid between two players, a flipped joker going to its
flipper (R-FLIP-JOKER), a draw from the stock, a win, a drawn hand (R-STOCK-EMPTY). One action
can cause several events: a discard nobody takes is followed by the lower player's flip, and so
on. Cards only one player may see (the cards they draw) are marked ``private``; :meth:`Event.seen_by`
hides them from everybody else, and a beaten chi never shows the concealed card it would have
used.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from enum import StrEnum

from trainer.engine.cards import Card
from trainer.engine.priority import ClaimKind
from trainer.engine.sources import Source


class EventKind(StrEnum):
    LAY_DOWN = "lay_down"
    """``seat`` lays ``cards`` face up after the deal or a stock card (R-TOU)."""
    DRAW = "draw"
    """``seat`` takes ``count`` cards from the stock; the cards are private."""
    KONG_DRAWN = "kong_drawn"
    """``seat`` adds ``cards[0]`` to the pong just made, right after its draw (R-KONG):
    ``reason`` ``drawn`` for the card just drawn (case 3, 巴起), ``held`` for a fourth held from
    before (cases 1 and 2 in two steps)."""
    DISCARD = "discard"
    """``seat`` discards ``cards[0]`` (R-DISCARD)."""
    FLIP = "flip"
    """``seat`` turns the stock's top card, ``cards[0]`` (R-FLIP)."""
    TAKE = "take"
    """``seat`` takes ``cards[0]`` with ``claim`` (chi, pong, kong); ``cards`` is the set laid."""
    BEATEN = "beaten"
    """``seat``'s ``claim`` on ``cards[0]`` lost to ``by_seat``'s ``by_claim`` for ``reason``:
    ``class`` (a higher kind of claim), ``order`` (the same kind, nearer counterclockwise), or
    ``flipper`` (a chi on one's own flip first) (R-PRIORITY)."""
    TO_PILE = "to_pile"
    """Nobody takes ``cards[0]``: it lies between ``seat`` and their lower player (R-FLIP)."""
    FLIPPED_JOKER = "flipped_joker"
    """Nobody takes the joker ``seat`` flipped: it goes in front of them (R-FLIP-JOKER)."""
    WIN = "win"
    """``seat`` wins: on ``cards[0]`` (``source`` discard or flip) or by 天走 (``source``
    tianzou, no card) (R-WIN, R-SPECIAL)."""
    DRAWN = "drawn"
    """The stock is empty when a card is due: nobody wins (R-STOCK-EMPTY)."""


class EventReason(StrEnum):
    """Why a kong on a pong or a beaten claim happened as it did."""

    DRAWN = "drawn"
    """The kong's card is the one just drawn (case 3, 巴起, R-KONG)."""
    HELD = "held"
    """The kong's card was held from before: cases 1 and 2 in two steps (R-KONG)."""
    CLASS = "class"
    """The beaten claim is of a lower class: a win beats a pong or kong, which beat a chi
    (R-PRIORITY)."""
    ORDER = "order"
    """The same class, and the winner sits nearer counterclockwise (R-PRIORITY)."""
    FLIPPER = "flipper"
    """A chi on one's own flip goes first, as the table allows (R-PRIORITY)."""


class ResultKind(StrEnum):
    """How a hand ended."""

    WIN = "win"
    """On a discarded or flipped card (R-WIN)."""
    TIANZOU = "tianzou"
    """The dealer's dealt hand wins before any card is played (天走, R-SPECIAL)."""
    DRAWN = "drawn"
    """The stock ran out: nobody wins (R-STOCK-EMPTY)."""


@dataclass(frozen=True, slots=True)
class Event:
    """One thing that happened. ``step`` is the number of actions applied when it happened (0 for
    nothing yet), so the events of a position ``state_at(k)`` are those with ``step <= k``."""

    step: int
    kind: EventKind
    seat: int | None
    cards: tuple[Card, ...] = ()
    count: int = 0
    source: Source | ResultKind | None = None
    """How the card came (a take, a pile, a win on a card), or how a hand was won (天走)."""
    claim: ClaimKind | None = None
    by_seat: int | None = None
    by_claim: ClaimKind | None = None
    reason: EventReason | None = None
    private: bool = False

    def seen_by(self, seat: int | None) -> Event:
        """This event as ``seat`` sees it: another player's drawn cards become a count.
        ``None`` sees everything (a finished hand's review)."""
        if self.private and seat is not None and seat != self.seat:
            return replace(self, cards=())
        return self
