"""The learner's answers (the ``answers`` rows): every answer stored as it is given, read back
whole or by kind, counted in the database, and imported from a file in batches."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator
from datetime import UTC, datetime, timedelta
from typing import Any

from sqlalchemy import Engine, Row, Select, bindparam, case, func, insert, select
from sqlalchemy.orm import Session

from trainer.store import lists
from trainer.store.lesson_store import keep_run
from trainer.store.models import AnswerRecord, Learner
from trainer.store.rows import AnswerRow, KeptRun
from trainer.store.rows import aware as _aware


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


NEW_ANSWER = insert(AnswerRecord)
_NEWEST = select(func.max(AnswerRecord.id)).where(AnswerRecord.learner_id == bindparam("learner"))
_ROW_COLUMNS = [column for column in AnswerRecord.__table__.columns if column.name != "learner_id"]


def _answer_row(row: Row[Any]) -> AnswerRow:
    """A stored answer as the typed row the store hands out."""
    return AnswerRow(
        id=row.id, context=row.context, item=row.item, question=row.question,
        answer=row.answer, expected=row.expected, correct=bool(row.correct),
        seconds=float(row.seconds), rule_ids=lists.decode(row.rule_ids),
        created_at=_aware(row.created_at), skill=row.skill or "",
        themes=lists.decode(row.themes), mode=row.mode or "", run=row.run or "",
        rating_before=row.rating_before, rating_after=row.rating_after, level=row.level)


def _stored(values: dict[str, Any], learner_id: int) -> dict[str, Any]:
    """An imported answer's values as the row stores them: its lists as JSON arrays."""
    return {**values, "learner_id": learner_id,
            "rule_ids": lists.encode(values.get("rule_ids", ())),
            "themes": lists.encode(values.get("themes", ()))}


def answer_values(learner_id: int, *, context: str, item: str, question: str, answer: str,
                   expected: str, correct: bool, seconds: float, rule_ids: tuple[str, ...],
                   skill: str, themes: tuple[str, ...], mode: str, run: str,
                   rating_before: float | None, rating_after: float | None,
                   level: int | None) -> dict[str, Any]:
    """One answer as the ``answers`` row stores it: short texts cut to their columns, lists as
    JSON arrays (whole), a time never negative."""
    return dict(learner_id=learner_id, context=context, item=item[:128], question=question,
                answer=answer, expected=expected, correct=bool(correct),
                seconds=max(0.0, float(seconds)), rule_ids=lists.encode(rule_ids),
                skill=skill[:32], themes=lists.encode(themes), mode=mode[:32], run=run[:64],
                rating_before=rating_before, rating_after=rating_after, level=level)



class Answers:
    def __init__(self, engine: Engine, writer: Engine) -> None:
        self.engine, self.writer = engine, writer

    def record(self, learner_id: int, *, context: str, item: str, question: str,
                      answer: str, expected: str, correct: bool, seconds: float,
                      rule_ids: tuple[str, ...] = (), skill: str = "",
                      themes: tuple[str, ...] = (), mode: str = "", run: str = "",
                      rating_before: float | None = None,
                      rating_after: float | None = None, level: int | None = None,
                      lesson_run: KeptRun | None = None) -> int:
        """Store one answer at once, with the lesson run it moves on (``lesson_run``) in the
        same transaction; returns its id."""
        with self.writer.begin() as connection:  # after every answer: Core
            key = connection.execute(NEW_ANSWER, answer_values(
                learner_id, context=context, item=item, question=question, answer=answer,
                expected=expected, correct=correct, seconds=seconds, rule_ids=rule_ids,
                skill=skill or context, themes=themes, mode=mode, run=run,
                rating_before=rating_before, rating_after=rating_after,
                level=level)).inserted_primary_key
            assert key is not None
            if lesson_run is not None:
                keep_run(connection, learner_id, lesson_run)
            return int(key[0])

    def rows(self, learner_id: int, *, context: str | None = None,
             skill: str | None = None, mode: str | None = None,
             last: int | None = None) -> list[AnswerRow]:
        """The learner's answers, oldest first: all of them (Progress, export), or only those
        of one context / skill / mode, or only the ``last`` few — filtered in the database, so
        a long history is not read to find a handful. The one reader of answer rows."""
        query = _of_kind(select(*_ROW_COLUMNS).where(AnswerRecord.learner_id == learner_id),
                         context=context, skill=skill, mode=mode)
        with self.engine.connect() as connection:
            if last is None:
                rows = list(connection.execute(query.order_by(AnswerRecord.id)))
            else:
                rows = list(connection.execute(
                    query.order_by(AnswerRecord.id.desc()).limit(last)))
                rows.reverse()
        return [_answer_row(row) for row in rows]

    def totals(self, learner_id: int) -> tuple[int, int]:
        """(answers, right answers) of the learner, counted in the database."""
        with Session(self.engine) as session:
            total, right = session.execute(
                select(func.count(), func.coalesce(func.sum(case((AnswerRecord.correct, 1), else_=0)),
                                                   0)).where(AnswerRecord.learner_id == learner_id)).one()
            return int(total), int(right)

    def import_many(self, learner_id: int, rows: Iterable[dict[str, Any]],
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
                        fresh.append(_stored(values, learner_id))
                if fresh:
                    session.execute(insert(AnswerRecord), fresh)
                added += len(fresh)
                done += len(chunk)
                if progress is not None:
                    progress(done)
        return added

    def version(self, learner_id: int) -> int:
        """The id of the learner's newest answer (0 before the first): answers are only ever
        added — stored or imported, never edited or removed — so it changes with each one, and
        a cache of their figures is keyed by it. Read from the index on the learner alone
        (a count would read every answer: 11 ms at 100,000)."""
        with self.engine.connect() as connection:  # every kept figure asks: Core
            newest = connection.execute(_NEWEST, {"learner": learner_id}).scalar()
        return int(newest or 0)

    def count(self, learner_id: int, *, context: str | None = None,
                     mode: str | None = None, since: datetime | None = None) -> int:
        """How many answers the learner has: all, or those of one context and mode given at
        ``since`` or later — counted in the database."""
        query = _of_kind(select(func.count()).select_from(AnswerRecord).where(
            AnswerRecord.learner_id == learner_id), context=context, mode=mode)
        if since is not None:
            query = query.where(AnswerRecord.created_at >= since.astimezone(UTC))
        with Session(self.engine) as session:
            return session.scalar(query) or 0
