"""Typed answers to lesson tasks: the cards tapped, a number, a choice, or a move at the table.
What a task asks for (its :class:`Shape`) is stated to the learner through the task's
instruction, a catalog key."""

from __future__ import annotations

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
