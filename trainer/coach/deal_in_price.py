"""A discard's deal-in priced at its chance (R-PAY, R-SAFE, R-READ).

The coach deals the hidden cards again uniformly (:mod:`trainer.coach.deals`), but players keep
their 14-pairs, so a uniform deal holds a ready hand (下叫) far less often than the table does —
at 3 and 5 concealed cards some five times less — and a search on uniform deals prices a 点炮 too
rarely. So the deals of a discard are split in two: those where an opponent wins on the card at
once (the viewer deals in and pays every share, R-PAY) and the rest; each part is weighed so that
the first counts as often as the table's chance of dealing in says
(:func:`trainer.analysis.chance.deal_in_chances`, the best-calibrated reading) — post-
stratification, with the mean payment of each part from its own play-outs. When no deal of the
sample deals in, the deal-in's cost is the mean of the decision's other discards that did, or
else the shares an opponent's laid fan already earns (R-FAN, R-SCORE)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from trainer.analysis.chance import deal_in_chances
from trainer.analysis.table import table_from_view
from trainer.coach.fast_form import CLAIM
from trainer.coach.fast_hand import FastHand
from trainer.coach.weighted import mean
from trainer.engine.game.actions import Action, ActionKind
from trainer.engine.game.view import PlayerView


def deals_in(hand: FastHand, seat: int) -> bool:
    """Right after ``seat``'s discard: can an opponent win on it? The wins are asked first
    (R-PRIORITY) and always taken (R-READ's assumption), so the play-out ends in the viewer's
    点炮. (A discard nobody may claim goes to the pile and the flips go on until a card is
    claimable, R-FLIP: a card on offer then is a flip, and a win on it is no deal-in.)"""
    return hand.phase == CLAIM and hand.offer_seat == seat and not hand.offer_flip and \
        bool(hand.ask) and hand.ask[0][1]


def discard_chances(view: PlayerView, options: Sequence[Action]) -> dict[Action, float]:
    """The chance that each discard among ``options`` deals in, as the table reads it
    (:func:`trainer.analysis.chance.deal_in_chances`); other options have none."""
    discards = [a for a in options if a.kind is ActionKind.DISCARD]
    if not discards:
        return {}
    chances = deal_in_chances(table_from_view(view), [a.cards[0] for a in discards])
    return {action: chances[action.cards[0]].value for action in discards}


def stratify(view: PlayerView, payments: Mapping[Action, Sequence[float]],
             dealt_in: Mapping[Action, Sequence[bool]], weights: Sequence[float],
             chances: Mapping[Action, float], *,
             cost: float | None = None) -> dict[Action, list[float]]:
    """Each discard's payments re-weighed per deal (:func:`reweigh`), so that their weighted
    mean is ``p × (mean when it deals in) + (1 − p) × (mean otherwise)``, ``p`` the card's
    chance of dealing in (``chances``, :func:`discard_chances`); other options' payments are
    left as they are. ``cost``: :func:`deal_in_cost`, when the caller has it already."""
    discards = [a for a in payments if a in chances]
    found = {action: list(paid) for action, paid in payments.items()}
    if not discards or not weights:
        return found
    if cost is None:
        cost = deal_in_cost(view, payments, dealt_in, weights, discards)
    for action in discards:
        found[action] = reweigh(payments[action], dealt_in[action], weights, chances[action],
                                cost)
    return found


def deal_in_cost(view: PlayerView, payments: Mapping[Action, Sequence[float]],
                 dealt_in: Mapping[Action, Sequence[bool]], weights: Sequence[float],
                 discards: Sequence[Action]) -> float:
    """What a deal-in costs the viewer, for a discard no deal of the sample deals in on: the
    mean payment of the deals where any of ``discards`` dealt in, else
    :func:`laid_fan_cost`."""
    pooled = [(w, x) for a in discards
              for w, x, hit in zip(weights, payments[a], dealt_in[a], strict=True) if hit]
    if not pooled:
        return laid_fan_cost(view)
    return mean([x for _, x in pooled], [w for w, _ in pooled])


def reweigh(values: Sequence[float], hits: Sequence[bool], weights: Sequence[float],
            chance: float, at_deal_in: float) -> list[float]:
    """One discard's per-deal ``values`` (a payment, or 1/0 for an outcome) re-weighed so that
    their weighted mean is ``chance × (mean over the deals that deal in) + (1 − chance) × (mean
    over the rest)``; when no deal of the sample deals in, ``at_deal_in`` stands for that
    part's mean, and when every deal does, nothing is re-weighed."""
    share = mean([float(hit) for hit in hits], weights)
    if share >= 1.0:
        return list(values)
    if share <= 0.0:
        return [(1 - chance) * x + chance * at_deal_in for x in values]
    return [x * (chance / share if hit else (1 - chance) / (1 - share))
            for x, hit in zip(values, hits, strict=True)]


def laid_fan_cost(view: PlayerView) -> float:
    """What the viewer pays on a deal-in when no play-out shows one: every other player's share
    (R-PAY) at the mean fan the opponents' laid sets already carry (R-FAN, R-SCORE)."""
    rules = view.rules
    others = [seat for seat in range(rules.players) if seat != view.seat]
    fans = [sum(meld.fan(rules.joker_kong_fan) for meld in view.melds[seat]) for seat in others]
    fan = round(sum(fans) / len(fans))
    return -float(rules.share(fan) * (rules.players - 1))
