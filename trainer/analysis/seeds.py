"""A seed from public facts: the one way the analysis and the coach turn what a player can see
into a random seed, so a sampled chance or a searched value is the same for the same table and
differs only when something public differs (R-READ: nothing hidden may steer it)."""

from __future__ import annotations

import hashlib
from collections.abc import Iterable

SEPARATOR = 99
"""Marks the end of one list of card indices (0–52) and sizes before the next."""


def public_seed(parts: Iterable[int]) -> int:
    """A 64-bit seed from small numbers (0–255: card indices, sizes, seats, separators) read
    off the public table in a fixed order; :class:`ValueError` for one out of range.

    >>> public_seed([1, 2, 3]) == public_seed([1, 2, 3]) != public_seed([1, 2, 4])
    True
    """
    digest = hashlib.blake2b(bytes(parts), digest_size=8).digest()
    return int.from_bytes(digest, "big")
