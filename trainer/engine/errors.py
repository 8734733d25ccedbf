"""The engine's own error types.

Every error the engine raises on bad input is a :class:`Dou14Error`, itself a ``ValueError``,
and its message quotes the input that is wrong (python-chess style).
"""

from __future__ import annotations

from enum import StrEnum


class Dou14Error(ValueError):
    """Base class of every error the engine raises on bad input.

    The text is English (the command line, the Python API); ``said`` is the same error as a
    ``trainer.engine.messages.Message`` for a page to say in the learner's language, where a
    learner can make it by typing (a meld or a position that cannot occur). It is typed
    ``object`` here only because messages import cards, which raise these errors."""

    def __init__(self, text: str, said: object | None = None) -> None:
        super().__init__(text)
        self.said = said


class NotationError(Dou14Error):
    """A card token or card list that does not follow docs/format.md's notation.

    ``token`` is the offending text and ``offset`` its 0-based character position in the input;
    ``kind`` names the problem for a translation (``shape``, ``order``, ``suit``, ``rank``,
    ``two_suits``, ``empty``, ``not_one``, ``not_text``; the message is English).
    """

    def __init__(self, token: str, offset: int, problem: str, kind: str = "") -> None:
        self.token = token
        self.offset = offset
        self.problem = problem
        self.kind = kind
        super().__init__(f"{token!r} at {offset}: {problem}")


class MeldError(Dou14Error):
    """A meld (chi pair, pong, kong, joker) whose cards do not form it (R-PAIR14, R-SET)."""


class RuleSetError(Dou14Error):
    """A house-rule option outside what docs/rules.md allows."""


class PositionPart(StrEnum):
    """A part of a position given in notation, named by :class:`PositionError` when it cannot
    be read (a page then names the box it was typed in): the hand, the melds, the card, its
    source."""

    HAND = "hand"
    MELDS = "melds"
    CARD = "card"
    SOURCE = "source"


class PositionError(Dou14Error):
    """A position (docs/format.md JSON) that cannot occur or cannot be read; ``part`` names
    the part that cannot be read, None when the parts read but cannot stand together."""

    def __init__(self, text: str, said: object | None = None,
                 part: PositionPart | None = None) -> None:
        super().__init__(text, said)
        self.part = part
