"""Profiles and who may open them: creating a profile, passwords, sign-in sessions.

Abuse is bounded here, below the pages, so that every way in is covered:
- **sign-in** is throttled per profile name (as it looks) and per client address
  (``trainer.store.throttle``), the try counted before the password is checked; once the back-off
  has started a try is refused from two reads, with no hashing. Every failure — no such name, a
  wrong password, an open profile — gives the same answer in the same time.
- **creation** is rate-limited per client address, and a name taken (or a lookalike of one) is
  refused in the words the learner typed, never the stored spelling: creation says no more of a
  private profile than that its name is in use, at the creation rate.
- **names** are found through their stored, indexed skeleton: one lookup at any number of
  profiles.
- **an open profile** gets a password only from its owner: a browser holding one of its sign-in
  sessions (given to the browser that made it), never from its link alone.
- **a password change** revokes every other sign-in at once, but this browser's old one only
  after the browser holds the new one (the page revokes it then: :meth:`Accounts.sign_out`).
"""

from __future__ import annotations

import hashlib
import math
import secrets
from collections.abc import Callable
from dataclasses import replace
from datetime import UTC, datetime, timedelta

from sqlalchemy import Engine, delete, select, text, update
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Session

from trainer.i18n import LANGUAGES
from trainer.store.learner_info import MAX_NAME, LearnerInfo, ProgressError, info
from trainer.store.models import Learner, SignInSession
from trainer.store.names import NameProblem, clean_name, stored_skeleton
from trainer.store.passwords import (
    MAX_PASSWORD,
    MIN_PASSWORD,
    HashingBusy,
    hash_password,
    needs_rehash,
    password_matches,
)
from trainer.store.throttle import CREATE_CLIENT, SIGN_IN_CLIENT, SIGN_IN_NAME, Counted, Throttle

SESSION_LIFETIME = timedelta(days=30)
"""How long a sign-in lasts before the learner types the password again."""


def token_hash(token: str) -> str:
    return hashlib.sha256(token.encode("utf-8", "replace")).hexdigest()


def _checked_password(password: str) -> str:
    if len(password) < MIN_PASSWORD:
        raise ProgressError("profile.password_short", min=MIN_PASSWORD)
    if len(password) > MAX_PASSWORD:
        raise ProgressError("profile.password_long", max=MAX_PASSWORD)
    return password


def _aware(moment: datetime) -> datetime:
    return moment if moment.tzinfo is not None else moment.replace(tzinfo=UTC)


def _refuse_while_waiting(throttle: Throttle, counted: list[Counted], key: str) -> None:
    wait = throttle.charge(counted)
    if wait > 0:
        raise ProgressError(key, seconds=math.ceil(wait))


def _hashed(password: str) -> str:
    try:
        return hash_password(password)
    except HashingBusy:
        raise ProgressError("guard.busy") from None


def _matches(stored: str | None, password: str) -> bool:
    try:
        return password_matches(stored, password)
    except HashingBusy:
        raise ProgressError("guard.busy") from None


class Accounts:
    """Profiles, passwords and sign-in sessions on ``engine`` (reads) and ``writer`` (writes,
    the store's BEGIN IMMEDIATE engine on SQLite)."""

    def __init__(self, engine: Engine, writer: Engine, throttle: Throttle,
                 clock: Callable[[], datetime] = lambda: datetime.now(UTC)) -> None:
        self.engine = engine
        self.writer = writer
        self.throttle = throttle
        self._clock = clock

    # -- profiles ------------------------------------------------------------------------------
    def create_learner(self, name: str, language: str = "en", password: str | None = None,
                       client: str | None = None) -> LearnerInfo:
        """A new profile; with a password it is private (opened only by signing in). Each try
        from ``client`` (an address; ``None`` for none, such as an OIDC sign-in) counts
        towards its creation limit, refused tries too."""
        try:
            cleaned = clean_name(name)
        except NameProblem as problem:
            raise ProgressError(problem.key) from None
        if not cleaned:
            raise ProgressError("profile.name_empty")
        if len(cleaned) > MAX_NAME:
            raise ProgressError("profile.name_long", max=MAX_NAME)
        if language not in LANGUAGES:
            language = "en"
        if password is not None:
            _checked_password(password)
        if client is not None:
            _refuse_while_waiting(self.throttle, [Counted(CREATE_CLIENT, client)],
                                  "guard.create_wait")
        looks = stored_skeleton(cleaned)
        if self._taken(self.engine, looks):  # before the costly hash
            raise ProgressError("profile.name_taken", name=cleaned)
        hashed = None if password is None else _hashed(password)
        with Session(self.writer) as session:
            if self.writer.dialect.name == "postgresql":
                # two creations of lookalikes at once: the second waits, then sees the first
                session.execute(text("SELECT pg_advisory_xact_lock(:key)"),
                                {"key": int.from_bytes(hashlib.sha256(looks.encode()).digest()[:8],
                                                       "big", signed=True)})
            if self._taken(session, looks):  # the same name, or one that looks the same
                raise ProgressError("profile.name_taken", name=cleaned)
            row = Learner(name=cleaned, name_skeleton=looks, language=language, rules_json="{}",
                          public_id=secrets.token_urlsafe(16), password_hash=hashed)
            session.add(row)
            try:
                session.commit()
            except IntegrityError:
                session.rollback()
                raise ProgressError("profile.name_taken", name=cleaned) from None
            return info(row)

    @staticmethod
    def _taken(where: Engine | Session, looks: str) -> bool:
        query = select(Learner.id).where(Learner.name_skeleton == looks).limit(1)
        if isinstance(where, Session):
            return where.scalar(query) is not None
        with where.connect() as connection:
            return connection.scalar(query) is not None

    def learner_for_identity(self, issuer: str, subject: str, name: str,
                             language: str = "en") -> LearnerInfo:
        """The profile of someone signed in through an OIDC provider (issuer and subject), made
        on their first visit under the name the provider gives (made unique: "Ann (2)"). Such a
        profile is private: only that sign-in opens it."""
        identity = f"{issuer}|{subject}"[:512]
        with Session(self.engine) as session:
            row = session.scalars(select(Learner).where(Learner.identity == identity)).first()
            if row is not None:
                return info(row)
        try:
            base = clean_name(name)[:MAX_NAME - 5] or "Learner"
        except NameProblem:
            base = "Learner"
        for number in range(1, 1000):
            candidate = base if number == 1 else f"{base} ({number})"
            try:
                made = self.create_learner(candidate, language)
            except ProgressError as error:
                if error.key == "profile.name_taken":
                    continue
                raise
            try:
                with Session(self.writer) as session, session.begin():
                    session.execute(update(Learner).where(Learner.id == made.id)
                                    .values(identity=identity))
            except IntegrityError:  # the same person's other tab made it first: use that one
                with Session(self.writer) as session, session.begin():
                    session.execute(delete(Learner).where(Learner.id == made.id))
                return self.learner_for_identity(issuer, subject, name, language)
            return replace(made, private=True)
        raise ProgressError("profile.name_taken", name=base)

    # -- signing in ----------------------------------------------------------------------------
    def sign_in(self, name: str, password: str, client: str | None = None
                ) -> tuple[LearnerInfo, str]:
        """Check a private profile's password and start a session: the learner and a new random
        token (only its hash is stored). A wrong name, a wrong password and an open profile all
        raise the same ``profile.sign_in_failed``, in about the same time; while the name or
        ``client`` is backing off, ``guard.sign_in_wait`` says for how long, checking nothing."""
        looks = stored_skeleton(name) if isinstance(name, str) else ""
        counted = [Counted(SIGN_IN_NAME, looks)]
        if client is not None:
            counted.append(Counted(SIGN_IN_CLIENT, client))
        _refuse_while_waiting(self.throttle, counted, "guard.sign_in_wait")
        with Session(self.engine) as session:
            row = session.scalars(select(Learner).where(
                Learner.name_skeleton == looks, Learner.password_hash.is_not(None))
                .order_by(Learner.id).limit(1)).first() if looks else None
            found = None if row is None else info(row)
            stored = None if row is None else row.password_hash
        if len(password) > MAX_PASSWORD:
            stored, password = None, password[:MAX_PASSWORD]
        if found is None or stored is None or not _matches(stored, password):
            if stored is None:
                _matches(None, password)  # the same work and time as a wrong password
            raise ProgressError("profile.sign_in_failed")
        self.throttle.forgive(counted[0], entirely=True)
        for other in counted[1:]:
            self.throttle.forgive(other)
        if needs_rehash(stored):
            self._rehash(found.id, stored, password)
        return found, self.new_session(found.id)

    def _rehash(self, learner_id: int, stored: str, password: str) -> None:
        """Replace a matching hash made with other parameters (a busy pool: next time)."""
        try:
            fresh = hash_password(password)
        except HashingBusy:
            return
        with Session(self.writer) as session, session.begin():
            session.execute(update(Learner).where(Learner.id == learner_id,
                                                  Learner.password_hash == stored)
                            .values(password_hash=fresh))

    def new_session(self, learner_id: int) -> str:
        """A new sign-in of the learner, for this browser: its random token (only the hash is
        kept). Given after a password sign-in, and to the browser that makes a profile — for an
        open one, the mark of its owner."""
        token = secrets.token_urlsafe(32)
        moment = self._clock()
        with Session(self.writer) as session, session.begin():
            session.add(SignInSession(learner_id=learner_id, token_hash=token_hash(token),
                                      created_at=moment, expires_at=moment + SESSION_LIFETIME,
                                      revoked=False))
        return token

    def learner_by_token(self, token: str) -> LearnerInfo | None:
        """The learner a sign-in token belongs to, while it is neither expired nor revoked."""
        if not isinstance(token, str) or not 0 < len(token) <= 128:
            return None
        with Session(self.engine) as session:
            found = session.scalars(select(SignInSession)
                                    .where(SignInSession.token_hash == token_hash(token))).first()
            if found is None or found.revoked or _aware(found.expires_at) <= self._clock():
                return None
            row = session.get(Learner, found.learner_id)
            return None if row is None else info(row)

    def owns(self, learner_id: int, token: str | None) -> bool:
        """Whether ``token`` is a live sign-in of this learner (for an open profile: this
        browser made it)."""
        found = self.learner_by_token(token) if token else None
        return found is not None and found.id == learner_id

    def adopt_open_profile(self, learner_id: int) -> str | None:
        """A sign-in for an open profile made before profiles had owners, for the browser that
        still holds its old cookie: given only while the profile has no live sign-in at all
        (once one browser is its owner, no other becomes one this way)."""
        now = self._clock()
        with Session(self.engine) as session:
            row = session.get(Learner, learner_id)
            if row is None or row.password_hash is not None or row.identity is not None:
                return None
            live = session.scalar(select(SignInSession.id).where(
                SignInSession.learner_id == learner_id, SignInSession.revoked.is_(False),
                SignInSession.expires_at > now).limit(1))
        return None if live is not None else self.new_session(learner_id)

    def sign_out(self, token: str) -> None:
        """Revoke one sign-in (this browser)."""
        with Session(self.writer) as session, session.begin():
            session.execute(update(SignInSession)
                            .where(SignInSession.token_hash == token_hash(token))
                            .values(revoked=True))

    def sign_out_everywhere(self, learner_id: int) -> None:
        """Revoke every sign-in of a learner (every browser and device)."""
        with Session(self.writer) as session, session.begin():
            session.execute(update(SignInSession)
                            .where(SignInSession.learner_id == learner_id)
                            .values(revoked=True))

    def sign_out_elsewhere(self, learner_id: int, keep: str) -> None:
        """Revoke every sign-in of a learner but the one whose token is ``keep``."""
        with Session(self.writer) as session, session.begin():
            session.execute(update(SignInSession)
                            .where(SignInSession.learner_id == learner_id,
                                   SignInSession.token_hash != token_hash(keep))
                            .values(revoked=True))

    def set_password(self, learner_id: int, password: str, current: str | None,
                     token: str | None = None) -> str:
        """Give a profile a (new) password, which makes it private, and return a new sign-in
        for this browser. A private profile needs its current password (wrong ones count as
        sign-in failures of its name); an open one needs ``token``, a live sign-in of it (the
        browser that made it). Every other sign-in is revoked at once, except ``token`` itself:
        the page revokes that one once the browser holds the new token."""
        checked = _checked_password(password)
        with Session(self.engine) as session:
            row = session.get(Learner, learner_id)
            if row is None:
                raise ProgressError("profile.sign_in_failed")
            old, looks = row.password_hash, row.name_skeleton
        if old is None:
            if not self.owns(learner_id, token):
                raise ProgressError("claim.not_owner")
        else:
            counted = Counted(SIGN_IN_NAME, looks)
            _refuse_while_waiting(self.throttle, [counted], "guard.sign_in_wait")
            if not _matches(old, current or ""):
                raise ProgressError("profile.password_wrong")
            self.throttle.forgive(counted, entirely=True)
        hashed = _hashed(checked)
        with Session(self.writer) as session, session.begin():
            changed = session.execute(
                update(Learner).where(Learner.id == learner_id, Learner.password_hash.is_(None)
                                      if old is None else Learner.password_hash == old)
                .values(password_hash=hashed)).rowcount  # type: ignore[attr-defined]
            if not changed:  # another tab changed it meanwhile: its password stands
                raise ProgressError("profile.password_wrong")
            others = update(SignInSession).where(SignInSession.learner_id == learner_id)
            if token:
                others = others.where(SignInSession.token_hash != token_hash(token))
            session.execute(others.values(revoked=True))
        return self.new_session(learner_id)
