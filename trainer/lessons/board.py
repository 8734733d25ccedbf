"""What a lesson task shows: a picture of the table from the learner's seat (R-SEAT, R-PUBLIC).

You sit at the bottom; your lower player (下家) on the right, your upper player (上家) on the
left, the player opposite (对家) at the top. The same picture serves lessons, drills, puzzles and
Play (``trainer.ui.card_table`` draws it).
"""

from __future__ import annotations

from dataclasses import dataclass

from trainer.engine import DEFAULT_RULES, Card, Meld, Relation, RuleSet
from trainer.engine.messages import Message
from trainer.engine.priority import ClaimKind
from trainer.engine.sources import Source, TableCard
from trainer.lessons.buttons import TableButton


@dataclass(frozen=True, slots=True)
class SeatPicture:
    """Another player as you see them."""

    relation: Relation
    hidden: int | None = None
    melds: tuple[Meld, ...] = ()
    pile: tuple[TableCard, ...] = ()
    open_hand: tuple[Card, ...] = ()
    claim: ClaimKind | None = None
    dealer: bool = False
    passed: tuple[Card, ...] = ()
    """The cards that passed them since their concealed hand last changed (R-READ)."""


@dataclass(frozen=True, slots=True)
class Board:
    """The table of one task: your cards, your melds and pile, the others' seats, the stock, the
    card in question with where it came from, and the cards to tap."""

    hand: tuple[Card, ...]
    """Your concealed cards."""
    melds: tuple[Meld, ...] = ()
    pile: tuple[TableCard, ...] = ()
    seats: tuple[SeatPicture, ...] = ()
    offer: Card | None = None
    offer_from: Relation | None = None
    offer_source: Source | None = None
    first_discard: bool = False
    caption: Message | None = None
    """What the card in question is, when it is not a claim (e.g. "your card")."""
    stock: int | None = None
    rules: RuleSet = DEFAULT_RULES
    your_claim: ClaimKind | None = None
    dealer: bool = False
    moment: Message | None = None
    """The moment, in words (e.g. "right after your pong you drew …")."""
    buttons: tuple[TableButton, ...] = ()
    """The table's buttons at this moment (a move task): claims, a discard, the lay-downs."""
    choices: tuple[Card, ...] | None = None
    """The cards to tap when they are not your hand (e.g. the cards that might win it)."""
    then: Message | None = None
    """On the table after the learner's move: what happened since, said under the table."""

    @property
    def tappable(self) -> tuple[Card, ...]:
        """The cards a tap task's indices refer to: the choices, else your hand."""
        return self.hand if self.choices is None else self.choices

    @property
    def shows_cards(self) -> bool:
        """Whether the question shows any card (a hand, sets, seats or a card on offer)."""
        return bool(self.tappable or self.seats or self.melds or self.offer is not None)
