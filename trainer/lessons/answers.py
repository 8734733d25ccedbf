"""Typed answers to lesson tasks: the cards tapped, a number, a choice, or a move at the table.
What a task asks for (its :class:`Shape`) is stated to the learner through the task's
instruction, a catalog key."""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass
from enum import StrEnum

from trainer.engine.game.actions import ActionKind


class Shape(StrEnum):
    """The shape of an answer, as the instruction announces it."""

    ALL_CARDS = "all_cards"
    """Tap every card that …: graded as a set."""
    ONE_CARD = "one_card"
    """Tap the one card that …"""
    NUMBER = "number"
    CHOICE = "choice"
    """One of the options (yes/no, a seat, a case …)."""
    MOVE = "move"
    """Make a move at the table (chi, pong, kong, lay down, win, discard)."""


@dataclass(frozen=True, slots=True)
class CardsAnswer:
    """The positions, in the cards shown, of the cards tapped."""

    indices: frozenset[int]


@dataclass(frozen=True, slots=True)
class NumberAnswer:
    value: int


NUMBER_LIMIT = 9999
"""The largest number an answer is typed as: more than any total, share or fan asked."""


class NumberProblem(StrEnum):
    """Why a typed text is no number answer; the value ends the catalog key that says it."""

    EMPTY = "empty"
    NOT_WHOLE = "not_whole"
    NEGATIVE = "negative"
    TOO_LARGE = "too_large"
    NOT_A_NUMBER = "not_a_number"


def read_number(text: str) -> NumberAnswer | NumberProblem:
    """A typed answer read as a whole number from 0 to :data:`NUMBER_LIMIT` (full-width
    digits, as a Chinese keyboard types them, too), or why it is none — never cut or rounded
    into another answer.

    >>> read_number(" １２ "), read_number("2.5"), read_number("-3"), read_number("")
    (NumberAnswer(value=12), <NumberProblem.NOT_WHOLE: 'not_whole'>, \
<NumberProblem.NEGATIVE: 'negative'>, <NumberProblem.EMPTY: 'empty'>)
    >>> read_number("twelve"), read_number("12345"), read_number("\N{MINUS SIGN}3")
    (<NumberProblem.NOT_A_NUMBER: 'not_a_number'>, <NumberProblem.TOO_LARGE: 'too_large'>, \
<NumberProblem.NEGATIVE: 'negative'>)
    >>> read_number("1,000"), read_number("0012"), read_number("9" * 5000)
    (NumberAnswer(value=1000), NumberAnswer(value=12), <NumberProblem.TOO_LARGE: 'too_large'>)
    """
    typed = unicodedata.normalize("NFKC", text).strip().replace("\N{MINUS SIGN}", "-")
    if re.fullmatch(r"[+-]?\d{1,3}(,\d{3})+", typed):  # 1,000: thousands, not a fraction
        typed = typed.replace(",", "")
    if not typed:
        return NumberProblem.EMPTY
    if re.fullmatch(r"[+-]?\d*[.,]\d+|[+-]?\d+[.,]", typed):
        return NumberProblem.NOT_WHOLE
    if not re.fullmatch(r"[+-]?\d+", typed):
        return NumberProblem.NOT_A_NUMBER
    if len(typed.lstrip("+-").lstrip("0")) > len(str(NUMBER_LIMIT)):  # before int(): no
        return NumberProblem.TOO_LARGE  # 5,000 digits to convert from a crafted request
    value = int(typed)
    if value < 0:
        return NumberProblem.NEGATIVE
    return NumberAnswer(value) if value <= NUMBER_LIMIT else NumberProblem.TOO_LARGE


@dataclass(frozen=True, slots=True)
class ChoiceAnswer:
    value: str


@dataclass(frozen=True, slots=True)
class MoveAnswer:
    """A move at the table: what was done, with which of the learner's cards (by position)."""

    kind: ActionKind
    indices: tuple[int, ...] = ()


LessonAnswer = CardsAnswer | NumberAnswer | ChoiceAnswer | MoveAnswer


def answer_to_json(answer: LessonAnswer) -> dict[str, object]:
    """An answer as plain data (kept with the lesson run, so a reload shows the same hint)."""
    if isinstance(answer, CardsAnswer):
        return {"cards": sorted(answer.indices)}
    if isinstance(answer, NumberAnswer):
        return {"number": answer.value}
    if isinstance(answer, ChoiceAnswer):
        return {"choice": answer.value}
    return {"move": answer.kind.value, "cards": list(answer.indices)}


def answer_from_json(data: object) -> LessonAnswer | None:
    """The answer stored by :func:`answer_to_json`, or None when it cannot be read."""
    if not isinstance(data, dict):
        return None
    try:
        if "move" in data:
            return MoveAnswer(ActionKind(str(data["move"])),
                              tuple(int(i) for i in data.get("cards", [])))
        if "cards" in data:
            return CardsAnswer(frozenset(int(i) for i in data["cards"]))
        if "number" in data:
            return NumberAnswer(int(data["number"]))
        if "choice" in data:
            return ChoiceAnswer(str(data["choice"]))
    except (ValueError, TypeError):
        return None
    return None
