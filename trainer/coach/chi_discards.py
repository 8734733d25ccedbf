"""A chi's discard (R-CHI): the cards the viewer may discard after it, and the chi's value with
the discard chosen as a player would choose it — before seeing the deal.

The search plays every card the chi leaves out on the same deals and keeps the best. Keeping the
best of noisy means and then quoting that same mean is biased upwards (the winner's curse): the
card that looks best on a sample is partly the one the sample favoured. The chi's value is
therefore *cross-fitted*: the discard for the even-numbered deals is chosen on the odd ones and
the reverse, so no deal values the card it chose. The words still name the card that is best over
all the deals.
"""

from __future__ import annotations

from collections.abc import Sequence

from trainer.coach.weighted import mean
from trainer.engine.cards import Card
from trainer.engine.game.actions import Action, ActionKind
from trainer.engine.game.view import PlayerView


def follow_ups(view: PlayerView, action: Action) -> tuple[Card, ...]:
    """The discards a chi owes the viewer a choice of (R-CHI): each card of the hand it leaves,
    once. The play-outs' policy picks a discard by pairs and red alone, blind to a wait whose
    winning cards are all in sight or to the red a win needs; a chi is worth what its best
    discard makes of it — one fixed card, as the viewer chooses it before seeing any deal.
    None for every other option (a pong's discard waits on its hidden stock card)."""
    if action.kind is not ActionKind.CHI or len(action.cards) != 1:
        return ()
    rest = list(view.hand)
    if action.cards[0] not in rest:
        return ()
    rest.remove(action.cards[0])
    return tuple(dict.fromkeys(rest))


def _mean_over(values: Sequence[float], weights: Sequence[float], fold: int) -> float:
    """The weighted mean over the deals of parity ``fold``."""
    return mean(values[fold::2], weights[fold::2])


def cross_fitted(values: Sequence[Sequence[float]], weights: Sequence[float]) -> list[float]:
    """Per deal, the value of the discard chosen on the other half of the deals: ``values[k][i]``
    is discard ``k``'s payment in deal ``i``; deal ``i`` takes the ``k`` whose weighted mean
    over the deals of the other parity is highest (the first on a tie). With one deal there is
    no other half, and that deal takes the best of its own.

    >>> cross_fitted([[0.0, 4.0, 0.0, 4.0], [3.0, 0.0, 3.0, 0.0]], [1.0] * 4)
    [0.0, 0.0, 0.0, 0.0]
    >>> cross_fitted([[1.0], [2.0]], [1.0])
    [2.0]
    """
    if not values:
        return []
    deals = len(weights)
    if deals < 2:
        return [max(card[0] for card in values)] if deals else []
    chosen = [max(range(len(values)), key=lambda k: (_mean_over(values[k], weights, 1 - fold), -k))
              for fold in (0, 1)]
    return [values[chosen[i % 2]][i] for i in range(deals)]
