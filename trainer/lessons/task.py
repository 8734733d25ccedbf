"""A lesson task: what it shows, the engine's answer, how the answer is asked for, a hint for a
wrong answer drawn from the engine's own reasoning, and the full working.

Every task kind (``trainer.lessons.kinds``) builds tasks from a step's data and can make a fresh
variant of the same step — for a learner who missed it, or who repeats a stage.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

from trainer.engine import Card, Dou14Error, Meld, Message, RuleSet, parse_card, parse_cards
from trainer.engine.game.actions import ActionKind
from trainer.lessons.answers import CardsAnswer, ChoiceAnswer, LessonAnswer, MoveAnswer, NumberAnswer, Shape
from trainer.lessons.board import Board


class TaskError(ValueError):
    """A step whose data the engine cannot use; the message names the key."""


def describe(message: Message) -> str:
    """A message for a lesson author, without the catalogs: its key and figures."""
    figures = ", ".join(f"{name}={value}" for name, value in message.params
                        if isinstance(value, int | str))
    return f"{message.key} ({figures})" if figures else message.key


@dataclass(frozen=True, slots=True)
class Option:
    """One choice offered: the value graded, and its label."""

    value: str
    label: Message


Hinter = Callable[[LessonAnswer], Message]


COUNTED_ONE = "instruct.all_cards_one"
COUNTED = "instruct.all_cards"
"""The instructions that name how many cards answer ("Tap the one card …", "Tap all 3 cards
…"): see :attr:`Task.told_count`."""


@dataclass(frozen=True)
class Task:
    """One question, answered by the engine."""

    kind: str
    shape: Shape
    board: Board
    answer: LessonAnswer
    instruction: Message
    """What to do and the shape of the answer ("Tap all 3 cards that …", "Yes or no")."""
    working: tuple[Message, ...]
    """The full reasoning, shown once the answer is given or revealed."""
    rule_ids: tuple[str, ...]
    hinter: Hinter = field(compare=False, repr=False)
    options: tuple[Option, ...] = ()
    prompt: Message | None = None
    """The question for generated variants (hand-written steps bring their own words)."""
    before: Message | None = None
    """What the table did since the learner's last decision of the same hand, said above the
    question (a hand played decision by decision, where the table moves on between them)."""
    solved_board: Board | None = None
    """The table after the move asked for (move tasks: what the learner's move made)."""
    grader: Callable[[LessonAnswer], bool] | None = field(default=None, compare=False, repr=False)
    """A judge for answers that are not compared as values (a move is judged by the engine)."""
    more_working: Callable[[], tuple[Message, ...]] | None = field(default=None, compare=False,
                                                                   repr=False)
    """Working worked out only when shown (the table's deal-in chances need numpy, which a
    lesson loaded without the app's packages must not)."""
    shown_after: Callable[[LessonAnswer], Board | None] | None = field(default=None,
                                                                       compare=False, repr=False)
    """The table after a right answer that is not :attr:`answer` (a pong keeping the kong
    open, R-KONG), None where it is the :attr:`solved_board`: see :meth:`solved_for`."""
    alike_said: Callable[[LessonAnswer], Message | None] | None = field(default=None,
                                                                       compare=False, repr=False)
    """What to say of a right answer that is not :attr:`answer`, where more than "also right"
    is due (a pong where the kong is asked: the kong's first step, R-KONG)."""
    refuser: Callable[[LessonAnswer], Message | None] | None = field(default=None,
                                                                    compare=False, repr=False)
    """Why the rules refuse a press, for a task graded by values (a discard or a claim judged
    by the coach): such a press is no answer and costs no try (see :meth:`refusal`)."""
    compared: Callable[[LessonAnswer], Message | None] | None = field(default=None,
                                                                     compare=False, repr=False)
    """For a task graded by values, once the answer is shown after a miss: the one sentence that
    sets the best apart from the learner's own move, where the working does not say it already
    (each decision valued beside the best, as a review does)."""
    tried: Callable[[LessonAnswer], Message | None] | None = field(default=None, compare=False,
                                                                  repr=False)
    """For a task graded by values, answered right after a miss: the missed move's value beside
    the best's, so the right answer is seen with what the first try cost."""
    answer_class: object = field(default=None, compare=False, repr=False)
    """The case the task is an example of, where its answer alone does not say it — the kong
    case with its reason, the rule that settles a claim, the laid sets of a hand, 接地: every
    variant of its step keeps it (issue 31), see :attr:`kept_class`."""
    moves: int | None = None
    """How many distinct moves the table allows, for a move task (two make it a two-way
    question: pass or pong, win or pass): see :attr:`ways`."""

    @property
    def kept_class(self) -> object:
        """What a variant of this task keeps: :attr:`answer_class` where the kind names one,
        else a choice's answer (yes stays yes, 接地 stays 接地), else nothing."""
        if self.answer_class is not None:
            return self.answer_class
        return self.answer if isinstance(self.answer, ChoiceAnswer) else None

    @property
    def told_count(self) -> int | None:
        """How many cards the instruction says answer the question, when it says: a selection
        of another size answers something else, and is not taken as an answer."""
        if self.instruction.key == COUNTED_ONE:
            return 1
        count = self.instruction.param("count")
        return count if self.instruction.key == COUNTED and isinstance(count, int) else None

    @property
    def ways(self) -> int | None:
        """How many answers the question leaves open when they are few: its options, the
        cards of a tap-one-card question, or the distinct moves of a move task (two make a
        two-way question, where a miss leaves one answer:
        :meth:`~trainer.lessons.run.LessonRun.answer`); None when the answers are many (a set
        of cards, a number)."""
        if self.options:
            return len(self.options)
        if self.shape is Shape.ONE_CARD:
            return len(self.board.tappable)
        return self.moves if self.shape is Shape.MOVE else None

    @property
    def full_working(self) -> tuple[Message, ...]:
        """:attr:`working` and, when shown, :attr:`more_working`."""
        return self.working + (self.more_working() if self.more_working is not None else ())

    def solved_for(self, given: LessonAnswer | None) -> Board | None:
        """The table to show once the question is done: after the learner's own move when it
        was right, else after the move asked for."""
        if given is not None and self.shown_after is not None and self.is_correct(given):
            return self.shown_after(given) or self.solved_board
        return self.solved_board

    def is_correct(self, given: LessonAnswer) -> bool:
        """Graded exactly as asked: a set of cards as a set, a number, a choice; a move by the
        engine."""
        if self.grader is not None:
            return self.grader(given)
        return given == self.answer

    def refusal(self, given: LessonAnswer) -> Message | None:
        """Why ``given`` is no answer here: a number of cards other than the instruction names,
        or a move the rules refuse (with its rule) where the task asks for the best of the
        allowed moves; None for an answer to grade."""
        told = self.told_count
        if told is not None and isinstance(given, CardsAnswer) and len(given.indices) != told:
            return Message.of("lessons.tap_count", count=told)  # answers another question
        return self.refuser(given) if self.refuser is not None else None

    def hint(self, given: LessonAnswer) -> Message:
        """A hint aimed at this wrong answer: what to look at again, never the answer."""
        return self.hinter(given)

    def answer_text(self, given: LessonAnswer) -> str:
        """A stable text of an answer for the answers table: cards in notation, the number,
        the option's value, the move and its cards."""
        if isinstance(given, CardsAnswer):
            cards = self.board.tappable
            return " ".join(str(cards[i]) for i in sorted(given.indices) if i < len(cards))
        if isinstance(given, NumberAnswer):
            return str(given.value)
        if isinstance(given, ChoiceAnswer):
            return given.value
        moved = " ".join(str(self.board.hand[i]) for i in given.indices
                         if i < len(self.board.hand))
        return f"{given.kind.value} {moved}".strip()

    def read_answer(self, text: str) -> LessonAnswer | None:
        """The answer :meth:`answer_text` wrote as ``text`` (a reloaded page shows the try it
        stored, with its hint), or None where ``text`` is no answer to this task."""
        if isinstance(self.answer, NumberAnswer):
            return NumberAnswer(int(text)) if text.lstrip("-").isdecimal() else None
        if isinstance(self.answer, ChoiceAnswer):
            values = {option.value for option in self.options}
            return ChoiceAnswer(text) if not values or text in values else None
        if isinstance(self.answer, CardsAnswer):
            tapped = _positions(self.board.tappable, text.split())
            return None if tapped is None else CardsAnswer(frozenset(tapped))
        kind, _, moved = text.partition(" ")
        if kind not in {action.value for action in ActionKind}:
            return None
        used = _positions(self.board.hand, moved.split())
        return None if used is None else MoveAnswer(ActionKind(kind), used)

    @property
    def answer_size(self) -> int:
        """How many cards the answer holds (tap tasks), as the instruction names it."""
        return len(self.answer.indices) if isinstance(self.answer, CardsAnswer) else 1


def _positions(cards: tuple[Card, ...], names: list[str]) -> tuple[int, ...] | None:
    """The positions in ``cards`` of the cards named, each taken once (the first free one of
    its name), or None when one is not there."""
    taken: list[int] = []
    for name in names:
        found = next((i for i, card in enumerate(cards) if i not in taken and str(card) == name),
                     None)
        if found is None:
            return None
        taken.append(found)
    return tuple(taken)


def cards_answer(indices: set[int] | frozenset[int]) -> CardsAnswer:
    return CardsAnswer(frozenset(indices))


def yes_no(value: bool) -> ChoiceAnswer:
    return ChoiceAnswer("yes" if value else "no")


YES_NO = (Option("yes", Message.of("choice.yes")), Option("no", Message.of("choice.no")))


def number(value: int) -> NumberAnswer:
    return NumberAnswer(value)


class StepData:
    """Typed access to one step's data (from a lesson file or a generator); every error names
    the key."""

    def __init__(self, data: Mapping[str, Any]) -> None:
        self.data = data

    def has(self, key: str) -> bool:
        return key in self.data and self.data[key] not in (None, "")

    def text(self, key: str, default: str = "") -> str:
        value = self.data.get(key, default)
        if not isinstance(value, str):
            raise TaskError(f"'{key}' must be text, not {value!r}")
        return value

    def integer(self, key: str, default: int) -> int:
        value = self.data.get(key, default)
        if not isinstance(value, int) or isinstance(value, bool):
            raise TaskError(f"'{key}' must be a whole number, not {value!r}")
        return value

    def flag(self, key: str) -> bool:
        value = self.data.get(key, False)
        if not isinstance(value, bool):
            raise TaskError(f"'{key}' must be true or false, not {value!r}")
        return value

    def cards(self, key: str = "cards") -> tuple[Card, ...]:
        try:
            return parse_cards(self.text(key))
        except Dou14Error as error:
            raise TaskError(f"'{key}': {error}") from None

    def card(self, key: str = "card") -> Card:
        if not self.has(key):
            raise TaskError(f"needs '{key}'")
        try:
            return parse_card(self.text(key))
        except Dou14Error as error:
            raise TaskError(f"'{key}': {error}") from None

    def optional_card(self, key: str = "card") -> Card | None:
        return self.card(key) if self.has(key) else None

    def melds(self, key: str = "melds") -> tuple[Meld, ...]:
        value = self.data.get(key, [])
        if not isinstance(value, list) or not all(isinstance(m, str) for m in value):
            raise TaskError(f"'{key}' must be a list like [\"chi:8h,6s\", \"pong:Qh,Qs,Qd\"]")
        try:
            return tuple(Meld.parse(m) for m in value)
        except Dou14Error as error:
            raise TaskError(f"'{key}': {error}") from None

    def strings(self, key: str) -> tuple[str, ...]:
        value = self.data.get(key, [])
        if not isinstance(value, list) or not all(isinstance(m, str) for m in value):
            raise TaskError(f"'{key}' must be a list of text")
        return tuple(value)

    def rules(self) -> RuleSet:
        value = self.data.get("rules", {})
        try:
            return RuleSet.from_json(value)
        except Dou14Error as error:
            raise TaskError(f"'rules': {error}") from None

    def choice(self, key: str, allowed: tuple[str, ...], default: str) -> str:
        value = self.text(key, default)
        if value not in allowed:
            raise TaskError(f"'{key}' must be one of {', '.join(allowed)}, not {value!r}")
        return value


Builder = Callable[[StepData], Task]
Generator = Callable[[random.Random, StepData], dict[str, Any]]


@dataclass(frozen=True)
class TaskKind:
    """A kind of task: how to build one from step data, how to make a fresh variant of a step
    (new cards, same lesson point), and the data keys it reads."""

    name: str
    build: Builder
    generate: Generator
    keys: frozenset[str]
    written_first: bool = False
    """Each step is one decision of a whole hand played on as it was written (the coached hand
    of stage 16, from deal to win), so a learner's first pass shows that hand, not a variant."""
