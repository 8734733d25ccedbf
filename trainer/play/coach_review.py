"""A finished hand reviewed by the coach, priced in points (issue 29, R-PAY, R-SCORE): each of the
learner's own discards, lay-downs and answers to an offered card valued option by option on the
review's budget (:data:`trainer.coach.search.BUDGETS` ``review``), the learner's choice beside the best, the
points it lost, and why in the game's terms — the waits and copies left after each option, the
red reached, the chance each discard deals in. A mistake loses at least
:data:`~trainer.coach.search.MISTAKE_POINTS` with its interval above 0. The values come from
the replay alone (its seeds are drawn from each view), so a review is the same every time.

A claim is dealt again with the seats asked before the learner answering by the play-out
policy (:func:`trainer.coach.deals.ask_up_to`)."""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import dataclass

from trainer.coach import coached_hands
from trainer.coach.contrast import reasons
from trainer.coach.deals import searchable
from trainer.coach.explain import move_words, outcome_words
from trainer.coach.search import (
    BUDGETS,
    Z95,
    Decision,
    decision_from_json,
    decision_to_json,
    evaluate,
    every_option,
    follow_ups,
    weighable,
)
from trainer.engine.errors import Dou14Error
from trainer.engine.game.actions import Action, ActionKind
from trainer.engine.game.moves import WINS, same_move
from trainer.engine.game.replay import Replay
from trainer.engine.game.view import PlayerView
from trainer.engine.inputs import stored_object
from trainer.engine.messages import Message, Param, Points, message_from_json, message_to_json
from trainer.play.coach_hint import coach_advice

FORMAT = 1
"""The stored review's format."""


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
    quick: Action | None = None
    """The coach's move on its quick look (:data:`BUDGETS` ``hint`` deals, the expert's rule,
    :mod:`trainer.play.coach_hint`): what Play's hint said at this decision, the same every time
    (its deals are seeded from the view)."""
    contrast: Message | None = None
    """Why the coach's best beats the learner's choice in one sentence
    (:func:`~trainer.coach.contrast.contrast`), when a question of the lessons tells them apart."""

    @property
    def win_let_go(self) -> bool:
        """A win was open and the learner chose another move (R-WIN)."""
        return self.chosen.kind not in WINS and any(
            option.action.kind in WINS for option in self.decision.options)

    @property
    def about(self) -> ActionKind:
        """The kind of move the decision is practised as: the win let go, else the move
        chosen (a pass that let a win go is seeing a win, not a claim)."""
        return ActionKind.WIN if self.win_let_go else self.chosen.kind

    @property
    def loss(self) -> float:
        value = self.decision.value_of(self.chosen)
        return 0.0 if value is None else value.loss

    @property
    def shown_loss(self) -> Points:
        """The points lost as the review shows them: the gap between the two figures as shown
        (a summary adding these agrees with its items)."""
        return self.decision.shown_loss(self.chosen)

    @property
    def followed_quick_look(self) -> bool:
        """The learner played what the quick look advised while the long look prefers another
        move: a close call the hint missed, not the learner's mistake."""
        return self.quick is not None and same_move(self.chosen, self.quick) and \
            not same_move(self.chosen, self.decision.best.action)

    @property
    def mistake(self) -> bool:
        return self.decision.is_mistake(self.chosen) and not self.followed_quick_look

    @property
    def hint_missed(self) -> bool:
        """The learner followed the quick look and the long look finds that a mistake: the
        hint's miss, said as such — neither the learner's mistake nor within the noise (walk
        29 read a 5-point gap called "as good within what the deals can tell apart")."""
        return self.followed_quick_look and self.decision.is_mistake(self.chosen)

    @property
    def passed_quick_look(self) -> bool:
        """The learner went against what the quick look advised, and the long look finds their
        move no mistake: the hint's gap was the quick look's noise (said, else a hint against
        the move and a review finding it as good as the best read as opposites)."""
        return self.quick is not None and not same_move(self.chosen, self.quick) and \
            not self.decision.is_mistake(self.chosen)

    def quick_differs(self) -> Message | None:
        """When Play's quick look advised another move than the review's best (and the learner
        played neither): both said with their values, so the review does not seem to contradict
        the hint the learner saw."""
        quick = self.quick
        if quick is None or same_move(quick, self.decision.best.action) or \
                same_move(quick, self.chosen):
            return None
        valued = self.decision.value_of(quick)
        if valued is None:
            return None
        best = self.decision.best
        return Message.of("coach.quick_differs", ("R-PAY",), quick=move_words(quick),
                          quick_points=Points(valued.mean), deals=self.decision.deals,
                          best=move_words(best.action), best_points=Points(best.mean))

    def quick_note(self) -> Message | None:
        """At this decision's step in the review: how Play's quick look and the longer look
        compare, whenever they advised different moves — so that a best unlike the hint the
        learner saw is never left unexplained (R-PAY). None where the step's line already
        says it (the hint's miss: :func:`decision_line`)."""
        if self.passed_quick_look:
            return verdict_line(self)
        if self.hint_missed:
            return None
        if self.followed_quick_look:
            assert self.quick is not None
            best = self.decision.best
            key = "coach.quick_look_level" if self.shown_loss.value == 0 else \
                "coach.quick_look_close"  # "0.0 points ahead" is no lead: level, said so
            return Message.of(key, ("R-PAY",), quick=move_words(self.quick),
                              deals=self.decision.deals, best=move_words(best.action),
                              lost=self.shown_loss)
        return self.quick_differs()

    def outcomes(self) -> Message | None:
        """How often the coach's best and the learner's choice win and pay in the review's
        play-outs (:func:`~trainer.coach.explain.outcome_words`)."""
        chosen = self.decision.value_of(self.chosen)
        return None if chosen is None else outcome_words(self.decision.best, chosen)


@dataclass(frozen=True)
class PricedHand:
    decisions: tuple[PricedDecision, ...]

    def dumps(self) -> str:
        """The review as JSON, kept with the hand (a reload or another replica reads it back
        instead of searching again)."""
        return json.dumps({"format": FORMAT, "decisions": [
            {"step": d.step, "chosen": d.chosen.to_json(), **decision_to_json(d.decision),
             "best_why": message_to_json(d.best_why), "chosen_why": message_to_json(d.chosen_why),
             **({} if d.quick is None else {"quick": d.quick.to_json()}),
             **({} if d.contrast is None else {"contrast": message_to_json(d.contrast)})}
            for d in self.decisions]}, ensure_ascii=False, separators=(",", ":"))

    @classmethod
    def loads(cls, text: str) -> PricedHand:
        """A stored review; :class:`Dou14Error` naming what is wrong (then it is made again)."""
        data = stored_object(text, "a stored review")
        if data.get("format") != FORMAT or not isinstance(data.get("decisions"), list):
            raise Dou14Error(f"a stored review has format {FORMAT} and its decisions")
        decisions = []
        for raw in data["decisions"]:
            if not isinstance(raw, dict) or not isinstance(raw.get("step"), int):
                raise Dou14Error("each reviewed decision has its step")
            try:
                best_why, chosen_why = (message_from_json(raw.get("best_why")),
                                        message_from_json(raw.get("chosen_why")))
                reason = None if raw.get("contrast") is None else \
                    message_from_json(raw["contrast"])
            except ValueError as error:
                raise Dou14Error(f"a reviewed decision's words: {error}") from None
            quick = raw.get("quick")
            decisions.append(PricedDecision(raw["step"], Action.from_json(raw.get("chosen")),
                                            decision_from_json(raw), best_why, chosen_why,
                                            None if quick is None else Action.from_json(quick),
                                            reason))
        return cls(tuple(decisions))

    @property
    def points_lost(self) -> float:
        """Points lost over the hand, counting only the mistakes (a loss within the noise is
        no loss), each as the review shows it: the review's summary, Progress and Home say the
        same figure."""
        return sum(d.shown_loss.value for d in self.decisions if d.mistake)

    def summary(self) -> Message:
        """The review in one sentence: the decisions weighed, how many were the coach's best,
        how many as good as it within the deals' noise (a tie, or the quick look's close
        call), how many mistakes and the points they lost."""
        best = sum(same_move(d.chosen, d.decision.best.action) for d in self.decisions)
        mistakes = [d for d in self.decisions if d.mistake]
        missed = sum(d.hint_missed for d in self.decisions)
        key = "coach.review_summary" + ("_hint" if missed else "") + ("" if mistakes else "_clean")
        return Message.of(key,
                          ("R-PAY",), decisions=len(self.decisions),
                          deals=self.decisions[0].decision.deals if self.decisions else 0,
                          best=best, close=len(self.decisions) - best - len(mistakes) - missed,
                          mistakes=len(mistakes), lost=Points(self.points_lost, signed=False),
                          missed=missed)


def decisions_of(replay: Replay, seat: int) -> list[tuple[int, Action, PlayerView]]:
    """``seat``'s own discards, lay-downs and claims with options to weigh, and the wins let
    go (R-WIN: a win the coach always takes, so a pass of one is a decision the review
    prices), with the action chosen and the view each was made from."""
    return [(step, replay.actions[step], view)
            for step, view in coached_hands.decisions_of(replay, seat, _reviewed)
            if weighable(view) or replay.actions[step].kind not in WINS]


def _reviewed(view: PlayerView) -> bool:
    return weighable(view) or (searchable(view) and any(a.kind in WINS for a in view.legal))


def price_hand(replay: Replay, seat: int, deals: int = BUDGETS["review"],
               progress: Callable[[int, int], None] | None = None) -> PricedHand:
    """Value every decision of ``seat`` in ``replay``; ``progress(done, total)`` after each."""
    moments = decisions_of(replay, seat)
    priced = []
    for done, (step, action, view) in enumerate(moments, start=1):
        decision = evaluate(view, deals, options=None if weighable(view) else every_option(view))
        advice = coach_advice(view)  # what Play's hint said: the same quick look
        quick = None if advice is None else advice[1].move
        best = decision.best.action
        said = reasons(view, best, action, follow_ups(decision))
        priced.append(PricedDecision(step, action, decision, said.better, said.worse, quick,
                                     said.contrast))
        if progress is not None:
            progress(done, len(moments))
    return PricedHand(tuple(priced))


def verdict_line(priced: PricedDecision) -> Message:
    """The learner's choice beside the coach's, in points."""
    chosen = priced.decision.value_of(priced.chosen)
    best = priced.decision.best
    assert chosen is not None
    quick = None if priced.quick is None else priced.decision.value_of(priced.quick)
    if priced.passed_quick_look and quick is not None:
        key = "coach.quick_look_overruled" + ("_best" if chosen.action == best.action else
                                               "_to_best" if quick.action == best.action else "")
        return Message.of(key, ("R-PAY",), move=move_words(priced.chosen),
                          points=Points(chosen.mean), quick=move_words(quick.action),
                          quick_points=Points(quick.mean), deals=priced.decision.deals,
                          best=move_words(best.action), best_points=Points(best.mean))
    if chosen.action == best.action:
        return Message.of("coach.you_matched", ("R-PAY",), move=move_words(priced.chosen),
                          points=Points(best.mean))
    if priced.followed_quick_look:
        return Message.of("coach.quick_look_missed", ("R-PAY",), move=move_words(priced.chosen),
                          points=Points(chosen.mean), best=move_words(best.action),
                          best_points=Points(best.mean), deals=priced.decision.deals,
                          lost=priced.shown_loss,
                          error=Points(Z95 * chosen.loss_error, signed=False))
    return Message.of("coach.you_lost", ("R-PAY",), move=move_words(priced.chosen),
                      points=Points(chosen.mean), best=move_words(best.action),
                      best_points=Points(best.mean), lost=priced.shown_loss,
                      error=Points(Z95 * chosen.loss_error, signed=False))


def decision_line(priced: PricedDecision) -> Message:
    """One decision in a line of the review's full list: the learner's move and its points,
    and — where it was not the coach's best — the best's, and whether the gap is a mistake,
    the quick look's miss (the learner followed it), or within what the deals can tell apart
    (R-PAY)."""
    chosen = priced.decision.value_of(priced.chosen)
    best = priced.decision.best
    assert chosen is not None
    words: dict[str, Param] = {"step": priced.step, "move": move_words(priced.chosen),
                               "points": Points(chosen.mean)}
    if chosen.action == best.action:
        return Message.of("coach.line_best", ("R-PAY",), **words)
    key = "coach.line_mistake" if priced.mistake else "coach.line_hint" if priced.hint_missed \
        else "coach.line_close"
    return Message.of(key, ("R-PAY",),
                      best=move_words(best.action), best_points=Points(best.mean),
                      lost=priced.shown_loss, **words)
