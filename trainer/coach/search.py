"""Every option of a decision valued in points (R-PAY, R-SCORE): the same deals of the hidden
cards (:func:`trainer.coach.deals.deal_again`) for every option, each played out to the end
(:func:`trainer.coach.playout.play_out`; a deal is made into the fast form of
:mod:`trainer.coach.fast_hand` once and copied per option, not deep-copied as a whole state); an
option's value is the viewer's mean payment, with its standard error, and its loss the best
option's mean less its own, with the standard error of the paired difference (the same deals
under both options: most of the luck cancels).

A chi owes a discard, and the viewer chooses it: a chi is valued at the best of the discards it
leaves, one card chosen before the deal is seen, not at the play-out policy's pick; the best is
chosen on the other half of the deals (:mod:`trainer.coach.chi_discards`), so the sample that
picks it does not also price it.

The deals' seed is drawn from the public view alone, so the values depend on nothing the viewer
cannot see; a budget is the number of deals per option."""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from trainer.analysis.seeds import SEPARATOR, public_seed
from trainer.coach import chi_discards
from trainer.coach.chi_discards import cross_fitted
from trainer.coach.deal_in_price import deal_in_cost, deals_in, discard_chances, reweigh, stratify
from trainer.coach.deals import deal_again, deal_log_weight, searchable
from trainer.coach.fast_actions import apply
from trainer.coach.fast_form import DISCARD
from trainer.coach.fast_hand import FastHand
from trainer.coach.fast_playout import play
from trainer.coach.weighted import mean, standard_error
from trainer.engine.cards import Card, parse_card
from trainer.engine.errors import Dou14Error
from trainer.engine.game.actions import Action, ActionKind
from trainer.engine.game.moves import WINS, distinct_moves, same_move
from trainer.engine.game.view import PlayerView
from trainer.engine.messages import Points, points_gap

BUDGETS = {"hint": 192, "expert": 384, "review": 768}
"""Deals per option: the coach's hint in Play (quick), the expert bot, the review after a hand —
what the compiled fast play-outs (:mod:`trainer.coach.fast_playout`, :mod:`trainer.coach.native`)
afford within each one's time (``benchmarks/coach.py``: the hint under 300 ms at p95, a
20-decision hand reviewed in seconds). More deals, less noise: the expert keeps the heuristic's
choice unless the search beats it clearly, and a review flags only what it can tell apart."""
Z95 = 1.96
"""Half-width of a 95% interval, in standard errors: every interval the coach states."""
MISTAKE_POINTS = 0.5
"""A choice is a mistake when it loses at least this much and its interval excludes 0."""


@dataclass(frozen=True, slots=True)
class OptionValue:
    action: Action
    mean: float
    """The viewer's mean payment over the deals, in points."""
    error: float
    """The standard error of ``mean``."""
    loss: float = 0.0
    """The best option's mean less this one's."""
    loss_error: float = 0.0
    """The standard error of ``loss`` (paired over the same deals)."""
    chance: float | None = field(default=None, compare=False)
    """A discard's chance of dealing in, when the search priced it: the table reading's
    (:func:`~trainer.analysis.chance.deal_in_chances`), kept so that nothing reads it twice;
    not stored, and not part of the value (a decision read back from JSON equals it)."""
    wins: float | None = field(default=None, compare=False)
    """The share of the deals in which the viewer wins the hand after this option — only a
    winner is paid (R-PAY) — weighed as ``mean`` is: why an option is worth what it is."""
    pays: float | None = field(default=None, compare=False)
    """The share in which another player wins and the viewer pays."""
    win_points: float | None = field(default=None, compare=False)
    """The viewer's mean payment over the deals they win (0 when they win none): with
    ``pays`` and ``pay_points``, ``mean = wins × win_points + pays × pay_points`` — a win's
    size (its fan, R-FAN) is the other half of why one option is worth more."""
    pay_points: float | None = field(default=None, compare=False)
    """The viewer's mean payment over the deals they pay in (negative; 0 when none)."""
    then: Card | None = None
    """A chi's discard as its words name it: the best of those the chi leaves over all the
    deals (the value is cross-fitted, :func:`~trainer.coach.chi_discards.cross_fitted`)."""


@dataclass(frozen=True, slots=True)
class Decision:
    """The options of one decision, best first."""

    options: tuple[OptionValue, ...]
    deals: int

    @property
    def best(self) -> OptionValue:
        return self.options[0]

    def value_of(self, action: Action) -> OptionValue | None:
        """The value of ``action``, or of the option it is the same move as (a discard of
        another card of its rank and colour)."""
        return next((option for option in self.options if option.action == action), None) or \
            next((option for option in self.options if same_move(option.action, action)), None)

    def shown_loss(self, action: Action) -> Points:
        """How far ``action``'s mean is below the best's, as the two figures are shown
        (:func:`~trainer.engine.messages.points_gap`: the gap a learner gets by subtracting
        them); 0 for a move the decision did not weigh."""
        value, best = self.value_of(action), self.best.mean
        return points_gap(best, best if value is None else value.mean)

    def is_mistake(self, action: Action) -> bool:
        """Losing ≥ :data:`MISTAKE_POINTS`, with a 95% interval that excludes 0."""
        option = self.value_of(action)
        return option is not None and option.loss >= MISTAKE_POINTS and \
            option.loss - Z95 * option.loss_error > 0


def follow_ups(decision: Decision) -> dict[Action, Card]:
    """Each chi's discard as the search valued it (:attr:`OptionValue.then`): what the coach's
    words on a chi say it leaves."""
    return {o.action: o.then for o in decision.options if o.then is not None}


def decision_to_json(decision: Decision) -> dict[str, Any]:
    """A decision as plain JSON: its budget and each option's action and values."""
    return {"deals": decision.deals,
            "options": [{"action": o.action.to_json(), "mean": round(o.mean, 6),
                         "error": round(o.error, 6), "loss": round(o.loss, 6),
                         "loss_error": round(o.loss_error, 6),
                         **({} if o.wins is None or o.pays is None else
                            {"wins": round(o.wins, 4), "pays": round(o.pays, 4)}),
                         **({} if o.win_points is None or o.pay_points is None else
                            {"win_points": round(o.win_points, 4),
                             "pay_points": round(o.pay_points, 4)}),
                         **({} if o.then is None else {"then": str(o.then)})}
                        for o in decision.options]}


def decision_from_json(data: Any) -> Decision:
    """The decision :func:`decision_to_json` wrote; :class:`Dou14Error` naming what is wrong."""
    if not isinstance(data, dict):
        raise Dou14Error("a decision is a JSON object")
    deals, options = data.get("deals"), data.get("options")
    if not isinstance(deals, int) or isinstance(deals, bool) or deals < 0 or \
            not isinstance(options, list) or not options:
        raise Dou14Error("a decision needs its deals and at least one option")
    values = []
    for raw in options:
        if not isinstance(raw, dict):
            raise Dou14Error("each option of a decision is an object")
        numbers = [raw.get(name) for name in ("mean", "error", "loss", "loss_error")]
        if not all(isinstance(n, int | float) and not isinstance(n, bool) and math.isfinite(n)
                   for n in numbers):
            raise Dou14Error("an option needs its mean, error, loss and loss error")
        mean, error, loss, loss_error = (float(n) for n in numbers)  # type: ignore[arg-type]
        wins, pays = _share(raw, "wins"), _share(raw, "pays")
        win_points, pay_points = _points(raw, "win_points"), _points(raw, "pay_points")
        then = raw.get("then")
        if then is not None and not isinstance(then, str):
            raise Dou14Error("a chi's discard is a card in notation")
        values.append(OptionValue(Action.from_json(raw.get("action")), mean, error, loss,
                                  loss_error, wins=wins, pays=pays, win_points=win_points,
                                  pay_points=pay_points,
                                  then=None if then is None else parse_card(then)))
    return Decision(tuple(values), deals)


def _share(raw: dict[str, Any], name: str) -> float | None:
    """An option's optional share (``wins``, ``pays``): absent in values stored before them."""
    return _optional_number(raw, name, lambda value: 0 <= value <= 1, "a share from 0 to 1")


def _points(raw: dict[str, Any], name: str) -> float | None:
    """An option's optional mean payment (``win_points``, ``pay_points``)."""
    return _optional_number(raw, name, math.isfinite, "a number of points")


def _optional_number(raw: dict[str, Any], name: str, fits: Callable[[float], bool],
                     what: str) -> float | None:
    """``raw[name]`` as a float, None when absent; :class:`Dou14Error` saying it must be
    ``what`` when it is no number ``fits`` takes."""
    value = raw.get(name)
    if value is None:
        return None
    if not isinstance(value, int | float) or isinstance(value, bool) or not fits(value):
        raise Dou14Error(f"an option's {name} is {what}")
    return float(value)


def view_seed(view: PlayerView, salt: int = 0) -> int:
    """A seed from the public view alone: the viewer's hand, every set and pile, the sizes,
    the passes, and ``salt`` (64 bits)."""
    parts = [view.seat, view.dealer, view.stock_size, int(view.dealer_discarded),
             *(salt % 2**64).to_bytes(8, "big"), *view.hand_sizes, SEPARATOR,
             *(c.index for c in view.hand)]
    for melds in view.melds:
        parts.append(SEPARATOR)
        parts.extend(c.index for meld in melds for c in meld.cards)
    for pile in view.piles:
        parts.append(SEPARATOR)
        parts.extend(entry.card.index for entry in pile)
    if view.history is not None:
        for seat in range(view.rules.players):
            parts.append(SEPARATOR)
            parts.extend(c.index for c in view.history.passed_cards(seat))
    return public_seed(parts)


def _options(view: PlayerView) -> list[Action]:
    """The options worth weighing: a win is always taken (R-READ's assumption), and of the
    discards that are the same move (:func:`same_move`) only the first."""
    for kind in WINS:
        wins = [a for a in view.legal if a.kind is kind]
        if wins:
            return wins[:1]
    return every_option(view)


def every_option(view: PlayerView) -> list[Action]:
    """Every legal move once, a win among them: what a review weighs where the learner let a
    win go (R-WIN) — the win is worth its payment in every deal, the other moves their
    play-outs."""
    return distinct_moves(view.legal)


def owes_discard(hand: FastHand, seat: int) -> bool:
    """``seat`` is to discard in ``hand`` (their chi took the card: no seat asked first did)."""
    return hand.phase == DISCARD and hand.to_act == seat


def discard(hand: FastHand, card: Card) -> None:
    """``card`` discarded by the seat to act (one the hand holds)."""
    hand.discard(card.index)


def weighable(view: PlayerView) -> bool:
    """A decision of the viewer with options to weigh: their own turn (:func:`searchable`), no
    win open (a win is always taken) and two options or more that are not the same move."""
    return searchable(view) and len(_options(view)) > 1


PRICED = True
"""Whether a discard's deals are weighed by its deal-in chance (:func:`stratify`). The deals
are dealt uniformly, and uniform hands are far less often ready than hands players keep (at 3
and 5 concealed cards some 5x less), so a search on them prices a deal-in too rarely."""
WEIGHTED = False
"""Whether the coach weighs each deal by the play model (:func:`deal_log_weight`). Measured off:
on the same 268 duplicate deals the expert at 192 weighed deals (about 50 effective) made
+0.74 points a hand and 1.09x the heuristic's deal-ins, at 96 plain deals +0.89 and 1.03x."""


def evaluate(view: PlayerView, deals: int, salt: int = 0, *,
             playout_seed: int | None = None, weighted: bool = WEIGHTED,
             priced: bool = PRICED, options: Sequence[Action] | None = None) -> Decision:
    """Value each option of the viewer's decision on ``deals`` deals (see the module), each
    deal's play-outs weighed, when ``weighted``, by how likely the table makes it
    (:func:`deal_log_weight`; otherwise every deal counts alike); with ``priced``, a discard's
    deals are weighed so that those it deals in on count as often as its deal-in chance says
    (:func:`trainer.coach.deal_in_price.stratify`).
    ``playout_seed`` plays every deal out with the same seed (tests compare with enumeration).
    ``options``: the moves to weigh, when not :func:`_options` (a review of a win let go weighs
    :func:`every_option`)."""
    if not searchable(view):
        raise ValueError("the coach weighs the viewer's own discard or lay-down")
    options = list(options) if options is not None else _options(view)
    rng = random.Random(view_seed(view, salt))
    payments: dict[Action, list[float]] = {action: [] for action in options}
    dealt_in: dict[Action, list[bool]] = {action: [] for action in options}
    logs: list[float] = []
    follow_ups = {action: chi_discards.follow_ups(view, action) for action in options}
    after: dict[tuple[Action, Card], list[float]] = {
        (action, card): [] for action, cards in follow_ups.items() for card in cards}
    for _ in range(deals if len(options) > 1 else 0):
        dealt = deal_again(view, rng)
        logs.append(deal_log_weight(view, dealt) if weighted else 0.0)
        seed = rng.getrandbits(64) if playout_seed is None else playout_seed
        fast = FastHand.of(dealt)
        for action in options:
            hand = fast.copy()
            apply(hand, action)
            dealt_in[action].append(action.kind is ActionKind.DISCARD and deals_in(hand, view.seat))
            if follow_ups[action] and owes_discard(hand, view.seat):
                for card in follow_ups[action]:  # the discard the chi owes, each in turn
                    then = hand.copy()
                    discard(then, card)
                    after[action, card].append(float(play(then, random.Random(seed))[view.seat]))
                continue
            result = float(play(hand, random.Random(seed))[view.seat])
            payments[action].append(result)
            for card in follow_ups[action]:  # a seat asked first took the card: no discard owed
                after[action, card].append(result)
    top = max(logs, default=0.0)
    weights = [math.exp(log - top) for log in logs]
    owed: dict[Action, Card] = {}
    for action, cards in follow_ups.items():
        if cards and logs:
            owed[action] = max(cards, key=lambda card: mean(after[action, card], weights))
            payments[action] = cross_fitted([after[action, card] for card in cards], weights)
    chances = discard_chances(view, options) if priced and len(options) > 1 else {}
    cost = deal_in_cost(view, payments, dealt_in, weights, list(chances)) if chances else 0.0
    shares = {action: _outcomes(paid, dealt_in[action], weights, chances.get(action), cost)
              for action, paid in payments.items()}
    if chances:
        payments = stratify(view, payments, dealt_in, weights, chances, cost=cost)
    means = {a: mean(p, weights) for a, p in payments.items()}
    best = max(options, key=lambda a: (means[a], -options.index(a)))
    values = []
    for action in options:
        paid = payments[action]
        diffs = [b - a for a, b in zip(paid, payments[best], strict=True)]
        values.append(OptionValue(action, means[action], standard_error(paid, weights),
                                  means[best] - means[action], standard_error(diffs, weights),
                                  chances.get(action), *shares[action], then=owed.get(action)))
    values.sort(key=lambda v: (-v.mean, options.index(v.action)))
    return Decision(tuple(values), deals if len(options) > 1 else 0)


def _outcomes(paid: list[float], hits: list[bool], weights: list[float], chance: float | None,
              cost: float) -> tuple[float | None, float | None, float | None, float | None]:
    """The shares of the deals the viewer wins and pays in, and the mean payment in each,
    weighed as the payments are (a discard's deal-ins at its chance, a deal-in costing
    ``cost`` where the sample has none: :func:`~trainer.coach.deal_in_price.reweigh`); none
    without deals."""
    if not paid:
        return None, None, None, None
    parts = [[1.0 if x > 0 else 0.0 for x in paid], [1.0 if x < 0 else 0.0 for x in paid],
             [max(x, 0.0) for x in paid], [min(x, 0.0) for x in paid]]
    if chance is not None:  # a deal-in: no win, a payment of ``cost``
        parts = [reweigh(part, hits, weights, chance, at_deal_in)
                 for part, at_deal_in in zip(parts, (0.0, 1.0, 0.0, cost), strict=True)]
    wins, pays, won, paid_out = (mean(part, weights) for part in parts)
    return wins, pays, won / wins if wins > 0 else 0.0, paid_out / pays if pays > 0 else 0.0
