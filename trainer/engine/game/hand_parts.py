"""The pieces of a hand's state the table can name: its phase, a card lying between two players,
the card on offer, who may claim it and how, the hand's result — and the first dealer
(R-DEALER)."""

from __future__ import annotations

import random
from dataclasses import dataclass
from enum import StrEnum

from trainer.engine.cards import Card, deck
from trainer.engine.errors import Dou14Error
from trainer.engine.game.events import ResultKind
from trainer.engine.position import Position
from trainer.engine.sources import Source
from trainer.engine.verdicts import Verdict


class IllegalAction(Dou14Error):
    """An action the rules do not allow now; the message names the rule."""


class Phase(StrEnum):
    LAYDOWN = "laydown"
    """After the deal: ``to_act`` may lay down (R-TOU) or end their turn (R-TOU-ORDER)."""
    DISCARD = "discard"
    """``to_act`` must discard (and may first lay down after taking a stock card)."""
    CLAIM = "claim"
    """A discarded or flipped card is offered; ``to_act`` may claim it or pass."""
    OVER = "over"


@dataclass(frozen=True, slots=True)
class Offer:
    """The card on the table that players may claim."""

    card: Card
    source: Source
    seat: int
    dealer_first_discard: bool


@dataclass(frozen=True, slots=True)
class HandResult:
    """How the hand ended: a win (with the engine's verdict and payments) or a draw."""

    winner: int | None
    kind: ResultKind
    verdict: Verdict | None
    payments: tuple[int, ...]
    discarder: int | None = None
    position: Position | None = None


@dataclass
class Claimable:
    """One seat's possible claims on the offered card (R-CHI, R-PONG, R-KONG, R-WIN)."""

    seat: int
    win: bool = False
    pong: bool = False
    kong: bool = False
    chi: tuple[Card, ...] = ()


def first_dealer(rng: random.Random, players: int) -> tuple[int, Card, int]:
    """R-DEALER: a random player turns a random card and counts that many seats from themself,
    counting themself as 1. A joker has no rank and is turned again [closest reading]. Returns
    (dealer, the card turned, the turner)."""
    turner = rng.randrange(players)
    cards = deck()
    while True:
        card = rng.choice(cards)
        if card.rank is not None:
            return (turner + card.rank - 1) % players, card, turner
