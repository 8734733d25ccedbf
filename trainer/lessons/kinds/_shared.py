"""Helpers the task kinds share: drawing cards for variants, and instruction messages."""

from __future__ import annotations

import random
from collections.abc import Sequence

from trainer.engine import JOKER, RANKED_CARDS, Card, Message, format_cards
from trainer.engine.messages import Param


def instruction_cards(what: Message, count: int) -> Message:
    """"Tap all N cards that …" (or "the one card" when N is 1): the answer's size, named."""
    if count == 1:
        return Message.of("instruct.all_cards_one", what=what)
    return Message.of("instruct.all_cards", count=count, what=what)


def card_prompt(key: str, count: int, **args: Param) -> Message:
    """The question of a tap-the-cards task, in the singular when one card answers it (the
    catalog's ``<key>.prompt_one``) so the question and the instruction agree."""
    return Message.of(f"{key}.prompt_one" if count == 1 else f"{key}.prompt", (), **args)


def instruction_one(what: Message) -> Message:
    return Message.of("instruct.one_card", what=what)


def instruction_number(what: Message) -> Message:
    return Message.of("instruct.number", what=what)


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
