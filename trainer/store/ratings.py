"""Ratings (Glicko-2): the learner's, with its history, and each puzzle's — moved together with
the puzzle answer that moves them, in one locked transaction."""

from __future__ import annotations

import math
from typing import Protocol

from sqlalchemy import Connection, Engine, bindparam, func, insert, select, update
from sqlalchemy.orm import Session

from trainer.rating import Rating
from trainer.store.answers import NEW_ANSWER, answer_values
from trainer.store.learner_info import ProgressError
from trainer.store.models import AnswerRecord, Base, Learner, PuzzleRating, RatingHistory
from trainer.store.rows import (
    LastPuzzleAnswer,
    PuzzleAnswer,
    PuzzleStanding,
    Rate,
    RatedAttempt,
    RatingPoint,
    RunAnswer,
)
from trainer.store.rows import aware as _aware

_LEARNER_RATING = select(Learner.rating, Learner.rd, Learner.volatility).where(
    Learner.id == bindparam("learner"))
_TRIED_PUZZLE = select(func.count()).select_from(AnswerRecord).where(
    AnswerRecord.learner_id == bindparam("learner"), AnswerRecord.context == "puzzle",
    AnswerRecord.item == bindparam("puzzle"))
_RUN_ANSWERS = select(AnswerRecord.correct, AnswerRecord.created_at, AnswerRecord.seconds).where(
    AnswerRecord.learner_id == bindparam("learner"), AnswerRecord.context == "puzzle",
    AnswerRecord.run == bindparam("run")).order_by(AnswerRecord.id)
_LAST_PUZZLE_ANSWER = select(AnswerRecord.item, AnswerRecord.answer, AnswerRecord.rating_before,
                             AnswerRecord.rating_after).where(
    AnswerRecord.learner_id == bindparam("learner"), AnswerRecord.context == "puzzle").order_by(
    AnswerRecord.id.desc()).limit(1)
_PUZZLE_RATINGS = select(PuzzleRating.puzzle_id, PuzzleRating.rating, PuzzleRating.rd,
                         PuzzleRating.volatility, PuzzleRating.attempts, PuzzleRating.solved)
_LEARNER_RATING_LOCKED = _LEARNER_RATING.with_for_update()
_PUZZLE_RATING_LOCKED = _PUZZLE_RATINGS.where(
    PuzzleRating.puzzle_id == bindparam("puzzle")).with_for_update()


class _RatingFields(Protocol):
    rating: float
    rd: float
    volatility: float
    attempts: int
    solved: int


def _rating_entry(row: _RatingFields) -> PuzzleStanding:
    """A stored puzzle rating as the practice code reads it: (rating, attempts, solved)."""
    return PuzzleStanding(Rating(row.rating, row.rd, row.volatility), row.attempts, row.solved)


class _LearnerRatingFields(Protocol):
    rating: float | None
    rd: float | None
    volatility: float | None


def _learner_rating(row: _LearnerRatingFields) -> Rating:
    """A learner's stored rating; a column never written reads as the starting value."""
    start = Rating()
    return Rating(row.rating or start.rating, row.rd or start.rd,
                  row.volatility or start.volatility)


def _insert_if_missing(connection: Connection, model: type[Base], **values: object) -> None:
    """INSERT … ON CONFLICT DO NOTHING, on SQLite and PostgreSQL alike."""
    if connection.dialect.name == "postgresql":
        from sqlalchemy.dialects.postgresql import insert as pg_insert

        connection.execute(pg_insert(model).values(**values).on_conflict_do_nothing())
    else:
        from sqlalchemy.dialects.sqlite import insert as sqlite_insert

        connection.execute(sqlite_insert(model).values(**values).on_conflict_do_nothing())


class Ratings:
    def __init__(self, engine: Engine, writer: Engine) -> None:
        self.engine, self.writer = engine, writer

    def learner(self, learner_id: int) -> Rating:
        with self.engine.connect() as connection:  # every puzzle shown: Core
            row = connection.execute(_LEARNER_RATING, {"learner": learner_id}).first()
        return Rating() if row is None else _learner_rating(row)

    def history(self, learner_id: int) -> list[RatingPoint]:
        with Session(self.engine) as session:
            rows = session.execute(select(RatingHistory.created_at, RatingHistory.rating,
                                          RatingHistory.rd).where(
                RatingHistory.learner_id == learner_id).order_by(RatingHistory.id))
            return [RatingPoint(at, rating, rd) for at, rating, rd in rows]

    def attempted(self, learner_id: int) -> set[str]:
        """Ids of every puzzle the learner has answered at least once."""
        with Session(self.engine) as session:
            return set(session.scalars(select(AnswerRecord.item).where(
                AnswerRecord.learner_id == learner_id, AnswerRecord.context == "puzzle").distinct()))

    def last_puzzle_answer(self, learner_id: int) -> LastPuzzleAnswer | None:
        """The learner's newest puzzle answer (a reloaded Puzzles page shows it again when it
        answered the puzzle in the address), or None before the first."""
        with self.engine.connect() as connection:
            row = connection.execute(_LAST_PUZZLE_ANSWER, {"learner": learner_id}).first()
        if row is None:
            return None
        return LastPuzzleAnswer(row.item, row.answer, row.rating_before,
                                row.rating_after)

    def run_answers(self, learner_id: int, run: str) -> list[RunAnswer]:
        """The puzzle answers of one run (a streak, a 3-minute run), oldest first: right or
        not, when, and the seconds taken."""
        with self.engine.connect() as connection:
            rows = connection.execute(_RUN_ANSWERS, {"learner": learner_id, "run": run})
            return [RunAnswer(bool(row.correct), _aware(row.created_at), float(row.seconds))
                    for row in rows]

    def record_puzzle_answer(self, learner_id: int, answer: PuzzleAnswer, *, rated_mode: bool,
                             start: Rating, rate: Rate) -> RatedAttempt:
        """Store a puzzle answer and, when it is the learner's first attempt at the puzzle in a
        rated mode, both ratings moved by ``rate`` — all in one transaction, so an answer is
        never kept without its ratings or the other way round. Later attempts are practice:
        stored with mode ``practice``, ratings untouched. ``start`` is the puzzle's starting
        rating when nobody has tried it yet."""
        with self.writer.begin() as connection:  # Core: every rated answer comes through here
            # The learner's row first, then the puzzle's: FOR UPDATE on PostgreSQL, the write
            # lock of BEGIN IMMEDIATE on SQLite — no two answers read the same ratings.
            learner = connection.execute(_LEARNER_RATING_LOCKED, {"learner": learner_id}).first()
            if learner is None:
                raise ProgressError("db.no_learner")
            before = _learner_rating(learner)
            tried = connection.execute(_TRIED_PUZZLE, {
                "learner": learner_id, "puzzle": answer.puzzle_id}).scalar() or 0
            rated = rated_mode and tried == 0
            if rated:  # the puzzle's first rating is created race-free, then locked
                _insert_if_missing(connection, PuzzleRating, puzzle_id=answer.puzzle_id,
                                   rating=start.rating, rd=start.rd,
                                   volatility=start.volatility, attempts=0, solved=0)
            stored = connection.execute(_PUZZLE_RATING_LOCKED,
                                        {"puzzle": answer.puzzle_id}).first()
            puzzle_before = start if stored is None else Rating(stored.rating, stored.rd,
                                                                stored.volatility)
            after, puzzle_after = before, puzzle_before
            if rated:
                after, puzzle_after = rate(before, puzzle_before, answer.correct)
                connection.execute(update(Learner).where(Learner.id == learner_id).values(
                    rating=after.rating, rd=after.rd, volatility=after.volatility))
                connection.execute(insert(RatingHistory).values(
                    learner_id=learner_id, rating=after.rating, rd=after.rd,
                    volatility=after.volatility))
                connection.execute(update(PuzzleRating).where(
                    PuzzleRating.puzzle_id == answer.puzzle_id).values(
                    rating=puzzle_after.rating, rd=puzzle_after.rd,
                    volatility=puzzle_after.volatility,
                    attempts=func.coalesce(PuzzleRating.attempts, 0) + 1,
                    solved=func.coalesce(PuzzleRating.solved, 0) + (1 if answer.correct else 0)))
            mode = answer.mode if rated or not rated_mode else "practice"
            connection.execute(NEW_ANSWER, answer_values(
                learner_id, context="puzzle", item=answer.puzzle_id, question=answer.question,
                answer=answer.answer, expected=answer.expected, correct=answer.correct,
                seconds=answer.seconds, rule_ids=answer.rule_ids, skill=answer.skill,
                themes=answer.themes, mode=mode, run=answer.run,
                rating_before=before.rating if rated else None,
                rating_after=after.rating if rated else None, level=None))
            return RatedAttempt(rated, before, after, puzzle_before, puzzle_after)

    def puzzles(self) -> dict[str, PuzzleStanding]:
        with Session(self.engine) as session:
            return {row.puzzle_id: _rating_entry(row)
                    for row in session.scalars(select(PuzzleRating))}

    def puzzles_near(self, target: float, span: float
                            ) -> dict[str, PuzzleStanding]:
        """The stored ratings within ``span`` points of ``target`` (read by index; an infinite
        span reads them all)."""
        query = _PUZZLE_RATINGS
        if math.isfinite(span):
            query = query.where(PuzzleRating.rating.between(target - span, target + span))
        with self.engine.connect() as connection:
            return {row.puzzle_id: _rating_entry(row) for row in connection.execute(query)}

    def puzzles_of(self, puzzle_ids: list[str]) -> dict[str, PuzzleStanding]:
        """The stored ratings of these puzzles only (rating, attempts, solved)."""
        wanted = sorted(set(puzzle_ids))
        found: dict[str, PuzzleStanding] = {}
        with self.engine.connect() as connection:
            for start in range(0, len(wanted), 500):  # bounded IN lists
                query = _PUZZLE_RATINGS.where(
                    PuzzleRating.puzzle_id.in_(wanted[start:start + 500]))
                found.update((row.puzzle_id, _rating_entry(row))
                             for row in connection.execute(query))
        return found
