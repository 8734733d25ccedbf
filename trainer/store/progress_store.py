"""The progress store: one object per database, holding a repository per concept — accounts and
sign-in, answers, ratings, lessons, Play's tables and replays, own puzzles, fact reviews, coach
reviews, hint asks and review choices — and the learner's profile rows (name, language, house
rules) itself.

Each write is its own short transaction, committed as it happens, so closing the tab or a
refresh loses nothing. Reads return plain dataclasses (``trainer.store.rows``), detached from
any session.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from datetime import UTC, datetime
from typing import Any

from sqlalchemy import Engine, bindparam, select
from sqlalchemy.orm import Session

from trainer.engine import Dou14Error, RuleSet
from trainer.i18n import LANGUAGES
from trainer.store.accounts import SESSION_LIFETIME as SESSION_LIFETIME
from trainer.store.accounts import Accounts
from trainer.store.answers import IMPORT_BATCH as IMPORT_BATCH
from trainer.store.answers import Answers
from trainer.store.answers import answer_key as answer_key
from trainer.store.coach_reviews import CoachReviews
from trainer.store.db import IMMEDIATE
from trainer.store.learner_choices import HintAsks, ReviewChoices
from trainer.store.learner_info import MAX_NAME as MAX_NAME
from trainer.store.learner_info import LearnerInfo as LearnerInfo
from trainer.store.learner_info import ProgressError as ProgressError
from trainer.store.learner_info import info
from trainer.store.lesson_store import Lessons
from trainer.store.models import Learner
from trainer.store.play_store import FactReviews, OwnPuzzles, PlayTables, Replays
from trainer.store.ratings import Ratings
from trainer.store.rows import AnswerRow as AnswerRow
from trainer.store.rows import KeptRun as KeptRun
from trainer.store.rows import LastPuzzleAnswer as LastPuzzleAnswer
from trainer.store.rows import LessonState as LessonState
from trainer.store.rows import PuzzleAnswer as PuzzleAnswer
from trainer.store.rows import RatedAttempt as RatedAttempt
from trainer.store.rows import StoredTable as StoredTable
from trainer.store.throttle import Throttle

_LEARNER_COLUMNS = (Learner.id, Learner.name, Learner.language, Learner.rules_json,
                    Learner.created_at, Learner.public_id, Learner.password_hash, Learner.identity)
# Asked on every page run: built once, so SQLAlchemy keeps its cache key (a statement built per
# call costs about a millisecond to key and compile).
_LEARNER_BY_LINK = select(*_LEARNER_COLUMNS).where(Learner.public_id == bindparam("link"))


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
        self.answers = Answers(engine, self.writer)
        """Every answer, read back whole or by kind, and imports."""
        self.ratings = Ratings(engine, self.writer)
        """The learner's and the puzzles' ratings, moved with the answers that move them."""
        self.lessons = Lessons(engine, self.writer)
        """Lesson progress, runs in progress and stars."""
        self.play = PlayTables(engine, self.writer)
        """Play's settings and the table in progress."""
        self.replays = Replays(engine, self.writer)
        """The finished hands of Play."""
        self.own_puzzles = OwnPuzzles(engine, self.writer)
        """Puzzles made from the learner's own hands."""
        self.fact_reviews = FactReviews(engine, self.writer)
        """The small facts under spaced repetition (FSRS)."""

    # -- learners ----------------------------------------------------------------------------
    def create_learner(self, name: str, language: str = "en", password: str | None = None,
                       client: str | None = None) -> LearnerInfo:
        """A new profile (``trainer.store.accounts``: rate-limited per ``client``)."""
        return self.accounts.create_learner(name, language, password, client)

    def learner(self, learner_id: int) -> LearnerInfo | None:
        with Session(self.engine) as session:
            row = session.get(Learner, learner_id)
            return None if row is None else info(row)

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
