"""A finished hand reviewed by the coach, priced in points (issue 29, R-PAY, R-SCORE): each of the
learner's own discards and lay-downs valued option by option on the review's budget
(:data:`trainer.coach.search.BUDGETS` ``review``), the learner's choice beside the best, the
points it lost, and why in the game's terms — the waits and copies left after each option, the
red reached, the chance each discard deals in. A mistake loses at least
:data:`~trainer.coach.search.MISTAKE_POINTS` with its interval above 0. The values come from
the replay alone (its seeds are drawn from each view), so a review is the same every time.

Claims are not priced: what a claim is worth depends on the order of asking, which the coach
does not yet deal again (the review's flags still judge them, :mod:`.hand_review`)."""

from __future__ import annotations

import statistics
from collections.abc import Callable
from dataclasses import dataclass

from trainer.analysis.chance import deal_in_chances
from trainer.analysis.table import table_from_view
from trainer.coach.deals import searchable
from trainer.coach.search import BUDGETS, Decision, evaluate, same_move
from trainer.engine.cards import red_total
from trainer.engine.game.actions import Action, ActionKind
from trainer.engine.game.replay import Replay
from trainer.engine.game.state import HandState
from trainer.engine.game.view import PlayerView, view_of
from trainer.engine.messages import Message, Points
from trainer.play.coach_hint import move_words
from trainer.play.hints import waits_after


@dataclass(frozen=True)
class PricedDecision:
    step: int
    """Index of the learner's action in the replay."""
    chosen: Action
    decision: Decision
    best_why: Message
    """:func:`why` of the coach's best option, said once with the review."""
    chosen_why: Message
    """:func:`why` of the learner's choice."""

    @property
    def loss(self) -> float:
        value = self.decision.value_of(self.chosen)
        return 0.0 if value is None else value.loss

    @property
    def mistake(self) -> bool:
        return self.decision.is_mistake(self.chosen)


@dataclass(frozen=True)
class PricedHand:
    decisions: tuple[PricedDecision, ...]

    @property
    def points_lost(self) -> float:
        """Points lost over the hand, counting only the mistakes (a loss within the noise is
        no loss)."""
        return sum(d.loss for d in self.decisions if d.mistake)

    @property
    def match_rate(self) -> float:
        """The share of decisions where the learner played the coach's best option."""
        if not self.decisions:
            return 1.0
        return statistics.fmean(float(same_move(d.chosen, d.decision.best.action))
                                for d in self.decisions)


def decisions_of(replay: Replay, seat: int) -> list[tuple[int, Action, PlayerView]]:
    """``seat``'s own discards and lay-downs with a choice, with the view each was made from."""
    state = HandState.deal(replay.seed, replay.rules, replay.dealer)
    found = []
    for step, action in enumerate(replay.actions):
        if action.seat == seat:
            view = view_of(state, seat)
            if searchable(view) and len(view.legal) > 1:
                found.append((step, action, view))
        state.apply(action)
    return found


def price_hand(replay: Replay, seat: int, deals: int = BUDGETS["review"],
               progress: Callable[[int, int], None] | None = None) -> PricedHand:
    """Value every decision of ``seat`` in ``replay``; ``progress(done, total)`` after each."""
    moments = decisions_of(replay, seat)
    priced = []
    for done, (step, action, view) in enumerate(moments, start=1):
        decision = evaluate(view, deals)
        priced.append(PricedDecision(step, action, decision, why(view, decision.best.action),
                                     why(view, action)))
        if progress is not None:
            progress(done, len(moments))
    return PricedHand(tuple(priced))


def why(view: PlayerView, action: Action) -> Message:
    """One option in the game's terms: after it, the waits and copies left (or not ready), the
    red reached, and — for a discard — the chance it deals in (R-WAIT, R-RED, R-SAFE)."""
    if action.kind is not ActionKind.DISCARD:
        return Message.of("coach.why_lay", ("R-TOU-LATER", "R-FAN"), move=move_words(action))
    card = action.cards[0]
    rest = list(view.hand)
    rest.remove(card)
    waiting = waits_after(view, tuple(rest))
    ready = Message.of("coach.waits", cards=waiting.cards, left=waiting.copies_left) \
        if waiting.ready and waiting.cards else Message.of(
            "coach.waits_gone" if waiting.ready else "coach.not_ready")
    chance = deal_in_chances(table_from_view(view, first_discard=not view.dealer_discarded),
                             [card])[card]
    risk = Message.of("coach.risk_safe") if chance.safe else Message.of(
        "coach.risk", percent=round(chance.value * 100))
    return Message.of("coach.why_discard", ("R-WAIT", "R-RED", "R-SAFE"), move=move_words(action),
                      ready=ready, red=red_total(rest, view.melds[view.seat]),
                      threshold=view.rules.red_threshold, risk=risk)


def verdict_line(priced: PricedDecision) -> Message:
    """The learner's choice beside the coach's, in points."""
    chosen = priced.decision.value_of(priced.chosen)
    best = priced.decision.best
    assert chosen is not None
    if chosen.action == best.action:
        return Message.of("coach.you_matched", ("R-PAY",), move=move_words(priced.chosen),
                          points=Points(best.mean))
    return Message.of("coach.you_lost", ("R-PAY",), move=move_words(priced.chosen),
                      points=Points(chosen.mean), best=move_words(best.action),
                      best_points=Points(best.mean), lost=Points(chosen.loss, signed=False),
                      error=Points(1.96 * chosen.loss_error, signed=False))
