"""Two small records of what the learner asked for (issue 32): each ask for more help before an
answer (hints fade with mastery; the asks are kept, so a reload shows what was asked for and
Progress can count them), and the skills whose fact reviews the learner turned on."""

from __future__ import annotations

from datetime import UTC, datetime

from sqlalchemy import Engine, func, select, update
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Session

from trainer.store.models import HintAsk, ReviewChoice


class HintAsks:
    def __init__(self, engine: Engine, writer: Engine) -> None:
        self.engine, self.writer = engine, writer

    def record(self, learner_id: int, *, context: str, item: str, skill: str,
               level: int) -> None:
        """Keep one ask: the help at ``item`` was raised to ``level``."""
        with Session(self.writer) as session, session.begin():
            session.add(HintAsk(learner_id=learner_id, context=context, item=item[:200],
                                skill=skill, level=level))

    def count(self, learner_id: int, *, context: str, item: str) -> int:
        """How many times the learner asked for more at this item."""
        with Session(self.engine) as session:
            return session.scalar(select(func.count()).select_from(HintAsk).where(
                HintAsk.learner_id == learner_id, HintAsk.context == context,
                HintAsk.item == item[:200])) or 0

    def by_skill(self, learner_id: int) -> dict[str, int]:
        """Asks per skill, counted in the database."""
        with Session(self.engine) as session:
            rows = session.execute(select(HintAsk.skill, func.count()).where(
                HintAsk.learner_id == learner_id).group_by(HintAsk.skill))
            return {str(skill): int(count) for skill, count in rows}


class ReviewChoices:
    def __init__(self, engine: Engine, writer: Engine) -> None:
        self.engine, self.writer = engine, writer

    def enabled(self, learner_id: int) -> frozenset[str]:
        """The skills whose reviews are on (none until the learner turns one on)."""
        with Session(self.engine) as session:
            return frozenset(session.scalars(select(ReviewChoice.skill).where(
                ReviewChoice.learner_id == learner_id, ReviewChoice.enabled)))

    def set(self, learner_id: int, skill: str, enabled: bool) -> None:
        """Turn one skill's reviews on or off (kept per skill, so a choice is never lost to
        another tab's choice of another skill)."""
        for _ in range(2):  # a row another replica added first is updated on the second go
            try:
                with Session(self.writer) as session, session.begin():
                    done = session.execute(update(ReviewChoice).where(
                        ReviewChoice.learner_id == learner_id,
                        ReviewChoice.skill == skill).values(enabled=enabled,
                                                            updated_at=datetime.now(UTC)))
                    if not done.rowcount:  # type: ignore[attr-defined]
                        session.add(ReviewChoice(learner_id=learner_id, skill=skill,
                                                 enabled=enabled))
                return
            except IntegrityError:
                continue
