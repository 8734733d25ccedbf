"""The coach's reviews of the learner's hands, one row per hand (by its replay key): written once
when the background review finishes, read by every page that shows that hand's review."""

from __future__ import annotations

from sqlalchemy import Engine, select
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Session

from trainer.store.models import CoachReview


class CoachReviews:
    def __init__(self, engine: Engine, writer: Engine) -> None:
        self.engine, self.writer = engine, writer

    def get(self, learner_id: int, replay_key: str) -> str | None:
        """The stored review's JSON, or None before it is made."""
        with Session(self.engine) as session:
            return session.scalars(select(CoachReview.review_json).where(
                CoachReview.learner_id == learner_id,
                CoachReview.replay_key == replay_key)).first()

    def newest(self, learner_id: int, count: int) -> list[str]:
        """The JSON of the learner's ``count`` newest reviews, newest first."""
        with Session(self.engine) as session:
            return list(session.scalars(select(CoachReview.review_json).where(
                CoachReview.learner_id == learner_id).order_by(
                CoachReview.id.desc()).limit(count)))

    def save(self, learner_id: int, replay_key: str, review_json: str) -> None:
        """Keep a finished review; a second save of the same hand (another tab, another
        replica) keeps the first — both came from the same seeds."""
        try:
            with Session(self.writer) as session, session.begin():
                session.add(CoachReview(learner_id=learner_id, replay_key=replay_key,
                                        review_json=review_json))
        except IntegrityError:
            pass
