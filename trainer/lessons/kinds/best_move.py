"""The coach's clear best moves as levels (R-PAY, R-WAIT, R-RED, R-SAFE): a moment of a real hand,
stopped at the learner's decision, where the coach's search finds one option better than the next
by at least a point with non-overlapping intervals (:mod:`trainer.coach.best_moves`).
``best_discard`` (留哪张) stops at a discard — any card of the best one's rank and colour is the
same move; ``best_claim`` (吃、扯还是不要) at a card offered to the learner — take it or pass.
The learner moves at the table and the move is graded as the coach's best. A miss is told what
the move chosen gives up, in points and in the game's terms, never which move is best; the
working shows the coach's values.

A step names a moment of a shipped pool by ``moment`` (its line, from 0) and ``players`` (4, the
default, or 3: each table size has its own pool); a fresh variant is another moment of the same
pool — with ``first = true``, another moment at its player's first discard of the hand (the plan
made from the cards dealt, 开局定打法)."""

from __future__ import annotations

import random
from collections.abc import Callable
from functools import cache
from typing import Any

from trainer.coach.best_moves import BestMove
from trainer.coach.explain import move_words, why
from trainer.coach.search import Z95
from trainer.engine import Message
from trainer.engine.game.actions import Action, ActionKind
from trainer.engine.messages import Points
from trainer.lessons.answers import LessonAnswer, MoveAnswer, Shape
from trainer.lessons.kinds._shared import read_pool
from trainer.lessons.table_tasks import TableScene, after_move, board_of_scene, judged_move
from trainer.lessons.task import StepData, Task, TaskError, TaskKind

RULES = ("R-PAY", "R-WAIT", "R-RED", "R-SAFE")


POOLS = {"best_discard": {4: "best_moves.jsonl", 3: "best_moves_3p.jsonl"},
         "best_claim": {4: "best_claims.jsonl", 3: "best_claims_3p.jsonl"}}
"""The shipped pool of each kind, by table size (``tools/mine_best_moves.py``)."""


@cache
def pool(players: int = 4, kind: str = "best_discard") -> tuple[BestMove, ...]:
    """The shipped moments of ``kind`` at a table of ``players``, each checked as it is read."""
    return read_pool(POOLS[kind][players], BestMove.from_json)


def _players(data: StepData, kind: str) -> int:
    players = data.integer("players", 4)
    if players not in POOLS[kind]:
        raise TaskError(f"'players' is one of {sorted(POOLS[kind])}")
    return players


def moment_of(data: StepData, kind: str = "best_discard") -> BestMove:
    moments = pool(_players(data, kind), kind)
    number = data.integer("moment", 0)
    if not 0 <= number < len(moments):
        raise TaskError(f"'moment' is a line of the pool, 0 to {len(moments) - 1}")
    return moments[number]


def coach_values(move: BestMove) -> Message:
    """The coach's values: the best option and the next, in points over the deals."""
    best, second = move.decision.options[0], move.decision.options[1]
    return Message.of("coach.lesson_values", ("R-PAY", "R-SCORE"), deals=move.decision.deals,
                      best=move_words(best.action), points=Points(best.mean),
                      error=Points(Z95 * best.error, signed=False),
                      other=move_words(second.action), other_points=Points(second.mean))


def coach_reasons(move: BestMove) -> tuple[Message, ...]:
    """What the best option and the next leave: waits, red, the chance a discard deals in."""
    view = move.view
    return tuple(why(view, option.action) for option in move.decision.options[:2])


def _best_move(kind: str, data: StepData) -> Task:
    move = moment_of(data, kind)
    if data.flag("first") and not first_discard(move):
        raise TaskError("'first': the moment must be its player's first discard of the hand")
    return task_of_move(kind, move, first=data.flag("first"))


def kind_of_move(move: BestMove) -> str:
    """``best_discard`` for a moment at a discard, else ``best_claim`` (a card offered)."""
    return "best_discard" if move.best.action.kind is ActionKind.DISCARD else "best_claim"


def task_of_move(kind: str, move: BestMove, *, first: bool = False) -> Task:
    """The moment as a question at the table, graded as the coach's best move (a level here,
    a "best move" puzzle on the Puzzles page)."""
    scene = TableScene(move.replay.state_at(), move.seat)
    best = move.best.action
    board = board_of_scene(scene)
    hand = board.hand
    answer = MoveAnswer(best.kind, tuple(hand.index(card) for card in best.cards
                                         if best.kind in (ActionKind.DISCARD, ActionKind.CHI)))

    def grade(given: LessonAnswer) -> bool:
        action = judged_move(scene, given)
        return isinstance(action, Action) and move.is_best(action)

    def hint(given: LessonAnswer) -> Message:
        action = judged_move(scene, given)
        if isinstance(action, Message):
            return action
        value = move.decision.value_of(action)
        lost = 0.0 if value is None else value.loss
        return Message.of(f"hint.{kind}_lost", RULES, move=move_words(action),
                          lost=Points(lost, signed=False), after=why(scene.view, action))

    return Task(kind, Shape.MOVE, board, answer,
                Message.of(f"instruct.{kind}"),
                (coach_values(move),), RULES, hint,
                prompt=Message.of(f"task.{kind}.prompt_first" if first
                                  else f"task.{kind}.prompt"),
                solved_board=board_of_scene(after_move(scene, best)), grader=grade,
                more_working=lambda: coach_reasons(move))


def best_discard(data: StepData) -> Task:
    return _best_move("best_discard", data)


def best_claim(data: StepData) -> Task:
    return _best_move("best_claim", data)


def first_discard(move: BestMove) -> bool:
    """The moment is its player's first discard of the hand."""
    return not any(a.seat == move.seat and a.kind is ActionKind.DISCARD
                   for a in move.replay.actions)


def _variant_of(kind: str) -> Callable[[random.Random, StepData], dict[str, Any]]:
    def variant(rng: random.Random, data: StepData) -> dict[str, Any]:
        here, players = data.integer("moment", 0), _players(data, kind)
        first = data.flag("first")
        moments = pool(players, kind)
        others = [n for n in range(len(moments))
                  if n != here and (not first or first_discard(moments[n]))]
        if not others:
            raise TaskError("the pool holds one such moment: no fresh variant")
        return {"moment": rng.choice(others), "players": players, "first": first}
    return variant


KINDS = (TaskKind("best_discard", best_discard, _variant_of("best_discard"),
                  frozenset({"moment", "players", "first"})),
         TaskKind("best_claim", best_claim, _variant_of("best_claim"),
                  frozenset({"moment", "players"})))
