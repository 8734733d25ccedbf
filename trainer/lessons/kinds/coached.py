"""跟教练打一把 — a whole hand played with the coach (R-PAY, R-WAIT, R-RED, R-SAFE): the learner plays
one seat of a real hand that the expert won, decision by decision (:mod:`trainer.coach
.coached_hands`). Each level is one decision; a move is right when the coach cannot tell it from
its best (it loses less than a mistake, :data:`trainer.coach.search.MISTAKE_POINTS`, or within
the noise), and a win open is always taken. The coach then says what every option was worth,
and the hand goes on as the expert played it.

A step names a hand of the shipped pool by ``hand`` (its line, from 0) and the decision by
``decision`` (from 0); a fresh variant is a decision of the same kind (a discard, a claim, a
win) in another hand of the pool."""

from __future__ import annotations

import random
from functools import cache
from typing import Any

from trainer.coach.coached_hands import CoachedDecision, CoachedHand, accepted
from trainer.coach.explain import move_words, values_words, why
from trainer.coach.search import MISTAKE_POINTS, Z95, follow_ups
from trainer.engine import Message, relation, verdict_messages
from trainer.engine.game.actions import Action
from trainer.engine.game.hand_parts import Phase
from trainer.engine.game.moves import WINS
from trainer.engine.messages import Points
from trainer.lessons.answers import LessonAnswer, MoveAnswer, Shape
from trainer.lessons.kinds._shared import offer_words, read_pool
from trainer.lessons.kinds.best_move import decision_reasons, tried, yours
from trainer.lessons.table_tasks import (
    TableScene,
    after_move,
    as_replayed,
    board_of_scene,
    judged_move,
    refused_move,
)
from trainer.lessons.table_then import since_words
from trainer.lessons.task import StepData, Task, TaskError, TaskKind

RULES = ("R-PAY", "R-WAIT", "R-RED", "R-SAFE")
POOL = "coached_hands.jsonl"


@cache
def pool() -> tuple[CoachedHand, ...]:
    """The shipped coached hands (``tools/make_coached_hands.py``), each checked as it is read."""
    return read_pool(POOL, CoachedHand.loads)


def _chosen(data: StepData) -> tuple[int, CoachedHand, int]:
    hands = pool()
    number = data.integer("hand", 0)
    if not 0 <= number < len(hands):
        raise TaskError(f"'hand' is a line of the pool, 0 to {len(hands) - 1}")
    hand = hands[number]
    index = data.integer("decision", 0)
    if not 0 <= index < len(hand.decisions):
        raise TaskError(f"'decision' is 0 to {len(hand.decisions) - 1} in this hand")
    return number, hand, index


@cache
def kinds_of(number: int) -> tuple[str, ...]:
    """What each decision of the pool's hand ``number`` is: ``win``, ``claim`` or ``discard``
    (a variant keeps it)."""
    hand = pool()[number]
    return tuple("win" if coached.is_win else
                 "claim" if hand.view(index).phase is Phase.CLAIM else "discard"
                 for index, coached in enumerate(hand.decisions))


def values_message(coached: CoachedDecision, scene: TableScene | None = None
                   ) -> tuple[Message, ...]:
    """The coach's values at a coached decision; at a win, that a win is always taken — and,
    given the ``scene``, what the win is worth: its fan, share and payments (R-FAN, R-PAY)."""
    if coached.nothing_to_weigh:
        won = None if scene is None else after_move(scene, coached.decision.best.action)
        judged = None if won is None or won.state.result is None else won.state.result.verdict
        return (Message.of("coach.coached_win", ("R-WIN",)),
                *(verdict_messages(judged)[1:] if judged is not None and judged.win else ()))
    return values_words(coached.decision)


def coached_move(data: StepData) -> Task:
    number, hand, index = _chosen(data)
    coached = hand.decisions[index]
    decision = coached.decision
    state = hand.replay.state_at(coached.step)
    scene = TableScene(state, hand.seat)
    board = board_of_scene(scene)
    best = decision.best.action
    answer = MoveAnswer(best.kind, tuple(board.hand.index(card) for card in best.cards
                                         if card in board.hand))
    played = hand.replay.actions[coached.step]
    before = None if index == 0 else since_words(state, hand.seat, hand.decisions[index - 1].step)
    win_next = index + 1 < len(hand.decisions) and kinds_of(number)[index + 1] == "win"
    asked_next = index + 1 < len(hand.decisions) and \
        hand.decisions[index + 1].step == coached.step + 1  # a chi's discard: the next question

    def grade(given: LessonAnswer) -> bool:
        action = judged_move(scene, given)
        return isinstance(action, Action) and accepted(decision, action)

    def hint(given: LessonAnswer) -> Message:
        action = judged_move(scene, given)
        if isinstance(action, Message):
            return action
        if coached.is_win:
            return Message.of("hint.move_missed_win", ("R-WIN",))
        value = decision.value_of(action)
        lost = decision.shown_loss(action)
        return Message.of("hint.coached_lost", RULES, lost=lost,
                          mistake=Points(MISTAKE_POINTS, signed=False),
                          after=why(scene.view, action, None if value is None else value.then,
                                    then_asked=asked_next))

    def alike(given: LessonAnswer) -> Message | None:
        """A right move that is not the coach's best: its value beside the best's."""
        action = judged_move(scene, given)
        if isinstance(action, Message) or coached.is_win:
            return None
        value = decision.value_of(action)
        if value is None:
            return None
        close = value.loss < MISTAKE_POINTS  # else within the play-outs' noise
        return Message.of("coach.coached_alike" if close else "coach.coached_alike_noise",
                          ("R-PAY",), given=move_words(action), points=Points(value.mean),
                          best=move_words(best), best_points=Points(decision.best.mean),
                          mistake=Points(MISTAKE_POINTS, signed=False),
                          gap=decision.shown_loss(action),
                          error=Points(Z95 * value.loss_error, signed=False))

    return Task("coached_move", Shape.MOVE, board, answer,
                Message.of("instruct.coached_move", deals=decision.deals) if decision.deals
                else Message.of("instruct.coached_move_plain"),
                (*values_message(coached, scene),
                 Message.of("coach.coached_ends" if played.kind in WINS else "coach.coached_goes_on",
                            move=move_words(played))), RULES, hint,
                prompt=_prompt(scene, kinds_of(number)[index]), before=before,
                solved_board=board_of_scene(after_move(
                    scene, played, as_replayed(hand.replay, coached.step)),
                    say_win=not win_next), grader=grade,
                refuser=lambda given: refused_move(scene, given), alike_said=alike,
                compared=yours(scene, decision), moves=scene.moves,
                tried=None if coached.is_win else tried(scene, decision),
                more_working=lambda: (why(scene.view, best, follow_ups(decision).get(best)),)
                if coached.nothing_to_weigh
                else decision_reasons(scene.view, decision, then_asked=asked_next))


def _prompt(scene: TableScene, kind: str) -> Message:
    """The decision in words: a card offered (or the winning one) named with who put it there."""
    offer = scene.state.offer
    if offer is None:  # a discard, or 天走 before the first one (R-SPECIAL)
        return Message.of("task.coached_move.prompt_win_dealt" if kind == "win"
                          else f"task.coached_move.prompt_{kind}")
    origin = relation(offer.seat, scene.seat, scene.state.rules.players)
    return Message.of(f"task.coached_move.prompt_{kind}", offer=offer_words(
        offer.card, origin, offer.source, first=offer.dealer_first_discard))


def _variant(rng: random.Random, data: StepData) -> dict[str, Any]:
    here, _hand, index = _chosen(data)
    wanted = kinds_of(here)[index]
    choices = [(h, i) for h in range(len(pool())) if h != here
               for i, kind in enumerate(kinds_of(h)) if kind == wanted]
    if not choices:
        raise TaskError(f"no other {wanted} decision in the pool")
    number, decision = rng.choice(choices)
    return {"hand": number, "decision": decision}


KINDS = (TaskKind("coached_move", coached_move, _variant, frozenset({"hand", "decision"}),
                  written_first=True),)
