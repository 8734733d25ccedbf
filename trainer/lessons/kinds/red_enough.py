"""Enough red? (R-RED, R-WIN 2): does this hand, with what it has laid down, reach the table's
red threshold — 20 with four players, 25 with three?"""

from __future__ import annotations

import random
from typing import Any

from trainer.engine import Message, RuleSet, red_total
from trainer.lessons.answers import ChoiceAnswer, LessonAnswer, Shape
from trainer.lessons.board import Board
from trainer.lessons.kinds._shared import YES_NO_INSTRUCTION
from trainer.lessons.kinds.red import _red_total_variant, red_sum
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
                (red_sum(everything), Message.of("lesson.red_needed", ("R-WIN",),
                                                 players=rules.players, red=threshold)),
                ("R-RED", "R-WIN"), hint, YES_NO,
                prompt=Message.of("task.red_enough.prompt", threshold=threshold))


def _red_enough_variant(rng: random.Random, data: StepData) -> dict[str, Any]:
    rules = data.rules()
    want = rng.random() < 0.5
    for _ in range(400):
        out = _red_total_variant(rng, StepData({"melds": ["joker:X"]}))
        cards = StepData(out).cards()
        melds = StepData(out).melds()
        total = red_total(cards, melds)
        if (total >= rules.red_threshold) == want and abs(total - rules.red_threshold) <= 6:
            return {**out, "rules": rules.to_json()}
    return {**out, "rules": RuleSet().to_json()}


KINDS = (TaskKind("red_enough", red_enough, _red_enough_variant,
                  frozenset({"cards", "melds", "rules"})),)
