"""Enough red? (R-RED, R-WIN 2): does this hand, with what it has laid down, reach the table's
red threshold — 20 with four players, 25 with three?"""

from __future__ import annotations

import random
from typing import Any

from trainer.engine import Message, RuleSet, red_total
from trainer.lessons.answers import ChoiceAnswer, LessonAnswer, Shape
from trainer.lessons.board import Board
from trainer.lessons.kinds._shared import YES_NO_INSTRUCTION, notation
from trainer.lessons.kinds.red import no_red, red_sum
from trainer.lessons.task import YES_NO, StepData, Task, TaskKind, yes_no


def red_enough(data: StepData) -> Task:
    cards = data.cards()
    melds = data.melds()
    rules = data.rules()
    everything = cards + tuple(c for m in melds for c in m.cards)
    total = red_total(everything)
    threshold = rules.red_threshold

    def hint(given: LessonAnswer) -> Message:
        said_yes = isinstance(given, ChoiceAnswer) and given.value == "yes"
        key = "hint.red_enough_less" if said_yes else "hint.red_enough_more"
        return Message.of(key, ("R-RED",), threshold=threshold)

    return Task("red_enough", Shape.CHOICE, Board(cards, melds, rules=rules),
                yes_no(total >= threshold), YES_NO_INSTRUCTION,
                (*no_red(tuple(c for c in everything if c.is_joker)),  # a joker carries no red: said
                 red_sum(everything), Message.of("lesson.red_needed", ("R-WIN",),
                                                 players=rules.players, red=threshold)),
                ("R-RED", "R-WIN"), hint, YES_NO,
                prompt=Message.of("task.red_enough.prompt", threshold=threshold,
                                  players=rules.players))


def _red_enough_variant(rng: random.Random, data: StepData) -> dict[str, Any]:
    """A real waiting hand with something laid, its red within 6 of the table's threshold."""
    from trainer.content.sampling import random_position

    rules = data.rules()
    want = rng.random() < 0.5
    while True:
        position = random_position(rng, RuleSet(), with_card=False, joker_in_hand=0.0)
        total = red_total(position.hand, position.melds)
        if position.melds and not any(c.is_joker for c in position.hand) and \
                (total >= rules.red_threshold) == want and \
                abs(total - rules.red_threshold) <= 6:
            return {"cards": notation(position.hand),
                    "melds": [str(m) for m in position.melds], "rules": rules.to_json()}


KINDS = (TaskKind("red_enough", red_enough, _red_enough_variant,
                  frozenset({"cards", "melds", "rules"})),)
