"""Helpers the task kinds share: drawing cards for variants, and instruction messages."""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import TypeVar

from trainer.data import data_folder
from trainer.engine import JOKER, RANKED_CARDS, Card, Dou14Error, Message, Relation, RuleSet, format_cards
from trainer.engine.messages import Param
from trainer.engine.sources import Source
from trainer.lessons.task import COUNTED, COUNTED_ONE, TaskError


def instruction_cards(what: Message, count: int) -> Message:
    """"Tap the N cards that …" (or "the one card" when N is 1): the answer's size, named."""
    if count == 1:
        return Message.of(COUNTED_ONE, what=what)
    return Message.of(COUNTED, count=count, what=what)


def instruction_every(what: Message) -> Message:
    """"Tap every card that …", the count unsaid: where how many cards answer is part of the
    reading asked for (a wait read, R-READ), naming it would give part of the answer away."""
    return Message.of("instruct.every_card", what=what)


def card_prompt(key: str, count: int, **args: Param) -> Message:
    """The question of a tap-the-cards task, in the singular when one card answers it (the
    catalog's ``<key>.prompt_one``) so the question and the instruction agree."""
    return Message.of(f"{key}.prompt_one" if count == 1 else f"{key}.prompt", (), **args)


def instruction_one(what: Message) -> Message:
    return Message.of("instruct.one_card", what=what)


def instruction_number(what: Message) -> Message:
    return Message.of("instruct.number", what=what)


def offer_words(card: Card, origin: Relation, source: Source, *, first: bool = False) -> Message:
    """Who put the card on the table, and how — "your upper player discards 7♦", "you flip 8♦
    yourself", "your upper player, the dealer, makes the first discard of the hand: 7♦": what a
    question on a claimed card depends on (R-OWN-FLIP, R-SPECIAL 接地, R-PAY)."""
    if origin is Relation.YOU:
        return Message.of("task.offer.own_flip", card=card)
    key = "first" if first else source.value
    return Message.of(f"task.offer.{key}", who=Message.of(f"seat.{origin.value}"), card=card)


def at_table(question: Message, rules: RuleSet) -> Message:
    """The question with its table size said where it is not the usual four (three players: a
    win needs 25 red, two pay a winner — R-SEAT, R-WIN, R-PAY)."""
    if rules.players == 4:
        return question
    return Message.of("task.table.at", players=rules.players, red=rules.red_threshold,
                      question=question)


YES_NO_INSTRUCTION = Message.of("instruct.yes_no")
CHOICE_INSTRUCTION = Message.of("instruct.choice")


def draw(rng: random.Random, count: int, *, exclude: Sequence[Card] = (),
         jokers: int = 0) -> list[Card]:
    """``count`` distinct ranked cards (and up to ``jokers`` jokers) not in ``exclude``."""
    pool = [card for card in RANKED_CARDS if card not in exclude]
    chosen = rng.sample(pool, count - jokers) + [JOKER] * jokers
    rng.shuffle(chosen)
    return chosen


def notation(cards: Sequence[Card]) -> str:
    return format_cards(cards)


Row = TypeVar("Row")


def read_pool(name: str, parse: Callable[[str], Row]) -> tuple[Row, ...]:
    """A shipped coach pool (``trainer/data/coach/<name>``, JSON lines), each line read by
    ``parse``; a bad line is refused naming the file and the line."""
    text = data_folder("coach").joinpath(name).read_text(encoding="utf-8")
    rows = []
    for number, line in enumerate(text.splitlines(), start=1):
        if line.strip():
            try:
                rows.append(parse(line))
            except Dou14Error as error:
                raise TaskError(f"{name} line {number}: {error}") from None
    return tuple(rows)
