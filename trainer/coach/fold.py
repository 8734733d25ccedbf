"""Letting a card go by (R-PAY, R-CHI, R-PONG, R-READ): at 斗十四 a player discards only after
taking a card — a chi, or a pong and its stock card —, so every claim owes a discard and a pass
owes none. The search prices a claim on play-outs of uniformly dealt hands, which hold a ready
hand (下叫) far less often than the hands players keep (:mod:`trainer.coach.deal_in_price`), so
the discard a claim owes is priced too cheaply there. The expert reads that discard from the
table instead (:func:`owed_discard`, the best-calibrated reading) and passes the claim when the
discard is likely to deal in (:data:`FOLD_AT`) and the claim gains too little over passing to
pay for that risk (:func:`folds`): a 点炮 pays every loser's share.

>>> FOLD_AT
0.04
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field

from trainer.analysis.chance import deal_in_chances
from trainer.analysis.table import table_from_view
from trainer.bots.heuristic import BOT_SAMPLES, discard_key
from trainer.coach.deal_in_price import laid_fan_cost
from trainer.coach.deals import deal_again, searchable
from trainer.coach.search import view_seed
from trainer.engine.cards import Card
from trainer.engine.combine import rank_counts
from trainer.engine.errors import Dou14Error
from trainer.engine.game.actions import Action, ActionKind
from trainer.engine.game.hand_parts import Phase
from trainer.engine.game.view import PlayerView, view_of

FOLD_AT = 0.04
"""The chance of dealing in, of the discard a claim would owe, from which the expert weighs letting
the card go by (:func:`folds`). On 1,000 duplicate deals (``dou14 simulate --bots
expert,heuristic --duplicate --hands 1000 --seed 7``, 384 deals per option, chis cross-fitted)
the expert made +1.43 points a hand against the heuristic in the same seats (95% +1.07 … +1.78)
and dealt in 4.4% of its hands against 5.3% (0.83×); letting every such claim go, whatever it
gained, +1.25 (+0.89 … +1.61) and 3.3% against 5.4% (0.61×): fewer deal-ins, fewer points."""
CLAIMS = frozenset({ActionKind.CHI, ActionKind.PONG})
"""The claims that owe a discard (a kong's stock cards and a win are another matter)."""
SALT = 3
"""Keeps the deal that stands for a pong's hidden stock card apart from the search's deals."""
DEALS_TRIED = 8
"""Deals tried, one salt after another, for one in which the claim stands: the seats asked
before the viewer are asked again in a deal, and one may pong the card there."""


@dataclass(frozen=True)
class Owed:
    """The discard a claim owes and its chance of dealing in, as the table reads it then."""

    card: Card
    chance: float
    after: PlayerView = field(compare=False, repr=False)
    """The claimer's view right after the claim, before that discard (for a pong, with one
    deal's card standing for the hidden stock card)."""


def owed_discard(view: PlayerView, claim: Action, card: Card | None = None) -> Owed | None:
    """The discard owed right after ``claim`` (a chi or a pong of the card offered to the
    viewer) — ``card``, the one the search found best after a chi (its value's ``then``), else
    the heuristic's — with its chance of dealing in as the table then reads it; None when the
    claim owes none (it is no chi or pong, or the engine refuses it). A pong's stock card is
    hidden: one deal of the view's unseen cards, seeded from the public view, stands for it —
    the first of :data:`DEALS_TRIED` in which the claim stands (the seats after the viewer let
    the card go; a seat asked again may take it first in some deals). A chi's discard is read
    from public cards alone, whichever deal that is."""
    if claim.kind not in CLAIMS or view.phase is not Phase.CLAIM or not searchable(view):
        return None
    after = next((found for salt in range(SALT, SALT + DEALS_TRIED)
                  if (found := _after_claim(view, claim, salt)) is not None), None)
    if after is None:
        return None
    chances = deal_in_chances(table_from_view(after), proofs=False, samples=BOT_SAMPLES)
    if card is None or card not in chances:
        counts = rank_counts(after.hand)
        card = min(chances, key=lambda c: discard_key(counts, c, chances[c].value))
    return Owed(card, chances[card].value, after)


def _after_claim(view: PlayerView, claim: Action, salt: int) -> PlayerView | None:
    """The viewer's view right after ``claim`` on a deal seeded by ``salt``, the seats after
    them letting the card go; None where the engine refuses it or another seat takes it."""
    state = deal_again(view, random.Random(view_seed(view, salt=salt)))
    try:
        state.apply(claim)
        while state.phase is Phase.CLAIM and state.to_act != view.seat:  # the claim stands
            state.apply(Action(state.to_act, ActionKind.PASS))  # if the seats after let it
    except Dou14Error:
        return None
    if state.phase is not Phase.DISCARD or state.to_act != view.seat:
        return None
    return view_of(state, view.seat)


def folds(view: PlayerView, claim: Action, card: Card | None = None, *,
          gain: float = 0.0) -> Owed | None:
    """The discard that makes the expert let the card go by instead of ``claim``, if it does:
    one at least :data:`FOLD_AT` likely to deal in (``card``: as :func:`owed_discard`), unless
    the claim's ``gain`` over letting the card go (points, the search's) would still pay for a
    deal-in at that chance, each at its price (:func:`~trainer.coach.deal_in_price.laid_fan_cost`,
    every loser's share, R-PAY). The search has already priced some of that risk, so this
    keeps every claim worth its table-read risk in full: a chi that wins 14 points more is not
    let go for a 6% chance of paying 6. A gain that would pay even for a sure deal-in never
    folds, and the table is not read for it."""
    price = -laid_fan_cost(view)
    if gain >= price:
        return None
    owed = owed_discard(view, claim, card)
    if owed is None or owed.chance < FOLD_AT:
        return None
    return owed if gain < owed.chance * price else None
