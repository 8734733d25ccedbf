"""What Play keeps for a learner: their Play settings, the table in progress (saved only if no
other tab moved it first), the finished hands' replays and the puzzles made from their own hands;
and the small facts under spaced repetition."""

from __future__ import annotations

from datetime import UTC, datetime

from sqlalchemy import Engine, func, select, update
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Session

from trainer.store.models import Learner, OwnPuzzle, PlayTable, ReviewItem, StoredReplay
from trainer.store.rows import StoredTable
from trainer.store.rows import aware as _aware


class PlayTables:
    def __init__(self, engine: Engine, writer: Engine) -> None:
        self.engine, self.writer = engine, writer

    def settings(self, learner_id: int) -> str:
        """The learner's Play settings as stored (JSON text, "{}" when never set)."""
        with Session(self.engine) as session:
            row = session.get(Learner, learner_id)
            return "{}" if row is None else row.play_json or "{}"

    def set_settings(self, learner_id: int, settings_json: str) -> None:
        with Session(self.writer) as session, session.begin():
            row = session.get(Learner, learner_id)
            if row is not None:
                row.play_json = settings_json

    def table(self, learner_id: int) -> StoredTable | None:
        with Session(self.engine) as session:
            row = session.get(PlayTable, learner_id)
            return None if row is None else StoredTable(row.state_json, row.move)

    def save_table(self, learner_id: int, state_json: str, move: int,
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


class Replays:
    def __init__(self, engine: Engine, writer: Engine) -> None:
        self.engine, self.writer = engine, writer

    def save(self, learner_id: int, replay_json: str, outcome: str) -> int:
        with Session(self.writer) as session, session.begin():
            row = StoredReplay(learner_id=learner_id, replay_json=replay_json,
                               outcome=outcome[:64])
            session.add(row)
            session.flush()
            return row.id

    def all(self, learner_id: int) -> list[tuple[int, datetime, str, str]]:
        with Session(self.engine) as session:
            rows = session.scalars(select(StoredReplay).where(
                StoredReplay.learner_id == learner_id).order_by(StoredReplay.id.desc()))
            return [(r.id, _aware(r.created_at), r.outcome, r.replay_json) for r in rows]


    def count(self, learner_id: int) -> int:
        """How many hands the learner has finished, counted in the database."""
        with Session(self.engine) as session:
            return session.scalar(select(func.count()).select_from(StoredReplay).where(
                StoredReplay.learner_id == learner_id)) or 0


class OwnPuzzles:
    def __init__(self, engine: Engine, writer: Engine) -> None:
        self.engine, self.writer = engine, writer

    def save(self, learner_id: int, puzzle_id: str, puzzle_json: str) -> None:
        with Session(self.writer) as session, session.begin():
            exists = session.scalars(select(OwnPuzzle).where(
                OwnPuzzle.learner_id == learner_id, OwnPuzzle.puzzle_id == puzzle_id)).first()
            if exists is None:
                session.add(OwnPuzzle(learner_id=learner_id, puzzle_id=puzzle_id,
                                      puzzle_json=puzzle_json))

    def all(self, learner_id: int) -> list[str]:
        with Session(self.engine) as session:
            return list(session.scalars(select(OwnPuzzle.puzzle_json).where(
                OwnPuzzle.learner_id == learner_id).order_by(OwnPuzzle.id)))


class FactReviews:
    def __init__(self, engine: Engine, writer: Engine) -> None:
        self.engine, self.writer = engine, writer

    def items(self, learner_id: int) -> dict[str, tuple[str, datetime]]:
        with Session(self.engine) as session:
            return {row.fact: (row.card_json, _aware(row.due)) for row in session.scalars(
                select(ReviewItem).where(ReviewItem.learner_id == learner_id))}

    def save(self, learner_id: int, fact: str, card_json: str, due: datetime) -> None:
        with Session(self.writer) as session, session.begin():
            row = session.scalars(select(ReviewItem).where(
                ReviewItem.learner_id == learner_id, ReviewItem.fact == fact)).first()
            if row is None:
                session.add(ReviewItem(learner_id=learner_id, fact=fact, card_json=card_json,
                                       due=due))
            else:
                row.card_json, row.due = card_json, due
