"""A learner's answers summed up in the database, for the Progress page: per skill and day
(answers, right answers, median seconds), per puzzle (attempts and wins with its themes), per
set of rule ids missed, and the streak and timed records. Each is one aggregate query, so a
history of 100,000 answers is summed where it lies instead of being read row by row."""

from __future__ import annotations

from dataclasses import dataclass

from sqlalchemy import ColumnElement, Engine, Integer, and_, case, cast, func, literal, select
from sqlalchemy.orm import Session

from trainer.store import lists
from trainer.store.models import AnswerRecord


@dataclass(frozen=True)
class SkillDay:
    day: str
    """The UTC date, ``YYYY-MM-DD``."""
    skill: str
    answers: int
    right: int
    median_seconds: float


@dataclass(frozen=True)
class PuzzleResult:
    item: str
    themes: tuple[str, ...]
    attempts: int
    wins: int


def _day(engine: Engine) -> ColumnElement[str]:
    if engine.dialect.name == "postgresql":
        return func.to_char(func.timezone("UTC", AnswerRecord.created_at), "YYYY-MM-DD")
    return func.substr(AnswerRecord.created_at, 1, 10)  # SQLite keeps UTC text: "YYYY-MM-DD hh:…"


def _tenths(engine: Engine) -> ColumnElement[int]:
    """Seconds in whole tenths, rounded down (PostgreSQL's cast rounds, SQLite's truncates;
    times are never negative)."""
    if engine.dialect.name == "postgresql":
        return cast(func.floor(AnswerRecord.seconds * 10), Integer)
    return cast(AnswerRecord.seconds * 10, Integer)


def _right() -> ColumnElement[int]:
    return case((AnswerRecord.correct, 1), else_=0)


def skill_days(engine: Engine, learner_id: int) -> list[SkillDay]:
    """Answers, right answers and the median answer time per (day, skill), oldest day first.
    Times are counted in tenths of a second (rounded down) so that the median comes from a
    small histogram: the middle tenth (the mean of the two middle ones for an even count)."""
    day = _day(engine)
    tenths = _tenths(engine)
    query = (select(day, AnswerRecord.skill, tenths, func.count(), func.sum(_right()))
             .where(AnswerRecord.learner_id == learner_id)
             .group_by(day, AnswerRecord.skill, tenths).order_by(day, AnswerRecord.skill, tenths))
    groups: dict[tuple[str, str], list[tuple[int, int, int]]] = {}
    with Session(engine) as session:
        for when, skill, tenth, count, right in session.execute(query):
            groups.setdefault((str(when), str(skill)), []).append(
                (int(tenth), int(count), int(right)))
    return [SkillDay(when, skill, sum(c for _, c, _ in bins), sum(r for _, _, r in bins),
                     _median_tenths(bins) / 10)
            for (when, skill), bins in groups.items()]


def _median_tenths(bins: list[tuple[int, int, int]]) -> float:
    """The median of a histogram of (value, count, …) sorted by value."""
    size = sum(count for _, count, _ in bins)
    low, high = (size - 1) // 2, size // 2  # the middle places, counted from 0
    found: list[int] = []
    seen = 0
    for value, count, _ in bins:
        while len(found) < 2 and seen + count > (low, high)[len(found)]:
            found.append(value)
        seen += count
    return (found[0] + found[1]) / 2


def puzzle_results(engine: Engine, learner_id: int) -> list[PuzzleResult]:
    """Attempts and wins per puzzle answered (with the themes it was answered under)."""
    query = (select(AnswerRecord.item, AnswerRecord.themes, func.count(), func.sum(_right()))
             .where(AnswerRecord.learner_id == learner_id, AnswerRecord.context == "puzzle")
             .group_by(AnswerRecord.item, AnswerRecord.themes))
    with Session(engine) as session:
        return [PuzzleResult(item, lists.decode(themes),
                             int(count), int(wins))
                for item, themes, count, wins in session.execute(query)]


def missed_rules(engine: Engine, learner_id: int) -> dict[str, int]:
    """How many wrong answers cited each rule id."""
    query = (select(AnswerRecord.rule_ids, func.count())
             .where(AnswerRecord.learner_id == learner_id, AnswerRecord.correct.is_(False))
             .group_by(AnswerRecord.rule_ids))
    counts: dict[str, int] = {}
    with Session(engine) as session:
        for rule_ids, count in session.execute(query):
            for rule in lists.decode(rule_ids):
                counts[rule] = counts.get(rule, 0) + int(count)
    return counts


def best_streak(engine: Engine, learner_id: int) -> int:
    """The most right answers before the first miss, over the learner's streak runs."""
    streak = and_(AnswerRecord.learner_id == learner_id, AnswerRecord.mode == "streak")
    first_miss = (select(AnswerRecord.run.label("run"),
                         func.min(case((AnswerRecord.correct.is_(False), AnswerRecord.id))).label("miss"))
                  .where(streak).group_by(AnswerRecord.run).subquery())
    before_miss = and_(AnswerRecord.correct.is_(True),
                       (first_miss.c.miss.is_(None)) | (AnswerRecord.id < first_miss.c.miss))
    per_run = (select(func.sum(case((before_miss, 1), else_=0)).label("right"))
               .select_from(AnswerRecord).join(first_miss, first_miss.c.run == AnswerRecord.run)
               .where(streak).group_by(AnswerRecord.run).subquery())
    with Session(engine) as session:
        return int(session.scalar(select(func.coalesce(func.max(per_run.c.right), literal(0))))
                   or 0)


def best_timed(engine: Engine, learner_id: int) -> int:
    """The most right answers in one timed run."""
    per_run = (select(func.count().label("right"))
               .where(AnswerRecord.learner_id == learner_id, AnswerRecord.mode == "timed",
                      AnswerRecord.correct.is_(True))
               .group_by(AnswerRecord.run).subquery())
    with Session(engine) as session:
        return int(session.scalar(select(func.coalesce(func.max(per_run.c.right), literal(0))))
                   or 0)
