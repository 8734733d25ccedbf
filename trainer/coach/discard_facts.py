"""What letting one card go leaves, on the lessons' four questions (R-WAIT, R-PAIR14, R-RED,
R-SAFE): ready (下叫) or not, a 14-pair broken or a loose card thrown, the red kept, the chance
it deals in (点炮). Worked out once per discard and said two ways — option by option
(:func:`~trainer.coach.explain.why`) and two options set against each other
(:mod:`trainer.coach.contrast`)."""

from __future__ import annotations

from dataclasses import dataclass

from trainer.analysis.chance import deal_in_chances
from trainer.analysis.table import table_from_view
from trainer.analysis.unseen_waits import UnseenWaits, waits_after
from trainer.engine.cards import Card, red_total
from trainer.engine.combine import lacks_partner, rank_counts
from trainer.engine.game.actions import Action
from trainer.engine.game.view import PlayerView


@dataclass(frozen=True, slots=True)
class DiscardFacts:
    """What discarding ``action``'s card leaves."""

    action: Action
    """The discard, one of the viewer's options."""
    kept: tuple[Card, ...]
    """The concealed cards after the discard."""
    waiting: UnseenWaits
    """The kept cards' waits as the viewer sees the table (R-WAIT)."""
    breaks_pair: bool
    """The card had a 14-partner in the hand: letting it go breaks a pair (R-PAIR14)."""
    red: int
    """The red the kept cards and the viewer's sets carry."""
    chance: float
    """The chance the card deals in (R-SAFE), read from everything public (R-READ)."""
    proven: bool
    """Proven safe against every opponent."""

    @property
    def card(self) -> Card:
        return self.action.cards[0]

    @property
    def ready(self) -> bool:
        """Ready (下叫) on a card still unseen."""
        return self.waiting.ready and self.waiting.copies_left > 0


def discard_facts(view: PlayerView, actions: list[Action]) -> list[DiscardFacts]:
    """The facts of each discard in ``actions``, their chances read together."""
    cards = [action.cards[0] for action in actions]
    chances = deal_in_chances(table_from_view(view, first_discard=not view.dealer_discarded),
                              cards)
    counts = rank_counts(view.hand)
    melds = view.melds[view.seat]
    found = []
    for action, card in zip(actions, cards, strict=True):
        rest = list(view.hand)
        rest.remove(card)
        kept = tuple(rest)
        found.append(DiscardFacts(action, kept, waits_after(view, kept),
                                  not lacks_partner(counts, card.rank), red_total(kept, melds),
                                  chances[card].value, chances[card].safe))
    return found
