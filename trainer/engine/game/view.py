"""What one player may see (R-PUBLIC): their own hand, everyone's laid-down sets, the cards between
neighbours with their origin, hand sizes and the stock size — nothing else. Bots and the app get
only this."""

from __future__ import annotations

from dataclasses import dataclass

from trainer.engine.cards import Card
from trainer.engine.game.actions import Action
from trainer.engine.game.hand_parts import HandResult, Offer, Phase
from trainer.engine.game.history import PublicHistory
from trainer.engine.game.state import HandState
from trainer.engine.melds import Meld
from trainer.engine.rules import RuleSet
from trainer.engine.sources import TableCard


@dataclass(frozen=True, slots=True)
class PlayerView:
    seat: int
    rules: RuleSet
    dealer: int
    phase: Phase
    to_act: int
    hand: tuple[Card, ...]
    melds: tuple[tuple[Meld, ...], ...]
    piles: tuple[tuple[TableCard, ...], ...]
    hand_sizes: tuple[int, ...]
    stock_size: int
    offer: Offer | None
    dealer_discarded: bool
    legal: tuple[Action, ...]
    result: HandResult | None
    """Only once the hand is over (the winner's hand is then shown, as at the table)."""
    history: PublicHistory | None = None
    """The public history: for each seat the cards that passed them since their concealed hand
    last changed (R-READ)."""

    def visible_cards(self) -> list[Card]:
        """Every card this player can see: own hand, all melds, all table cards, the offer."""
        cards = list(self.hand)
        for melds in self.melds:
            for meld in melds:
                cards.extend(meld.cards)
        for pile in self.piles:
            cards.extend(entry.card for entry in pile)
        if self.offer is not None:
            cards.append(self.offer.card)
        return cards


def view_of(state: HandState, seat: int) -> PlayerView:
    """The view of ``seat`` (R-PUBLIC)."""
    return PlayerView(
        seat, state.rules, state.dealer, state.phase, state.to_act,
        tuple(sorted(state.hands[seat], key=lambda c: c.index)),
        tuple(tuple(m) for m in state.melds), tuple(tuple(p) for p in state.piles),
        tuple(len(h) for h in state.hands), len(state.stock), state.offer,
        state.dealer_discarded,
        tuple(state.legal_actions()) if state.to_act == seat else (),
        state.result if state.phase is Phase.OVER else None,
        state.table_history(),
    )
