"""The progress store: learners, their settings, lesson progress with stars, and every answer.

Each write is its own short transaction, committed as it happens, so closing the tab or a
refresh loses nothing. Methods return plain dataclasses, detached from any session.
"""

from __future__ import annotations

import json
import math
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from typing import Any, Protocol

from sqlalchemy import (
    Connection,
    Engine,
    Select,
    bindparam,
    case,
    func,
    insert,
    select,
    update,
)
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Session

from trainer.engine import Dou14Error, RuleSet
from trainer.i18n import LANGUAGES
from trainer.rating import Rating
from trainer.store.accounts import SESSION_LIFETIME as SESSION_LIFETIME
from trainer.store.accounts import Accounts
from trainer.store.coach_reviews import CoachReviews
from trainer.store.db import IMMEDIATE
from trainer.store.learner_choices import HintAsks, ReviewChoices
from trainer.store.learner_info import MAX_NAME as MAX_NAME
from trainer.store.learner_info import LearnerInfo as LearnerInfo
from trainer.store.learner_info import ProgressError as ProgressError
from trainer.store.learner_info import info
from trainer.store.models import (
    AnswerRecord,
    Base,
    Learner,
    LessonProgress,
    OwnPuzzle,
    PlayTable,
    PuzzleRating,
    RatingHistory,
    ReviewItem,
    StoredReplay,
)
from trainer.store.throttle import Throttle


@dataclass(frozen=True)
class LessonState:
    lesson_id: str
    step: int
    mistakes: int
    completed: bool
    best_stars: int
    times_completed: int
    in_progress: bool = False
    """A run of the lesson is kept to go on with (started and neither finished nor left)."""


@dataclass(frozen=True)
class AnswerRow:
    id: int
    context: str
    item: str
    question: str
    answer: str
    expected: str
    correct: bool
    seconds: float
    rule_ids: str
    created_at: datetime


@dataclass(frozen=True)
class PuzzleAnswer:
    """One answer to a puzzle, as the store keeps it."""

    puzzle_id: str
    question: str
    answer: str
    expected: str
    correct: bool
    seconds: float
    rule_ids: tuple[str, ...]
    skill: str
    themes: tuple[str, ...]
    mode: str
    run: str


@dataclass(frozen=True)
class KeptRun:
    """A lesson run in progress as the store keeps it: where the learner is, the misses."""

    lesson_id: str
    run_json: str
    step: int
    mistakes: int


@dataclass(frozen=True)
class LastPuzzleAnswer:
    """A stored puzzle answer as a reloaded page needs it: the puzzle, the answer in its stored
    notation, and the learner's rating around it when it was rated."""

    puzzle_id: str
    answer: str
    rating_before: float | None
    rating_after: float | None


@dataclass(frozen=True)
class RatedAttempt:
    """What one puzzle answer did to the ratings (unchanged when it was not rated)."""

    rated: bool
    before: Rating
    after: Rating
    puzzle_before: Rating
    puzzle_after: Rating


Rate = Callable[[Rating, Rating, bool], tuple[Rating, Rating]]


def answer_key(created: datetime, item: str, answer: str) -> tuple[str, str, str]:
    """What tells two answers apart in an import: the time (ISO 8601, UTC), item and answer."""
    return _aware(created).astimezone(UTC).isoformat(), item, answer


def _answer_keys(session: Session, learner_id: int, earliest: datetime, latest: datetime
                 ) -> set[tuple[str, str, str]]:
    """The keys of the learner's stored answers given from ``earliest`` to ``latest`` (a second
    more either side: a time stored without its microseconds compares as text on SQLite), read
    by the index on learner and time."""
    margin = timedelta(seconds=1)
    query = select(AnswerRecord.created_at, AnswerRecord.item, AnswerRecord.answer).where(
        AnswerRecord.learner_id == learner_id,
        AnswerRecord.created_at.between(_aware(earliest).astimezone(UTC) - margin,
                                  _aware(latest).astimezone(UTC) + margin))
    return {answer_key(created, item, answer) for created, item, answer in session.execute(query)}


IMPORT_BATCH = 500
"""Imported rows checked and stored at a time: what an import holds, whatever the file's size."""


def _batches(rows: Iterable[dict[str, Any]], size: int) -> Iterator[list[dict[str, Any]]]:
    chunk: list[dict[str, Any]] = []
    for values in rows:
        chunk.append(values)
        if len(chunk) >= size:
            yield chunk
            chunk = []
    if chunk:
        yield chunk


def _of_kind(query: Select[Any], *, context: str | None = None, skill: str | None = None,
             mode: str | None = None) -> Select[Any]:
    """``query`` narrowed to answers of the given context, skill and mode (each if given)."""
    for column, value in ((AnswerRecord.context, context), (AnswerRecord.skill, skill),
                          (AnswerRecord.mode, mode)):
        if value is not None:
            query = query.where(column == value)
    return query


def _aware(moment: datetime) -> datetime:
    """SQLite returns naive datetimes; everything here is UTC."""
    return moment if moment.tzinfo is not None else moment.replace(tzinfo=UTC)


_LEARNER_COLUMNS = (Learner.id, Learner.name, Learner.language, Learner.rules_json,
                    Learner.created_at, Learner.public_id, Learner.password_hash, Learner.identity)
# Statements asked on every page run or answer, built once: SQLAlchemy keeps their cache keys,
# where a statement built per call costs about a millisecond to key and compile.
_LEARNER_BY_LINK = select(*_LEARNER_COLUMNS).where(Learner.public_id == bindparam("link"))
_LESSON_PROGRESS = select(
    LessonProgress.step, LessonProgress.mistakes, LessonProgress.completed,
    LessonProgress.best_stars, LessonProgress.times_completed, LessonProgress.run_json,
).where(LessonProgress.learner_id == bindparam("learner"),
        LessonProgress.lesson_id == bindparam("lesson"))
_SAVE_LESSON_RUN = update(LessonProgress).where(
    LessonProgress.learner_id == bindparam("learner"),
    LessonProgress.lesson_id == bindparam("lesson"),
).values(step=bindparam("new_step"), mistakes=bindparam("new_mistakes"),
         run_json=bindparam("new_run"))
_NEW_ANSWER = insert(AnswerRecord)
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


def _rating_entry(row: _RatingFields) -> tuple[Rating, int, int]:
    """A stored puzzle rating as the practice code reads it: (rating, attempts, solved)."""
    return Rating(row.rating, row.rd, row.volatility), row.attempts, row.solved


class _LearnerRatingFields(Protocol):
    rating: float | None
    rd: float | None
    volatility: float | None


def _learner_rating(row: _LearnerRatingFields) -> Rating:
    """A learner's stored rating; a column never written reads as the starting value."""
    start = Rating()
    return Rating(row.rating or start.rating, row.rd or start.rd,
                  row.volatility or start.volatility)


def _answer_values(learner_id: int, *, context: str, item: str, question: str, answer: str,
                   expected: str, correct: bool, seconds: float, rule_ids: tuple[str, ...],
                   skill: str, themes: tuple[str, ...], mode: str, run: str,
                   rating_before: float | None, rating_after: float | None,
                   level: int | None) -> dict[str, Any]:
    """One answer as the ``answers`` row stores it: texts cut to their columns, lists joined,
    a time never negative."""
    return dict(learner_id=learner_id, context=context, item=item[:128], question=question,
                answer=answer, expected=expected, correct=bool(correct),
                seconds=max(0.0, float(seconds)), rule_ids=",".join(rule_ids)[:256],
                skill=skill[:32], themes=",".join(themes)[:256], mode=mode[:32], run=run[:64],
                rating_before=rating_before, rating_after=rating_after, level=level)


def _keep_run(connection: Connection, learner_id: int, kept: KeptRun) -> None:
    """The lesson's progress row updated with the run (made, the first time)."""
    changed = connection.execute(_SAVE_LESSON_RUN, {
        "learner": learner_id, "lesson": kept.lesson_id, "new_step": kept.step,
        "new_mistakes": kept.mistakes, "new_run": kept.run_json}).rowcount
    if not changed:
        connection.execute(insert(LessonProgress).values(
            learner_id=learner_id, lesson_id=kept.lesson_id, step=kept.step,
            mistakes=kept.mistakes, run_json=kept.run_json, best_stars=0, completed=False,
            times_completed=0))


def _insert_if_missing(connection: Connection, model: type[Base], **values: object) -> None:
    """INSERT … ON CONFLICT DO NOTHING, on SQLite and PostgreSQL alike."""
    if connection.dialect.name == "postgresql":
        from sqlalchemy.dialects.postgresql import insert as pg_insert

        connection.execute(pg_insert(model).values(**values).on_conflict_do_nothing())
    else:
        from sqlalchemy.dialects.sqlite import insert as sqlite_insert

        connection.execute(sqlite_insert(model).values(**values).on_conflict_do_nothing())


@dataclass(frozen=True)
class StoredTable:
    """A learner's saved Play table: the match as JSON and its move number."""

    state_json: str
    move: int


class ProgressStore:
    """All reads and writes of learner progress."""

    def __init__(self, engine: Engine,
                 clock: Callable[[], datetime] = lambda: datetime.now(UTC)) -> None:
        self.engine = engine
        self.writer = engine.execution_options(**{IMMEDIATE: True})
        """For every write: on SQLite the transaction takes the write lock when it begins
        (BEGIN IMMEDIATE), so concurrent writers wait their turn (busy timeout) instead of
        failing with "database is locked" when a read lock cannot be upgraded."""
        self.accounts = Accounts(engine, self.writer, Throttle(engine, self.writer, clock),
                                 clock)
        """Profiles, passwords and sign-ins; ``clock`` is their time (tests hand in theirs)."""
        self.coach_reviews = CoachReviews(engine, self.writer)
        """The coach's reviews of played hands."""
        self.hint_asks = HintAsks(engine, self.writer)
        """Each ask for more help before an answer."""
        self.review_choices = ReviewChoices(engine, self.writer)
        """The skills whose fact reviews the learner turned on."""

    # -- learners ----------------------------------------------------------------------------
    def create_learner(self, name: str, language: str = "en", password: str | None = None,
                       client: str | None = None) -> LearnerInfo:
        """A new profile (``trainer.store.accounts``: rate-limited per ``client``)."""
        return self.accounts.create_learner(name, language, password, client)

    def learner(self, learner_id: int) -> LearnerInfo | None:
        with Session(self.engine) as session:
            row = session.get(Learner, learner_id)
            return None if row is None else info(row)

    def learners(self) -> list[LearnerInfo]:
        """Every profile: for the command line and the tests, never for a page."""
        with Session(self.engine) as session:
            return [info(row) for row in session.scalars(select(Learner).order_by(Learner.name))]

    def learner_by_link(self, public_id: str) -> LearnerInfo | None:
        """The learner whose public id this is (``None`` for anything else, however formed)."""
        if not isinstance(public_id, str) or not 0 < len(public_id) <= 32:
            return None
        with self.engine.connect() as connection:  # every page run asks: Core, not the ORM
            row = connection.execute(_LEARNER_BY_LINK, {"link": public_id}).first()
        return None if row is None else info(row)

    def learner_for_identity(self, issuer: str, subject: str, name: str,
                             language: str = "en") -> LearnerInfo:
        return self.accounts.learner_for_identity(issuer, subject, name, language)

    # -- private profiles: passwords and sign-in sessions (trainer.store.accounts) -------------
    def sign_in(self, name: str, password: str, client: str | None = None
                ) -> tuple[LearnerInfo, str]:
        return self.accounts.sign_in(name, password, client)

    def new_session(self, learner_id: int) -> str:
        return self.accounts.new_session(learner_id)

    def learner_by_token(self, token: str) -> LearnerInfo | None:
        return self.accounts.learner_by_token(token)

    def owns(self, learner_id: int, token: str | None) -> bool:
        return self.accounts.owns(learner_id, token)

    def sign_out(self, token: str) -> None:
        self.accounts.sign_out(token)

    def sign_out_everywhere(self, learner_id: int) -> None:
        self.accounts.sign_out_everywhere(learner_id)

    def sign_out_elsewhere(self, learner_id: int, keep: str) -> None:
        self.accounts.sign_out_elsewhere(learner_id, keep)

    def set_password(self, learner_id: int, password: str, current: str | None,
                     token: str | None = None) -> str:
        return self.accounts.set_password(learner_id, password, current, token)

    def set_language(self, learner_id: int, language: str) -> None:
        if language not in LANGUAGES:
            raise ProgressError("settings.bad_language", language=language)
        with Session(self.writer) as session, session.begin():
            row = session.get(Learner, learner_id)
            if row is not None:
                row.language = language

    def set_rules(self, learner_id: int, options: dict[str, Any]) -> RuleSet:
        """Validate and store house rules; an invalid set raises and stores nothing."""
        try:
            rules = RuleSet.from_json(options)
        except Dou14Error as error:
            raise ProgressError("settings.bad_rules", error=str(error)) from None
        with Session(self.writer) as session, session.begin():
            row = session.get(Learner, learner_id)
            if row is not None:
                row.rules_json = json.dumps(rules.to_json())  # every option, as it stands
        return rules

    # -- the Play table ----------------------------------------------------------------------
    def play_settings(self, learner_id: int) -> str:
        """The learner's Play settings as stored (JSON text, "{}" when never set)."""
        with Session(self.engine) as session:
            row = session.get(Learner, learner_id)
            return "{}" if row is None else row.play_json or "{}"

    def set_play_settings(self, learner_id: int, settings_json: str) -> None:
        with Session(self.writer) as session, session.begin():
            row = session.get(Learner, learner_id)
            if row is not None:
                row.play_json = settings_json

    def play_table(self, learner_id: int) -> StoredTable | None:
        with Session(self.engine) as session:
            row = session.get(PlayTable, learner_id)
            return None if row is None else StoredTable(row.state_json, row.move)

    def save_play_table(self, learner_id: int, state_json: str, move: int,
                        expected: int | None) -> bool:
        """Save the table at ``move`` if it is still at ``expected`` (``None``: no table yet);
        False, writing nothing, when another tab got there first."""
        if expected is None:
            try:
                with Session(self.writer) as session, session.begin():
                    session.add(PlayTable(learner_id=learner_id, state_json=state_json,
                                          move=move))
            except IntegrityError:  # a table exists already: another tab made it first
                return False
            return True
        with Session(self.writer) as session, session.begin():
            done = session.execute(
                update(PlayTable)
                .where(PlayTable.learner_id == learner_id, PlayTable.move == expected)
                .values(state_json=state_json, move=move, updated_at=datetime.now(UTC)))
            return bool(done.rowcount)  # type: ignore[attr-defined]

    # -- answers -----------------------------------------------------------------------------
    def record_answer(self, learner_id: int, *, context: str, item: str, question: str,
                      answer: str, expected: str, correct: bool, seconds: float,
                      rule_ids: tuple[str, ...] = (), skill: str = "",
                      themes: tuple[str, ...] = (), mode: str = "", run: str = "",
                      rating_before: float | None = None,
                      rating_after: float | None = None, level: int | None = None,
                      lesson_run: KeptRun | None = None) -> int:
        """Store one answer at once, with the lesson run it moves on (``lesson_run``) in the
        same transaction; returns its id."""
        with self.writer.begin() as connection:  # after every answer: Core
            key = connection.execute(_NEW_ANSWER, _answer_values(
                learner_id, context=context, item=item, question=question, answer=answer,
                expected=expected, correct=correct, seconds=seconds, rule_ids=rule_ids,
                skill=skill or context, themes=themes, mode=mode, run=run,
                rating_before=rating_before, rating_after=rating_after,
                level=level)).inserted_primary_key
            assert key is not None
            if lesson_run is not None:
                _keep_run(connection, learner_id, lesson_run)
            return int(key[0])

    def answers(self, learner_id: int, context: str | None = None) -> list[AnswerRow]:
        with Session(self.engine) as session:
            query = select(AnswerRecord).where(AnswerRecord.learner_id == learner_id)
            if context is not None:
                query = query.where(AnswerRecord.context == context)
            return [AnswerRow(a.id, a.context, a.item, a.question, a.answer, a.expected,
                              a.correct, a.seconds, a.rule_ids, a.created_at)
                    for a in session.scalars(query.order_by(AnswerRecord.id))]

    def answer_rows(self, learner_id: int, *, context: str | None = None,
                    skill: str | None = None, mode: str | None = None,
                    last: int | None = None) -> list[dict[str, Any]]:
        """The learner's answers as plain dicts, oldest first: all of them (Progress, export),
        or only those of one context / skill / mode, or only the ``last`` few — filtered in the
        database, so a long history is not read to find a handful."""
        columns = [c.name for c in AnswerRecord.__table__.columns if c.name != "learner_id"]
        query = _of_kind(select(*[getattr(AnswerRecord, c) for c in columns]).where(
            AnswerRecord.learner_id == learner_id), context=context, skill=skill, mode=mode)
        with Session(self.engine) as session:
            if last is None:
                rows = list(session.execute(query.order_by(AnswerRecord.id)))
            else:
                rows = list(session.execute(query.order_by(AnswerRecord.id.desc()).limit(last)))
                rows.reverse()
            return [dict(zip(columns, row, strict=True)) for row in rows]

    def answer_totals(self, learner_id: int) -> tuple[int, int]:
        """(answers, right answers) of the learner, counted in the database."""
        with Session(self.engine) as session:
            total, right = session.execute(
                select(func.count(), func.coalesce(func.sum(case((AnswerRecord.correct, 1), else_=0)),
                                                   0)).where(AnswerRecord.learner_id == learner_id)).one()
            return int(total), int(right)

    def import_answer(self, learner_id: int, values: dict[str, Any]) -> None:
        """Store one validated, imported answer with its own time."""
        with Session(self.writer) as session, session.begin():
            session.add(AnswerRecord(learner_id=learner_id, **values))

    def import_answers(self, learner_id: int, rows: Iterable[dict[str, Any]],
                       progress: Callable[[int], object] | None = None,
                       batch: int = IMPORT_BATCH) -> int:
        """Store validated, imported answers in one transaction — all of them or none — taking
        ``rows`` (any iterable: a file read as it is stored) ``batch`` at a time, one
        multi-row statement each, so that what is held is one batch whatever the file's size;
        ``progress`` hears how many rows are done so far. A row already stored (the same time,
        item and answer: before, or earlier in this file) is skipped, found by the batch's
        times, inside the transaction with the learner's row locked (PostgreSQL; SQLite's
        write lock does it there): the same file imported twice at once — two tabs, two
        replicas — is stored once. Returns how many rows were stored."""
        added = done = 0
        with Session(self.writer) as session, session.begin():
            session.execute(select(Learner.id).where(Learner.id == learner_id)
                            .with_for_update())
            for chunk in _batches(rows, batch):
                stored = _answer_keys(session, learner_id,
                                      min(values["created_at"] for values in chunk),
                                      max(values["created_at"] for values in chunk))
                fresh = []
                for values in chunk:
                    key = answer_key(values["created_at"], values["item"], values["answer"])
                    if key not in stored:
                        stored.add(key)
                        fresh.append({**values, "learner_id": learner_id})
                if fresh:
                    session.execute(insert(AnswerRecord), fresh)
                added += len(fresh)
                done += len(chunk)
                if progress is not None:
                    progress(done)
        return added

    def answers_version(self, learner_id: int) -> tuple[int, int]:
        """How many answers the learner has and the newest one's id: changes with every answer
        stored, imported or removed (a cache of their figures is keyed by it)."""
        with self.engine.connect() as connection:
            count, newest = connection.execute(
                select(func.count(), func.max(AnswerRecord.id)).where(AnswerRecord.learner_id == learner_id)
            ).one()
        return int(count or 0), int(newest or 0)

    def answer_count(self, learner_id: int, *, context: str | None = None,
                     mode: str | None = None, since: datetime | None = None) -> int:
        """How many answers the learner has: all, or those of one context and mode given at
        ``since`` or later — counted in the database."""
        query = _of_kind(select(func.count()).select_from(AnswerRecord).where(
            AnswerRecord.learner_id == learner_id), context=context, mode=mode)
        if since is not None:
            query = query.where(AnswerRecord.created_at >= since.astimezone(UTC))
        with Session(self.engine) as session:
            return session.scalar(query) or 0

    # -- ratings ------------------------------------------------------------------------------
    def learner_rating(self, learner_id: int) -> Rating:
        with self.engine.connect() as connection:  # every puzzle shown: Core
            row = connection.execute(_LEARNER_RATING, {"learner": learner_id}).first()
        return Rating() if row is None else _learner_rating(row)

    def save_learner_rating(self, learner_id: int, rating: Rating) -> None:
        with Session(self.writer) as session, session.begin():
            row = session.get(Learner, learner_id)
            if row is not None:
                row.rating, row.rd, row.volatility = rating.rating, rating.rd, rating.volatility
                session.add(RatingHistory(learner_id=learner_id, rating=rating.rating,
                                          rd=rating.rd, volatility=rating.volatility))

    def rating_history(self, learner_id: int) -> list[tuple[datetime, float, float]]:
        with Session(self.engine) as session:
            rows = session.execute(select(RatingHistory.created_at, RatingHistory.rating,
                                          RatingHistory.rd).where(
                RatingHistory.learner_id == learner_id).order_by(RatingHistory.id))
            return [(at, rating, rd) for at, rating, rd in rows]

    def attempted_puzzles(self, learner_id: int) -> set[str]:
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

    def run_answers(self, learner_id: int, run: str) -> list[tuple[bool, datetime, float]]:
        """The puzzle answers of one run (a streak, a 3-minute run), oldest first: right or
        not, when, and the seconds taken."""
        with self.engine.connect() as connection:
            rows = connection.execute(_RUN_ANSWERS, {"learner": learner_id, "run": run})
            return [(bool(row.correct), _aware(row.created_at), float(row.seconds))
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
            connection.execute(_NEW_ANSWER, _answer_values(
                learner_id, context="puzzle", item=answer.puzzle_id, question=answer.question,
                answer=answer.answer, expected=answer.expected, correct=answer.correct,
                seconds=answer.seconds, rule_ids=answer.rule_ids, skill=answer.skill,
                themes=answer.themes, mode=mode, run=answer.run,
                rating_before=before.rating if rated else None,
                rating_after=after.rating if rated else None, level=None))
            return RatedAttempt(rated, before, after, puzzle_before, puzzle_after)

    def puzzle_ratings(self) -> dict[str, tuple[Rating, int, int]]:
        with Session(self.engine) as session:
            return {row.puzzle_id: _rating_entry(row)
                    for row in session.scalars(select(PuzzleRating))}

    def puzzle_ratings_near(self, target: float, span: float
                            ) -> dict[str, tuple[Rating, int, int]]:
        """The stored ratings within ``span`` points of ``target`` (read by index; an infinite
        span reads them all)."""
        query = _PUZZLE_RATINGS
        if math.isfinite(span):
            query = query.where(PuzzleRating.rating.between(target - span, target + span))
        with self.engine.connect() as connection:
            return {row.puzzle_id: _rating_entry(row) for row in connection.execute(query)}

    def puzzle_ratings_of(self, puzzle_ids: list[str]) -> dict[str, tuple[Rating, int, int]]:
        """The stored ratings of these puzzles only (rating, attempts, solved)."""
        wanted = sorted(set(puzzle_ids))
        found: dict[str, tuple[Rating, int, int]] = {}
        with self.engine.connect() as connection:
            for start in range(0, len(wanted), 500):  # bounded IN lists
                query = _PUZZLE_RATINGS.where(
                    PuzzleRating.puzzle_id.in_(wanted[start:start + 500]))
                found.update((row.puzzle_id, _rating_entry(row))
                             for row in connection.execute(query))
        return found

    def save_puzzle_rating(self, puzzle_id: str, rating: Rating, solved: bool) -> None:
        with Session(self.writer) as session, session.begin():
            row = session.get(PuzzleRating, puzzle_id)
            if row is None:
                row = PuzzleRating(puzzle_id=puzzle_id, attempts=0, solved=0, rating=0.0, rd=0.0,
                                   volatility=0.0)
                session.add(row)
            row.rating, row.rd, row.volatility = rating.rating, rating.rd, rating.volatility
            row.attempts = (row.attempts or 0) + 1
            row.solved = (row.solved or 0) + (1 if solved else 0)

    # -- spaced repetition --------------------------------------------------------------------
    def review_items(self, learner_id: int) -> dict[str, tuple[str, datetime]]:
        with Session(self.engine) as session:
            return {row.fact: (row.card_json, _aware(row.due)) for row in session.scalars(
                select(ReviewItem).where(ReviewItem.learner_id == learner_id))}

    def save_review(self, learner_id: int, fact: str, card_json: str, due: datetime) -> None:
        with Session(self.writer) as session, session.begin():
            row = session.scalars(select(ReviewItem).where(
                ReviewItem.learner_id == learner_id, ReviewItem.fact == fact)).first()
            if row is None:
                session.add(ReviewItem(learner_id=learner_id, fact=fact, card_json=card_json,
                                       due=due))
            else:
                row.card_json, row.due = card_json, due

    # -- replays and own puzzles ----------------------------------------------------------------
    def save_replay(self, learner_id: int, replay_json: str, outcome: str) -> int:
        with Session(self.writer) as session, session.begin():
            row = StoredReplay(learner_id=learner_id, replay_json=replay_json,
                               outcome=outcome[:64])
            session.add(row)
            session.flush()
            return row.id

    def replays(self, learner_id: int) -> list[tuple[int, datetime, str, str]]:
        with Session(self.engine) as session:
            rows = session.scalars(select(StoredReplay).where(
                StoredReplay.learner_id == learner_id).order_by(StoredReplay.id.desc()))
            return [(r.id, _aware(r.created_at), r.outcome, r.replay_json) for r in rows]

    def save_own_puzzle(self, learner_id: int, puzzle_id: str, puzzle_json: str) -> None:
        with Session(self.writer) as session, session.begin():
            exists = session.scalars(select(OwnPuzzle).where(
                OwnPuzzle.learner_id == learner_id, OwnPuzzle.puzzle_id == puzzle_id)).first()
            if exists is None:
                session.add(OwnPuzzle(learner_id=learner_id, puzzle_id=puzzle_id,
                                      puzzle_json=puzzle_json))

    def own_puzzles(self, learner_id: int) -> list[str]:
        with Session(self.engine) as session:
            return list(session.scalars(select(OwnPuzzle.puzzle_json).where(
                OwnPuzzle.learner_id == learner_id).order_by(OwnPuzzle.id)))

    # -- lessons -----------------------------------------------------------------------------
    def lesson_state(self, learner_id: int, lesson_id: str) -> LessonState:
        return self.lesson_progress(learner_id, lesson_id)[0]

    def lesson_progress(self, learner_id: int, lesson_id: str) -> tuple[LessonState, str]:
        """Where the learner is in a lesson and its run in progress ("" when none), in one
        read (a lesson page asks on every run)."""
        with self.engine.connect() as connection:
            row = connection.execute(_LESSON_PROGRESS,
                                     {"learner": learner_id, "lesson": lesson_id}).first()
        if row is None:
            return LessonState(lesson_id, 0, 0, False, 0, 0), ""
        return (LessonState(lesson_id, row.step or 0, row.mistakes or 0, bool(row.completed),
                            row.best_stars or 0, row.times_completed or 0, bool(row.run_json)),
                row.run_json or "")

    def lesson_states(self, learner_id: int) -> dict[str, LessonState]:
        with Session(self.engine) as session:
            rows = session.scalars(select(LessonProgress).where(
                LessonProgress.learner_id == learner_id))
            return {row.lesson_id: LessonState(row.lesson_id, row.step, row.mistakes,
                                               row.completed, row.best_stars,
                                               row.times_completed, bool(row.run_json))
                    for row in rows}

    def lesson_run(self, learner_id: int, lesson_id: str) -> str:
        """The stored run of a lesson in progress ("" when none)."""
        return self.lesson_progress(learner_id, lesson_id)[1]

    def save_lesson_run(self, learner_id: int, kept: KeptRun) -> None:
        """Keep the run in progress: where the learner is, and the misses so far."""
        with self.writer.begin() as connection:  # after every click in a lesson: Core
            _keep_run(connection, learner_id, kept)

    def complete_lesson(self, learner_id: int, lesson_id: str, stars: int, steps: int,
                        mistakes: int = 0) -> int:
        """Finish a run with its stars; the best stars are kept (a replay never lowers them).
        Returns the best."""
        if not 1 <= stars <= 3:
            raise ValueError(f"stars are 1 to 3, not {stars}")
        with Session(self.writer) as session, session.begin():
            row = self._progress_row(session, learner_id, lesson_id)
            if row is None:
                row = LessonProgress(learner_id=learner_id, lesson_id=lesson_id, best_stars=0,
                                     times_completed=0)
                session.add(row)
            row.step = steps
            row.mistakes = mistakes
            row.completed = True
            row.best_stars = max(row.best_stars or 0, stars)
            row.times_completed = (row.times_completed or 0) + 1
            row.run_json = ""
            return row.best_stars

    def restart_lesson(self, learner_id: int, lesson_id: str) -> None:
        self.save_lesson_run(learner_id, KeptRun(lesson_id, "", 0, 0))

    @staticmethod
    def _progress_row(session: Session, learner_id: int, lesson_id: str) -> LessonProgress | None:
        return session.scalars(select(LessonProgress).where(
            LessonProgress.learner_id == learner_id,
            LessonProgress.lesson_id == lesson_id)).first()
