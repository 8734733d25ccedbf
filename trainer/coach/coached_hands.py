"""Whole hands played with the coach (跟教练打一把): a real hand in which ``seat`` was played by the
coach's search to its win, every decision of that seat priced by the coach's search
(:func:`trainer.coach.search.evaluate`) from the seat's view alone, so the learner can play the
same hand decision by decision and be told, at each one, what every option was worth.

A decision where a win is open holds the win only (a win is always taken, R-READ). The values
are recomputed exactly from the stored replay, seat and budget (:func:`check`)."""

from __future__ import annotations

import json
import random
from collections.abc import Callable, Iterator
from dataclasses import dataclass

from trainer.bots.heuristic import HeuristicBot
from trainer.coach.best_moves import POOLS_PRICED, POOLS_WEIGHTED, differences
from trainer.coach.deals import searchable
from trainer.coach.search import Decision, decision_from_json, decision_to_json, evaluate, weighable
from trainer.engine.errors import Dou14Error
from trainer.engine.game.actions import Action, ActionKind
from trainer.engine.game.events import ResultKind
from trainer.engine.game.moves import WINS, same_move
from trainer.engine.game.replay import Replay
from trainer.engine.game.state import HandState
from trainer.engine.game.view import PlayerView, view_of
from trainer.engine.inputs import stored_object
from trainer.engine.rules import RuleSet

DEALS = 192
"""Deals per option of the stored values (as the best-move pools)."""


@dataclass(frozen=True)
class CoachedDecision:
    step: int
    """Index of the seat's action in the replay."""
    decision: Decision

    @property
    def is_win(self) -> bool:
        return self.decision.best.action.kind in WINS

    @property
    def nothing_to_weigh(self) -> bool:
        """A win (always taken, R-WIN) or the only move there is: no option to set beside it."""
        return self.is_win or len(self.decision.options) < 2


@dataclass(frozen=True)
class CoachedHand:
    replay: Replay
    """The whole hand, to the seat's win."""
    seat: int
    decisions: tuple[CoachedDecision, ...]

    @property
    def played_best(self) -> bool:
        """Every move the hand went on with is the coach's best at that decision: the hand a
        learner follows is the coach's own."""
        return all(same_move(self.replay.actions[d.step], d.decision.best.action)
                   for d in self.decisions)

    def view(self, index: int) -> PlayerView:
        return view_of(self.replay.state_at(self.decisions[index].step), self.seat)

    def dumps(self) -> str:
        return json.dumps({"replay": self.replay.to_json(), "seat": self.seat, "decisions": [
            {"step": d.step, **decision_to_json(d.decision)} for d in self.decisions]},
            ensure_ascii=False, separators=(",", ":"))

    @classmethod
    def loads(cls, text: str) -> CoachedHand:
        """A stored hand; :class:`Dou14Error` naming what is wrong."""
        data = stored_object(text, "a coached hand")
        if not isinstance(data.get("seat"), int) or not isinstance(data.get("decisions"), list):
            raise Dou14Error("a coached hand has a replay, a seat and its decisions")
        replay = Replay.from_json(data["replay"])
        decisions = []
        for raw in data["decisions"]:
            if not isinstance(raw, dict) or not isinstance(raw.get("step"), int) or \
                    not 0 <= raw["step"] < len(replay.actions):
                raise Dou14Error("a coached decision names a step of the replay")
            decisions.append(CoachedDecision(raw["step"], decision_from_json(raw)))
        hand = cls(replay, data["seat"], tuple(decisions))
        result = replay.state_at().result
        if result is None or result.winner != hand.seat:
            raise Dou14Error("a coached hand ends with its seat's win")
        for index, coached in enumerate(hand.decisions):
            if replay.actions[coached.step].seat != hand.seat or \
                    not searchable(hand.view(index)):
                raise Dou14Error(f"decision {index} is not the seat's own")
        return hand


def accepted(decision: Decision, action: Action) -> bool:
    """The move the coach cannot tell from its best: a win when one is open, else any option
    that is no mistake."""
    best = decision.best.action
    if best.kind in (ActionKind.WIN, ActionKind.TIANZOU):
        return action.kind is best.kind
    value = decision.value_of(action)
    return value is not None and not decision.is_mistake(action)


def has_choice(view: PlayerView) -> bool:
    """The viewer's own decision with two legal options or more (a win open included)."""
    return searchable(view) and len(view.legal) > 1


def decisions_of(replay: Replay, seat: int,
                 kept: Callable[[PlayerView], bool] = has_choice
                 ) -> Iterator[tuple[int, PlayerView]]:
    """Each decision of ``seat`` in ``replay`` that ``kept`` keeps, with the step of its action
    and the view it was made from (the hand replayed once)."""
    state = HandState.deal(replay.seed, replay.rules, replay.dealer)
    for step, action in enumerate(replay.actions):
        if action.seat == seat:
            view = view_of(state, seat)
            if kept(view):
                yield step, view
        state.apply(action)


def price(replay: Replay, seat: int, deals: int = DEALS) -> CoachedHand:
    return CoachedHand(replay, seat, tuple(
        CoachedDecision(step, evaluate(view, deals, weighted=POOLS_WEIGHTED, priced=POOLS_PRICED))
        for step, view in decisions_of(replay, seat)))


def check(hand: CoachedHand) -> list[str]:
    """Where the stored values disagree with the search today (empty when they agree)."""
    fresh = price(hand.replay, hand.seat, max((d.decision.deals for d in hand.decisions),
                                               default=DEALS))
    if [d.step for d in fresh.decisions] != [d.step for d in hand.decisions]:
        return ["the decisions are not the seat's decisions with a choice"]
    return [f"step {now.step}: {problem}"
            for old, now in zip(hand.decisions, fresh.decisions, strict=True)
            for problem in differences(old.decision, now.decision)]


def play(seed: int, rules: RuleSet, seat: int = 0, deals: int = DEALS) -> Replay | None:
    """A hand dealt from ``seed`` with the coach in ``seat`` — at each of its decisions with
    options to weigh the best of :func:`~trainer.coach.search.evaluate` on ``deals``, elsewhere
    the heuristic's choice — and the heuristic elsewhere; its replay when the coach won it."""
    rng = random.Random(seed)
    state = HandState.deal(rng.getrandbits(32), rules, rng.randrange(rules.players))
    others = HeuristicBot()
    while not state.over:
        view = view_of(state, state.to_act)
        if state.to_act == seat and weighable(view):
            state.apply(evaluate(view, deals, weighted=POOLS_WEIGHTED, priced=POOLS_PRICED).best.action)
        else:
            state.apply(others.choose(view, rng))
    result = state.result
    if result is None or result.kind is not ResultKind.WIN or result.winner != seat:
        return None
    return Replay.of(state)
