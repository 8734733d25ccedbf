"""Throttles for sign-in and profile creation, kept in the database so that every replica counts
the same tries.

Each thing counted (a profile name as it looks, a client address) has a count that grows by one
a try and leaks away with quiet time (one try forgiven per ``Policy.leak``). Up to
``Policy.free`` tries pass at once; past them, each try sets a moment before which the next is
refused, one second at first and doubled per try, up to ``Policy.longest_wait``. A refusal is
decided from two primary-key reads, before any password is hashed: once the back-off has started,
a guess costs the server next to nothing. A try is counted before its password is checked, so
guesses sent in parallel cannot all slip through before the first is counted; a sign-in that
succeeds gives its try back (:meth:`Throttle.forgive`).

What is counted is stored only as a SHA-256, so the table holds neither names nor addresses.
"""

from __future__ import annotations

import hashlib
import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from typing import Any

from sqlalchemy import Engine, delete, select
from sqlalchemy.orm import Session

from trainer.store.models import RateLimit


@dataclass(frozen=True)
class Policy:
    """How many tries pass at once (``free``), how fast they are forgiven (one per ``leak``),
    and the waits beyond: ``first_wait`` seconds, doubled per try, at most ``longest_wait``."""

    name: str
    free: int
    leak: timedelta
    first_wait: float = 1.0
    longest_wait: float = 900.0

    def wait_after(self, count: float) -> float:
        """The seconds before the next try once ``count`` tries are counted (0 within ``free``)."""
        over = math.ceil(count - 1e-9) - self.free
        if over <= 0:
            return 0.0
        return min(self.longest_wait, self.first_wait * 2.0 ** min(over - 1, 40))


SIGN_IN_NAME = Policy("sign-in-name", free=5, leak=timedelta(minutes=10))
"""Wrong passwords for one profile name (whatever address they come from): about six an hour
once the first five are spent."""
SIGN_IN_CLIENT = Policy("sign-in-client", free=30, leak=timedelta(minutes=1))
"""Failed sign-ins from one address (a classroom behind one router shares it): about one a
minute once thirty are spent."""
CREATE_CLIENT = Policy("create-client", free=30, leak=timedelta(minutes=2))
"""Profiles made (or refused) from one address: a class of thirty at once, then one every two
minutes."""
FORGET_AFTER = timedelta(days=1)
"""Counts untouched this long are deleted as others are written (they have leaked to nothing)."""


@dataclass(frozen=True)
class Counted:
    """One thing counted under one policy."""

    policy: Policy
    subject: str

    @property
    def key(self) -> str:
        return hashlib.sha256(f"{self.policy.name}\x00{self.subject}".encode(
            "utf-8", "replace")).hexdigest()


def _insert_if_missing(session: Session) -> Any:
    """INSERT … ON CONFLICT DO NOTHING into ``rate_limits``, in the session's dialect."""
    if session.get_bind().dialect.name == "postgresql":
        from sqlalchemy.dialects.postgresql import insert as pg_insert

        return pg_insert(RateLimit)
    from sqlalchemy.dialects.sqlite import insert as sqlite_insert

    return sqlite_insert(RateLimit)


def _aware(moment: datetime) -> datetime:
    return moment if moment.tzinfo is not None else moment.replace(tzinfo=UTC)


class Throttle:
    """The counts in ``rate_limits``: read through ``engine``, written through ``writer`` (the
    store's write engine), at the time ``clock`` says (tests hand in their own clock)."""

    def __init__(self, engine: Engine, writer: Engine,
                 clock: Callable[[], datetime] = lambda: datetime.now(UTC)) -> None:
        self._engine = engine
        self._writer = writer
        self._clock = clock

    def wait(self, counted: Sequence[Counted]) -> float:
        """Seconds until a try of all of ``counted`` would pass (0: now), read only."""
        now = self._clock()
        with Session(self._engine) as session:
            rows = {row.key: row for row in session.scalars(
                select(RateLimit).where(RateLimit.key.in_([c.key for c in counted])))}
        return max((self._blocked(rows.get(c.key), now) for c in counted), default=0.0)

    def charge(self, counted: Sequence[Counted]) -> float:
        """Count a try of each of ``counted`` and return 0 — or, while any of them is still
        waiting, count nothing and return the seconds left. The read comes first: a refusal
        takes no write lock."""
        if not counted:
            return 0.0
        waiting = self.wait(counted)
        if waiting > 0:
            return waiting
        now = self._clock()
        with Session(self._writer) as session, session.begin():
            for one in counted:  # made first, so that the lock below holds every one
                session.execute(_insert_if_missing(session).values(
                    key=one.key, count=0.0, blocked_until=None, updated_at=now)
                    .on_conflict_do_nothing())
            rows = {row.key: row for row in session.scalars(
                select(RateLimit).where(RateLimit.key.in_([c.key for c in counted]))
                .with_for_update())}
            waiting = max((self._blocked(rows.get(c.key), now) for c in counted), default=0.0)
            if waiting > 0:  # another try got here first
                return waiting
            for one in counted:
                row = rows[one.key]
                count = self._leaked(row, one.policy, now) + 1
                wait = one.policy.wait_after(count)
                row.count, row.updated_at = count, now
                row.blocked_until = now + timedelta(seconds=wait) if wait else None
            session.execute(delete(RateLimit).where(RateLimit.updated_at < now - FORGET_AFTER))
        return 0.0

    def forgive(self, counted: Counted, *, entirely: bool = False) -> None:
        """Take back one try of ``counted`` (a sign-in that succeeded), or all of them."""
        now = self._clock()
        with Session(self._writer) as session, session.begin():
            row = session.get(RateLimit, counted.key, with_for_update=True)
            if row is None:
                return
            count = 0.0 if entirely else max(0.0, self._leaked(row, counted.policy, now) - 1)
            row.count, row.updated_at = count, now
            if not counted.policy.wait_after(count):  # back within the free tries
                row.blocked_until = None

    @staticmethod
    def _blocked(row: RateLimit | None, now: datetime) -> float:
        if row is None or row.blocked_until is None:
            return 0.0
        return max(0.0, (_aware(row.blocked_until) - now).total_seconds())

    @staticmethod
    def _leaked(row: RateLimit | None, policy: Policy, now: datetime) -> float:
        """The count of ``row`` now, after the quiet time since it was written."""
        if row is None:
            return 0.0
        quiet = max(0.0, (now - _aware(row.updated_at)).total_seconds())
        return max(0.0, row.count - quiet / policy.leak.total_seconds())
