"""Red points (R-RED, R-WIN 2): tap the cards that carry red, count a hand's red, the threshold."""

from __future__ import annotations

import random
from typing import Any

from trainer.engine import Card, Message, RuleSet, rank_name, red_total
from trainer.lessons.answers import CardsAnswer, LessonAnswer, NumberAnswer, Shape
from trainer.lessons.board import Board
from trainer.lessons.kinds._shapes import shape_of, waiting_like
from trainer.lessons.kinds._shared import card_prompt, draw, instruction_cards, instruction_number, notation
from trainer.lessons.task import StepData, Task, TaskKind, cards_answer, number

WHAT_RED = Message.of("task.pick_red.what")


def _red_each(cards: tuple[Card, ...]) -> tuple[Message, ...]:
    return tuple(Message.of("lesson.red_of", ("R-RED",), card=card, red=card.red) for card in cards)


def no_red(cards: tuple[Card, ...]) -> tuple[Message, ...]:
    """The cards that carry none, said once: black cards and jokers count 0 (R-RED)."""
    return (Message.of("lesson.no_red", ("R-RED",), cards=cards),) if cards else ()


def red_sum(cards: tuple[Card, ...]) -> Message:
    """"7♥ 7 + K♦ 1 = 8" over the cards that carry red (R-RED)."""
    terms = " + ".join(f"{card.symbol} {card.red}" for card in cards if card.red)
    if not terms:  # "Red: 0 = 0" said nothing: no card carries red
        return Message.of("lesson.red_sum_none", ("R-RED",))
    return Message.of("lesson.red_sum", ("R-RED",), sum=terms, red=red_total(cards))


def pick_red(data: StepData) -> Task:
    cards = data.cards()
    answer = cards_answer({i for i, card in enumerate(cards) if card.red})

    def hint(given: LessonAnswer) -> Message:
        chosen = given.indices if isinstance(given, CardsAnswer) else frozenset()
        extra = [cards[i] for i in sorted(chosen - answer.indices)]
        missed = [cards[i] for i in sorted(answer.indices - chosen)]
        if extra:
            card = extra[0]
            key = "hint.red_joker" if card.is_joker else "hint.red_black"
            return Message.of(key, ("R-RED",), card=card)
        if any(card.rank in (1, 11, 12, 13) for card in missed):
            return Message.of("hint.red_face_cards", ("R-RED",))
        return Message.of("hint.red_missed", ("R-RED",), count=len(missed))

    return Task("pick_red", Shape.ALL_CARDS, Board(cards), answer,
                instruction_cards(WHAT_RED, len(answer.indices)), _red_each(cards), ("R-RED",),
                hint, prompt=card_prompt("task.pick_red", len(answer.indices)))


def _pick_red_variant(rng: random.Random, data: StepData) -> dict[str, Any]:
    size = len(data.cards()) or 6
    while True:
        cards = draw(rng, size, jokers=1 if rng.random() < 0.4 else 0)
        reds = [c for c in cards if c.red]
        if reds and len(reds) < len(cards) and any(c.rank in (1, 11, 12, 13) for c in reds):
            return {"cards": notation(cards)}


def red_total_task(data: StepData) -> Task:
    cards = data.cards()
    melds = data.melds()
    everything = cards + tuple(c for m in melds for c in m.cards)
    total = red_total(everything)
    laid_red = red_total(melds)

    def hint(given: LessonAnswer) -> Message:
        value = given.value if isinstance(given, NumberAnswer) else total
        diff = value - total
        for card in everything:
            if card.is_red and card.rank in (1, 11, 12, 13) and diff == card.rank - 1:
                return Message.of("hint.red_face_as_rank", ("R-RED",), card=card,
                                  rank=card.rank, name=rank_name(card.rank))
        for card in everything:
            if card.is_black and diff == card.rank:
                return Message.of("hint.red_black_counted", ("R-RED",), card=card)
        if melds and diff == -laid_red:
            return Message.of("hint.red_melds_forgotten", ("R-RED",))
        for card in everything:
            if card.red and diff == -card.red:
                return Message.of("hint.red_one_left_out", ("R-RED",), count=len(everything))
        if diff > 0:
            return Message.of("hint.red_too_high", ("R-RED",))
        # laid-down cards named only where there are some (lesson 1 asks before teaching them)
        return Message.of("hint.red_too_low_melds" if melds else "hint.red_too_low", ("R-RED",))

    board = Board(cards, melds)
    dealt = len(cards) == data.rules().deal_sizes[0]  # the dealer's whole hand (R-DEAL)
    prompt = "prompt_melds" if melds else "prompt_dealt" if dealt else "prompt"
    return Task("red_total", Shape.NUMBER, board, number(total),
                instruction_number(Message.of("task.red_total.what")),
                (*_red_each(tuple(c for c in everything if c.red)),
                 *no_red(tuple(c for c in everything if not c.red)), red_sum(everything)),
                ("R-RED",), hint, prompt=Message.of(f"task.red_total.{prompt}", count=len(cards)),
                answer_class=(len(cards), shape_of(melds), laid_red > 0))


def _red_total_variant(rng: random.Random, data: StepData) -> dict[str, Any]:
    """As many cards, and laid sets of the same kinds carrying red as the step's do (a joker
    and a chi stay a joker and a chi): the laid red is what such a step teaches to count."""
    melds = data.melds()
    if not melds:
        size = len(data.cards()) or 4
        return {"cards": notation(draw(rng, size))}
    laid_red = red_total(melds) > 0
    while True:  # a hand beside laid sets is a real waiting hand: 7 − 2·s concealed cards
        position = waiting_like(rng, shape_of(melds), RuleSet())
        if (red_total(position.melds) > 0) == laid_red:
            return {"cards": notation(position.hand), "melds": [str(m) for m in position.melds]}


def red_needed(data: StepData) -> Task:
    rules = data.rules()
    other = RuleSet(players=7 - rules.players)

    def hint(given: LessonAnswer) -> Message:
        if isinstance(given, NumberAnswer) and given.value == other.red_threshold:
            return Message.of("hint.red_needed_other_table", ("R-WIN",), players=rules.players,
                              other=other.players)
        return Message.of("hint.red_needed", ("R-WIN",), players=rules.players)

    return Task("red_needed", Shape.NUMBER, Board(data.cards(), rules=rules),
                number(rules.red_threshold),
                instruction_number(Message.of("task.red_needed.what", players=rules.players)),
                (Message.of("lesson.red_needed", ("R-WIN",), players=rules.players,
                            red=rules.red_threshold),), ("R-WIN",), hint,
                prompt=Message.of("task.red_needed.prompt", players=rules.players))


def _red_needed_variant(rng: random.Random, data: StepData) -> dict[str, Any]:
    """The same table size: a re-ask of "four players" asks four players again (the only other
    case is the other question)."""
    del rng
    return {"rules": {"players": data.rules().players}}


KINDS = (
    TaskKind("pick_red", pick_red, _pick_red_variant, frozenset({"cards"})),
    TaskKind("red_total", red_total_task, _red_total_variant, frozenset({"cards", "melds"})),
    TaskKind("red_needed", red_needed, _red_needed_variant, frozenset({"rules", "cards"})),
)
