"""How a card came onto the table to be claimed: discarded from a hand, or flipped from the
stock (R-FLIP). Claims depend on it — an own discard is never claimed, an own flip only as the
table allows (R-OWN-FLIP), and 点炮 is paid only on a discard (R-PAY).

>>> Source("flip") is Source.FLIP
True
>>> TableCard(Card.parse("9h"), Source.FLIP)
TableCard(card=Card.parse('9h'), source=<Source.FLIP: 'flip'>)
>>> Source.read("draw")
Traceback (most recent call last):
...
trainer.engine.errors.Dou14Error: source must be 'discard' or 'flip', not 'draw'
"""

from __future__ import annotations

from enum import StrEnum
from typing import NamedTuple

from trainer.engine.cards import Card
from trainer.engine.errors import Dou14Error
from trainer.engine.inputs import member


class Source(StrEnum):
    """How the card on the table got there (its JSON value is the member's value)."""

    DISCARD = "discard"
    FLIP = "flip"

    @classmethod
    def read(cls, value: object) -> Source:
        """``value`` as a source, or :class:`Dou14Error` naming what was given."""
        found = member(cls, value)
        if found is not None:
            return found
        raise Dou14Error(f"source must be 'discard' or 'flip', not {value!r}")


class TableCard(NamedTuple):
    """A card lying between a player and their lower player, and how it got there (R-PUBLIC:
    every card's origin is public). The pile it lies in says whose it is."""

    card: Card
    source: Source
