"""留哪张 — which card to discard (R-PAY, R-WAIT, R-RED, R-SAFE): a moment of a real hand, stopped
at the learner's discard, where the coach's search finds one discard better than the next by at
least a point with non-overlapping intervals (:mod:`trainer.coach.best_moves`). The learner
discards at the table; the move is graded as the coach's best (any card of its rank and colour
is the same move). A miss is told what the card chosen gives up, in points and in the game's
terms, never which card is best; the working shows the coach's values.

A step names a moment of a shipped pool by ``moment`` (its line, from 0) and ``players`` (4, the
default, or 3: each table size has its own pool); a fresh variant is another moment of the same
pool."""

from __future__ import annotations

import random
from functools import cache
from typing import Any

from trainer.coach.best_moves import BestMove
from trainer.coach.explain import move_words, why
from trainer.coach.search import Z95
from trainer.data import data_folder
from trainer.engine import Dou14Error, Message
from trainer.engine.game.actions import Action, ActionKind
from trainer.engine.messages import Points
from trainer.lessons.answers import LessonAnswer, MoveAnswer, Shape
from trainer.lessons.table_tasks import (
    TableScene,
    after_move,
    board_of_scene,
    refusal,
    to_engine_action,
)
from trainer.lessons.task import StepData, Task, TaskError, TaskKind

RULES = ("R-PAY", "R-WAIT", "R-RED", "R-SAFE")


POOLS = {4: "best_moves.jsonl", 3: "best_moves_3p.jsonl"}


@cache
def pool(players: int = 4) -> tuple[BestMove, ...]:
    """The shipped moments of a table of ``players`` (``tools/mine_best_moves.py``), each checked
    as it is read."""
    name = POOLS[players]
    text = data_folder("coach").joinpath(name).read_text(encoding="utf-8")
    moments = []
    for number, line in enumerate(text.splitlines(), start=1):
        if line.strip():
            try:
                moments.append(BestMove.from_json(line))
            except Dou14Error as error:
                raise TaskError(f"{name} line {number}: {error}") from None
    return tuple(moments)


def _players(data: StepData) -> int:
    players = data.integer("players", 4)
    if players not in POOLS:
        raise TaskError("'players' is 4 or 3")
    return players


def moment_of(data: StepData) -> BestMove:
    moments = pool(_players(data))
    number = data.integer("moment", 0)
    if not 0 <= number < len(moments):
        raise TaskError(f"'moment' is a line of the pool, 0 to {len(moments) - 1}")
    return moments[number]


def coach_values(move: BestMove) -> Message:
    """The coach's values: the best discard and the next, in points over the deals."""
    best, second = move.decision.options[0], move.decision.options[1]
    return Message.of("coach.lesson_values", ("R-PAY", "R-SCORE"), deals=move.decision.deals,
                      best=move_words(best.action), points=Points(best.mean),
                      error=Points(Z95 * best.error, signed=False),
                      other=move_words(second.action), other_points=Points(second.mean))


def coach_reasons(move: BestMove) -> tuple[Message, ...]:
    """What the best discard and the next leave: waits, red, the chance each deals in."""
    view = move.view
    return tuple(why(view, option.action) for option in move.decision.options[:2])


def best_discard(data: StepData) -> Task:
    move = moment_of(data)
    scene = TableScene(move.replay.state_at(), move.seat)
    best = move.best.action
    board = board_of_scene(scene)
    answer = MoveAnswer(ActionKind.DISCARD, (board.hand.index(best.cards[0]),))

    def judged(given: LessonAnswer) -> Action | Message:
        if not isinstance(given, MoveAnswer):
            return Message.of("hint.move_not_now", ("R-DISCARD",))
        action = to_engine_action(scene, given)
        if isinstance(action, Message):
            return action
        if action not in scene.state.legal_actions():
            return refusal(scene, action)
        return action

    def grade(given: LessonAnswer) -> bool:
        action = judged(given)
        return isinstance(action, Action) and move.is_best(action)

    def hint(given: LessonAnswer) -> Message:
        action = judged(given)
        if isinstance(action, Message):
            return action
        value = move.decision.value_of(action)
        lost = 0.0 if value is None else value.loss
        return Message.of("hint.best_discard_lost", RULES, move=move_words(action),
                          lost=Points(lost, signed=False), after=why(scene.view, action))

    return Task("best_discard", Shape.MOVE, board, answer,
                Message.of("instruct.best_discard", deals=move.decision.deals),
                (coach_values(move),), RULES, hint,
                prompt=Message.of("task.best_discard.prompt"),
                solved_board=board_of_scene(after_move(scene, best)), grader=grade,
                more_working=lambda: coach_reasons(move))


def _variant(rng: random.Random, data: StepData) -> dict[str, Any]:
    here, players = data.integer("moment", 0), _players(data)
    others = [n for n in range(len(pool(players))) if n != here]
    if not others:
        raise TaskError("the pool holds one moment: no fresh variant")
    return {"moment": rng.choice(others), "players": players}


KINDS = (TaskKind("best_discard", best_discard, _variant, frozenset({"moment", "players"})),)
