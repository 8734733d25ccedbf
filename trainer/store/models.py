"""The progress schema (SQLAlchemy 2 ORM). Every change goes through an Alembic revision in
``trainer/store/migrations/versions`` (a drift test fails when the two disagree)."""

from __future__ import annotations

from datetime import UTC, datetime

from sqlalchemy import Boolean, DateTime, Float, ForeignKey, Index, Integer, String, Text, UniqueConstraint
from sqlalchemy.orm import DeclarativeBase, Mapped, MappedColumn, mapped_column


def now() -> datetime:
    return datetime.now(UTC)


def stamped(*, onupdate: bool = False) -> MappedColumn[datetime]:
    """A moment the store writes itself: now, in UTC, when the row is added (and, with
    ``onupdate``, on every change of it)."""
    return mapped_column(DateTime(timezone=True), default=now, onupdate=now if onupdate else None)


class Base(DeclarativeBase):
    pass


class LearnerRow:
    """A row of one learner's: its own key ``id`` and the learner's, the table's first two
    columns (``sort_order``: a mixin's columns would otherwise come last). ``learner_id`` has no
    index of its own: the table's unique constraint or index begins with it and serves."""

    id: Mapped[int] = mapped_column(Integer, primary_key=True, sort_order=-2)
    learner_id: Mapped[int] = mapped_column(ForeignKey("learners.id"), nullable=False,
                                            sort_order=-1)


class IndexedLearnerRow(LearnerRow):
    """A row of one learner's whose ``learner_id`` has an index of its own
    (``ix_<table>_learner_id``), to read one learner's rows."""

    learner_id: Mapped[int] = mapped_column(ForeignKey("learners.id"), nullable=False, index=True,
                                            sort_order=-1)


class Learner(Base):
    """A learner profile: a name, and a password only if the learner chose one. ``public_id`` is
    what URLs and the browser carry: random, never the row id."""

    __tablename__ = "learners"
    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    name: Mapped[str] = mapped_column(String(80), unique=True, nullable=False)
    name_skeleton: Mapped[str] = mapped_column(String(160), nullable=False, index=True)
    """What the name looks like (``trainer.store.names.stored_skeleton``): lookalikes are one
    name, found through this index. Not unique: databases from before it may hold two."""
    public_id: Mapped[str] = mapped_column(String(32), unique=True, nullable=False)
    password_hash: Mapped[str | None] = mapped_column(String(255), nullable=True)
    """An argon2id hash; ``None`` for an open profile (whoever has its link may use it)."""
    identity: Mapped[str | None] = mapped_column(String(512), unique=True, nullable=True)
    """For a profile made by signing in with an OIDC provider: its issuer and subject."""
    created_at: Mapped[datetime] = stamped()
    language: Mapped[str] = mapped_column(String(8), default="en")
    rules_json: Mapped[str] = mapped_column(Text, default="{}")
    rating: Mapped[float] = mapped_column(Float, default=1500.0)
    rd: Mapped[float] = mapped_column(Float, default=350.0)
    volatility: Mapped[float] = mapped_column(Float, default=0.06)
    play_json: Mapped[str] = mapped_column(Text, default="{}")
    """Play settings (hints, pace) as JSON: part of the profile, on every device."""


class LessonProgress(IndexedLearnerRow, Base):
    """Where a learner is in a lesson (the run in progress), and the best stars earned."""

    __tablename__ = "lesson_progress"
    __table_args__ = (UniqueConstraint("learner_id", "lesson_id"),)
    lesson_id: Mapped[str] = mapped_column(String(64), nullable=False)
    step: Mapped[int] = mapped_column(Integer, default=0)
    mistakes: Mapped[int] = mapped_column(Integer, default=0)
    completed: Mapped[bool] = mapped_column(Boolean, default=False)
    best_stars: Mapped[int] = mapped_column(Integer, default=0)
    times_completed: Mapped[int] = mapped_column(Integer, default=0)
    updated_at: Mapped[datetime] = stamped(onupdate=True)
    run_json: Mapped[str] = mapped_column(Text, default="")
    """The run in progress (``trainer.lessons.run.LessonRun``), kept after every answer."""


class AnswerRecord(IndexedLearnerRow, Base):
    """Every answer ever given: what was asked, the answer, right or wrong, time taken."""

    __tablename__ = "answers"
    __table_args__ = (Index("ix_answers_learner_mode", "learner_id", "mode"),
                      Index("ix_answers_learner_context", "learner_id", "context"),
                      Index("ix_answers_learner_correct", "learner_id", "correct"),
                      Index("ix_answers_learner_context_mode_time", "learner_id", "context",
                            "mode", "created_at"),
                      Index("ix_answers_learner_time", "learner_id", "created_at"))
    context: Mapped[str] = mapped_column(String(32), nullable=False)
    item: Mapped[str] = mapped_column(String(128), nullable=False)
    question: Mapped[str] = mapped_column(Text, nullable=False)
    answer: Mapped[str] = mapped_column(Text, nullable=False)
    expected: Mapped[str] = mapped_column(Text, nullable=False)
    correct: Mapped[bool] = mapped_column(Boolean, nullable=False)
    seconds: Mapped[float] = mapped_column(Float, nullable=False)
    rule_ids: Mapped[str] = mapped_column(Text, default="[]")
    """The rule ids the answer cites, a JSON array (:mod:`trainer.store.lists`)."""
    created_at: Mapped[datetime] = stamped()
    skill: Mapped[str] = mapped_column(String(32), default="")
    themes: Mapped[str] = mapped_column(Text, default="[]")
    """The puzzle's themes, a JSON array."""
    mode: Mapped[str] = mapped_column(String(32), default="")
    run: Mapped[str] = mapped_column(String(64), default="")
    rating_before: Mapped[float | None] = mapped_column(Float, nullable=True)
    rating_after: Mapped[float | None] = mapped_column(Float, nullable=True)
    level: Mapped[int | None] = mapped_column(Integer, nullable=True)
    """A drill item's size level (1–9); none for other answers."""


class RatingHistory(IndexedLearnerRow, Base):
    """The learner's Glicko-2 rating after each rated answer."""

    __tablename__ = "rating_history"
    rating: Mapped[float] = mapped_column(Float, nullable=False)
    rd: Mapped[float] = mapped_column(Float, nullable=False)
    volatility: Mapped[float] = mapped_column(Float, nullable=False)
    created_at: Mapped[datetime] = stamped()


class PuzzleRating(Base):
    """Each puzzle's Glicko-2 rating, moved by learners' attempts (a game against the puzzle)."""

    __tablename__ = "puzzle_ratings"
    puzzle_id: Mapped[str] = mapped_column(String(40), primary_key=True)
    rating: Mapped[float] = mapped_column(Float, nullable=False, index=True)
    rd: Mapped[float] = mapped_column(Float, nullable=False)
    volatility: Mapped[float] = mapped_column(Float, nullable=False)
    attempts: Mapped[int] = mapped_column(Integer, default=0)
    solved: Mapped[int] = mapped_column(Integer, default=0)


class ReviewItem(IndexedLearnerRow, Base):
    """A small fact under FSRS scheduling for one learner."""

    __tablename__ = "review_items"
    __table_args__ = (UniqueConstraint("learner_id", "fact"),)
    fact: Mapped[str] = mapped_column(String(40), nullable=False)
    card_json: Mapped[str] = mapped_column(Text, nullable=False)
    due: Mapped[datetime] = mapped_column(DateTime(timezone=True), nullable=False)


class StoredReplay(IndexedLearnerRow, Base):
    """A finished hand the learner played, as its replay JSON (FORMAT of ``Replay.to_json``)."""

    __tablename__ = "replays"
    replay_json: Mapped[str] = mapped_column(Text, nullable=False)
    outcome: Mapped[str] = mapped_column(String(64), default="")
    created_at: Mapped[datetime] = stamped()


class CoachReview(LearnerRow, Base):
    """The coach's review of a hand the learner played (``PricedHand.dumps``), by the hand's
    replay key, so the search behind it runs once per hand."""

    __tablename__ = "coach_reviews"
    __table_args__ = (UniqueConstraint("learner_id", "replay_key"),)
    replay_key: Mapped[str] = mapped_column(String(64), nullable=False)
    """SHA-256 of the seat and the replay's JSON."""
    review_json: Mapped[str] = mapped_column(Text, nullable=False)
    created_at: Mapped[datetime] = stamped()


class OwnPuzzle(IndexedLearnerRow, Base):
    """A puzzle made from a flagged moment of the learner's own hand (their review set)."""

    __tablename__ = "own_puzzles"
    __table_args__ = (UniqueConstraint("learner_id", "puzzle_id"),)
    puzzle_id: Mapped[str] = mapped_column(String(40), nullable=False)
    puzzle_json: Mapped[str] = mapped_column(Text, nullable=False)
    created_at: Mapped[datetime] = stamped()


class PlayTable(Base):
    """A learner's match at the Play table, saved after every action. ``move`` counts the saved
    changes: a write carrying an older number is refused (another tab moved on)."""

    __tablename__ = "play_tables"
    learner_id: Mapped[int] = mapped_column(ForeignKey("learners.id"), primary_key=True)
    state_json: Mapped[str] = mapped_column(Text, nullable=False)
    move: Mapped[int] = mapped_column(Integer, nullable=False)
    updated_at: Mapped[datetime] = stamped()


class SignInSession(IndexedLearnerRow, Base):
    """A signed-in browser of a profile with a password: only the SHA-256 of its random token is
    kept, with an expiry; signing out revokes it."""

    __tablename__ = "sign_in_sessions"
    token_hash: Mapped[str] = mapped_column(String(64), unique=True, nullable=False)
    created_at: Mapped[datetime] = stamped()
    expires_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), nullable=False)
    revoked: Mapped[bool] = mapped_column(Boolean, nullable=False, default=False)


class RateLimit(Base):
    """How often something was tried lately, for sign-in and profile creation
    (``trainer.store.throttle``): a count that leaks away with time and, past a few, a moment
    before which the next try is refused. ``key`` is the SHA-256 of what is counted (a name's
    skeleton, a client address), so neither is stored."""

    __tablename__ = "rate_limits"
    key: Mapped[str] = mapped_column(String(64), primary_key=True)
    count: Mapped[float] = mapped_column(Float, nullable=False)
    blocked_until: Mapped[datetime | None] = mapped_column(DateTime(timezone=True),
                                                           nullable=True)
    updated_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), nullable=False,
                                                 index=True)


class HintAsk(LearnerRow, Base):
    """The learner asked for more help before answering a question (issue 32: hints fade with
    mastery; asking is recorded): where (``context`` and ``item``, as its answers are stored),
    the skill, and the help level the ask brought it to."""

    __tablename__ = "hint_asks"
    __table_args__ = (Index("ix_hint_asks_item", "learner_id", "context", "item"),)
    context: Mapped[str] = mapped_column(String(32), nullable=False)
    item: Mapped[str] = mapped_column(String(200), nullable=False)
    skill: Mapped[str] = mapped_column(String(32), nullable=False)
    level: Mapped[int] = mapped_column(Integer, nullable=False)
    created_at: Mapped[datetime] = stamped()


class ReviewChoice(LearnerRow, Base):
    """A skill whose fact reviews (FSRS) the learner turned on or off (issue 32: reviews on the
    learner's terms — visible and opt-in per skill). No row: off."""

    __tablename__ = "review_choices"
    __table_args__ = (UniqueConstraint("learner_id", "skill"),)
    skill: Mapped[str] = mapped_column(String(32), nullable=False)
    enabled: Mapped[bool] = mapped_column(Boolean, nullable=False)
    updated_at: Mapped[datetime] = stamped()
