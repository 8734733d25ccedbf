"""Why a position is not a puzzle: the typed answer of every puzzle builder that declines.

The miner counts these per kind (``make puzzles`` prints the counts), so each says in a few
words what the position lacks; the values are that wording."""

from __future__ import annotations

from enum import StrEnum


class Rejection(StrEnum):
    """A builder's reason to decline a position."""

    NO_CARD = "no card on the table"
    UNREACHABLE = "unreachable"
    """No real hand reaches it (R-DECK, R-PARITY)."""
    TRIVIAL = "trivial"
    JOKER_IN_HAND = "joker in hand"
    TOO_FEW_CARDS = "too few different cards"
    HANDS_HIDDEN = "hands hidden"
    HANDS_OPEN = "hands open"
    ALL_SAFE = "every discard is safe"
    ALL_DEAL_IN = "every discard deals in"
    NO_MARGIN = "no best discard by the margin"
    SEVERAL_PROVED = "several discards are proved safe"
    NO_REAL_RISK = "no discard carries real risk"
