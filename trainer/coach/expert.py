"""The expert bot: at each of its decisions, the heuristic's choice unless the search
(:func:`trainer.coach.search.evaluate`) finds another option better by more than
:data:`CONFIDENCE` standard errors of the paired difference — a search on a few dozen deals is
noisy, and a noisy switch away from a sound choice loses points; in the lay-down round (before
the first discard) the heuristic's. Among the discards the search cannot tell from the one
chosen, the one least likely to deal in (:data:`SAFEST`, R-SAFE, R-PAY: a 点炮 pays every
share); a chi or pong let go by when the discard it owes is likely to deal in for too little gain
(:mod:`trainer.coach.fold`). From its view only."""

from __future__ import annotations

import random
from enum import StrEnum
from typing import NamedTuple

from trainer.analysis.chance import deal_in_chances
from trainer.analysis.table import table_from_view
from trainer.bots.heuristic import HeuristicBot
from trainer.coach.deals import searchable
from trainer.coach.fold import CLAIMS, Owed, folds
from trainer.coach.search import BUDGETS, Decision, evaluate, follow_ups, view_seed
from trainer.engine.game.actions import Action, ActionKind
from trainer.engine.game.moves import same_move
from trainer.engine.game.view import PlayerView

CONFIDENCE = 1.0
"""Standard errors by which the search's best must beat the heuristic's choice."""
SAFEST = True
"""Whether, among the discards within :data:`SAFE_WITHIN` standard errors of the chosen one's
value, the expert takes the least likely to deal in."""
SAFER_BY = 0.02
"""How much less likely to deal in a discard must be to replace the chosen one: two cards both
under 1% are equally safe to a player, and the swap would break a 14-pair for nothing."""
SAFE_WITHIN = 1.0
"""Standard errors of the paired difference within which a discard counts as no worse. With it
the expert makes +1.43 points a hand against the heuristic and 0.83x its deal-ins (today's
search, measured with :data:`~trainer.coach.fold.FOLD_AT`). The margins were compared on an
earlier search of the same 1,000 duplicate deals (seed 7, 384 deals per option): at 1 standard
error with :data:`SAFER_BY` +1.25 points and 0.83x, without the margin +1.38 and 0.81x, at 2
standard errors +1.30 and 0.81x, with no safer swap at all +1.28 and 0.83x — the same within the
runs' noise (about ±0.18 points). The margin is kept for what the coach teaches (no pair broken
for a hundredth of a chance)."""


class Advice(StrEnum):
    """Why the expert plays what it plays."""

    BEST = "best"
    """The search's best option."""
    SOUND = "sound"
    """The heuristic's choice, which the search could not beat clearly (:data:`CONFIDENCE`)."""
    SAFER = "safer"
    """A discard as good as the others within the search's error, less likely to deal in."""
    FOLD = "fold"
    """A pass where the chosen claim would owe a discard likely to deal in, for too little gain
    (:func:`trainer.coach.fold.folds`)."""


class Advised(NamedTuple):
    """The expert's move, why, and for a claim let go by the claim and the discard it owed."""

    move: Action
    why: Advice
    let_go: tuple[Action, Owed] | None = None


def advised(view: PlayerView, decision: Decision, sound: Action) -> Advised:
    """The expert's move at ``decision`` when the heuristic plays ``sound``, and why: the
    search's best when it beats ``sound`` by more than :data:`CONFIDENCE` standard errors, else
    ``sound``; a pass instead of a chi or pong that would owe a discard likely to deal in
    (:func:`~trainer.coach.fold.folds`); then, with :data:`SAFEST`, the discard least likely to
    deal in among those as good (:func:`safest`). Play's coach says the same
    (:mod:`trainer.play.coach_hint`)."""
    kept = decision.value_of(sound)
    if kept is None:  # not an option the search weighed
        return Advised(sound, Advice.SOUND)
    clear = kept.loss > CONFIDENCE * kept.loss_error
    chosen = decision.best.action if clear else sound
    passes = [o for o in decision.options if o.action.kind is ActionKind.PASS]
    chosen_value = decision.value_of(chosen)
    owed = folds(view, chosen, follow_ups(decision).get(chosen),
                 gain=chosen_value.mean - passes[0].mean) \
        if chosen.kind in CLAIMS and passes and chosen_value is not None else None
    if owed is not None:
        return Advised(passes[0].action, Advice.FOLD, (chosen, owed))
    safer = safest(view, decision, chosen) if SAFEST else chosen
    if not same_move(safer, chosen):
        return Advised(safer, Advice.SAFER)
    best = clear or same_move(chosen, decision.best.action)
    return Advised(chosen, Advice.BEST if best else Advice.SOUND)


def sound_move(view: PlayerView) -> Action:
    """The heuristic's choice with a coin drawn from the public view alone (its one coin
    decides a pong against a kong): the same advice at every look at this view."""
    return HeuristicBot().choose(view, random.Random(view_seed(view, salt=1)))


class ExpertBot:
    name = "expert"

    def __init__(self, deals: int = BUDGETS["expert"]) -> None:
        self.deals = deals
        self._heuristic = HeuristicBot()

    def choose(self, view: PlayerView, rng: random.Random) -> Action:
        sound = self._heuristic.choose(view, rng)  # a win open to it first (R-READ)
        if not searchable(view) or len(view.legal) < 2:
            return sound
        return advised(view, evaluate(view, self.deals), sound).move


def safest(view: PlayerView, decision: Decision, chosen: Action) -> Action:
    """Of the discards whose value the search cannot tell from ``chosen``'s (no further below
    the best than :data:`SAFE_WITHIN` standard errors, or no further than ``chosen`` itself),
    the one with the least chance of dealing in, when that is at least :data:`SAFER_BY` less
    than ``chosen``'s; else ``chosen``."""
    value = decision.value_of(chosen)
    if chosen.kind is not ActionKind.DISCARD or value is None:
        return chosen
    close = [value, *(o for o in decision.options if o.action != value.action and
                      o.action.kind is ActionKind.DISCARD and
                      o.loss <= max(value.loss, SAFE_WITHIN * o.loss_error))]
    if len(close) < 2:
        return chosen
    chances = [o.chance for o in close if o.chance is not None]
    if len(chances) < len(close):  # a search that did not price its discards
        read = deal_in_chances(table_from_view(view), [o.action.cards[0] for o in close])
        chances = [read[o.action.cards[0]].value for o in close]
    safer = min(range(len(close)), key=chances.__getitem__)
    return close[safer].action if chances[0] - chances[safer] >= SAFER_BY else chosen
