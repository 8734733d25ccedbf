""""Best move" puzzles (issue 29): a moment of a real hand where the coach's search finds one
option better than the next by at least a point with non-overlapping intervals
(:mod:`trainer.coach.best_moves`), graded as that option, explained as the coach's review
explains it. They come from the shipped pools mined from simulated play (the 留哪张 and
吃、扯还是不要 stages' moments) and from the learner's own hands: a decision the coach's review
flagged becomes one of their own puzzles. Practice, not rated: the values are the search's, not
a puzzle rating.

A selector (:func:`next_best_move`) and a finisher (:func:`record`) as for the bank's puzzles;
the question itself is the lesson level's (:func:`trainer.lessons.kinds.best_move.task_of_move`)."""

from __future__ import annotations

import hashlib
import random
from collections.abc import Iterable
from dataclasses import dataclass
from functools import cache, cached_property

from trainer.coach.best_moves import BestMove, clear_best
from trainer.coach.search import Decision
from trainer.engine.errors import Dou14Error
from trainer.engine.game.replay import Replay
from trainer.engine.messages import Message
from trainer.lessons.answers import LessonAnswer
from trainer.lessons.kinds.best_move import kind_of_move, pool, refusal_of, task_of_move
from trainer.lessons.task import Task
from trainer.practice.stored_tries import StoredTry, newest_try
from trainer.store.progress_store import ProgressStore
from trainer.store.skill_names import AnswerSkill, SkillFamily

PREFIX = "best-"
"""The id of a best-move puzzle: this and 12 hex digits of the SHA-256 of its moment
(:meth:`~trainer.coach.best_moves.BestMove.moment`: not its values, so that a revalue of the
pools keeps every id, and the learner's answers with it)."""
MODE = "best"
"""The answers' mode: practice, never rated."""


def moment_id(moment: str) -> str:
    """The puzzle id of a moment (:data:`PREFIX`)."""
    return PREFIX + hashlib.sha256(moment.encode()).hexdigest()[:12]


@dataclass(frozen=True)
class BestMovePuzzle:
    """A best-move moment served as a puzzle."""

    move: BestMove
    own: bool = False
    """Made from a moment of the learner's own hand."""

    @cached_property
    def id(self) -> str:
        return moment_id(self.move.moment())

    @property
    def kind(self) -> str:
        """``best_discard`` (留哪张) or ``best_claim`` (吃、扯还是不要)."""
        return kind_of_move(self.move)

    @property
    def players(self) -> int:
        return self.move.replay.rules.players

    def task(self) -> Task:
        return task_of_move(self.kind, self.move)


@cache
def shipped(players: int) -> tuple[BestMovePuzzle, ...]:
    """The shipped moments for a table of ``players``: discards, then claims (made once per
    process, like the pools they come from, so each id is hashed once)."""
    return tuple(BestMovePuzzle(move) for kind in ("best_discard", "best_claim")
                 for move in pool(players, kind))


def own_best_moves(store: ProgressStore, learner_id: int) -> tuple[BestMovePuzzle, ...]:
    """The learner's own best-move puzzles, oldest first (a stored one that no longer reads —
    another version's, or a regular own puzzle — is left out)."""
    found = []
    for text in store.own_puzzles.all(learner_id):
        try:
            found.append(BestMovePuzzle(BestMove.from_json(text), own=True))
        except (Dou14Error, KeyError, TypeError, ValueError):
            continue
    return tuple(found)


def solved(store: ProgressStore, learner_id: int) -> dict[str, bool]:
    """Each best-move puzzle the learner answered: was the last answer right?"""
    return {row.item: row.correct for row in store.answers.rows(learner_id, context="puzzle",
                                                                 mode=MODE)}


def next_best_move(store: ProgressStore, learner_id: int, players: int,
                   recent: Iterable[str] = (), rng: random.Random | None = None
                   ) -> BestMovePuzzle | None:
    """The next one: the learner's own not yet solved first (oldest first), then a shipped
    moment never answered, then any not seen in this session (``recent``); None when every
    one was just seen."""
    rng = rng or random.Random()
    seen, answered = set(recent), solved(store, learner_id)
    own = [p for p in own_best_moves(store, learner_id)
           if p.players == players and not answered.get(p.id, False) and p.id not in seen]
    if own:
        return own[0]
    pool_now = [p for p in shipped(players) if p.id not in seen]
    fresh = [p for p in pool_now if p.id not in answered]
    chosen = fresh or pool_now
    return rng.choice(chosen) if chosen else None


def by_id(store: ProgressStore, learner_id: int, puzzle_id: str) -> BestMovePuzzle | None:
    """The best-move puzzle with this id (a reload, a link), the learner's own or shipped."""
    if not puzzle_id.startswith(PREFIX):
        return None
    for players in (4, 3):
        for puzzle in shipped(players):
            if puzzle.id == puzzle_id:
                return puzzle
    return next((p for p in own_best_moves(store, learner_id) if p.id == puzzle_id), None)


def refusal(puzzle: BestMovePuzzle, given: LessonAnswer) -> Message | None:
    """Why the rules refuse the move ``given`` at the moment, or None: a refused press is told
    why and is not an answer (it is neither stored nor a try)."""
    return refusal_of(puzzle.move, given)


def stored_try(store: ProgressStore, learner_id: int, puzzle: BestMovePuzzle
               ) -> StoredTry | None:
    """The learner's first try at ``puzzle`` when it is their newest puzzle answer: the page was
    reloaded after it, so the try is shown with its hint, and a try now is graded, not stored
    again (after a miss it is the second)."""
    return newest_try(store, learner_id, context="puzzle", item=puzzle.id, task=puzzle.task())


def record(store: ProgressStore, learner_id: int, puzzle: BestMovePuzzle, task: Task,
           given: LessonAnswer, seconds: float) -> bool:
    """Grade the move as the coach's best and store the answer (practice); right or not."""
    correct = task.is_correct(given)
    store.answers.record(
        learner_id, context="puzzle", item=puzzle.id, question=f"puzzle:{puzzle.kind}",
        answer=task.answer_text(given), expected=task.answer_text(task.answer),
        correct=correct, seconds=seconds, rule_ids=task.rule_ids,
        skill=str(AnswerSkill(SkillFamily.PUZZLE, puzzle.kind)), mode=MODE)
    return correct


def own_of_decision(replay: Replay, seat: int, step: int, decision: Decision
                    ) -> BestMovePuzzle | None:
    """A decision of the learner's hand (its review's valuation) as a best-move puzzle of
    their own — only when the coach's best clearly beats the next (else it teaches nothing as
    one)."""
    if not clear_best(decision):
        return None
    try:
        move = BestMove(Replay(replay.seed, replay.rules, replay.dealer, replay.actions[:step]),
                        seat, decision)
        return BestMovePuzzle(BestMove.from_json(move.dumps()), own=True)
    except Dou14Error:
        return None


def keep_own(store: ProgressStore, learner_id: int, puzzle: BestMovePuzzle) -> None:
    """The puzzle joins the learner's own (served first in the best-move mode)."""
    store.own_puzzles.save(learner_id, puzzle.id, puzzle.move.dumps())
