"""Passwords of private profiles: argon2id hashes (``argon2-cffi``), never the password."""

from __future__ import annotations

from argon2 import PasswordHasher
from argon2.exceptions import InvalidHashError, VerificationError

MIN_PASSWORD = 8
MAX_PASSWORD = 256

_HASHER = PasswordHasher()


def hash_password(password: str) -> str:
    return _HASHER.hash(password)


def password_matches(stored_hash: str, password: str) -> bool:
    """True when ``password`` is the one hashed; a damaged hash matches nothing."""
    try:
        return _HASHER.verify(stored_hash, password)
    except (VerificationError, InvalidHashError):
        return False


_DUMMY_HASH = hash_password("not a password of anyone")


def spend_like_a_check(password: str) -> None:
    """Take as long as checking a real password, so a name that does not exist cannot be told
    from a wrong password by timing."""
    password_matches(_DUMMY_HASH, password)
